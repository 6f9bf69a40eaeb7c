import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app';
import { readConfig } from '../../config';
import { importJobs } from '../../db/schema';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';
import { csv, importFile, upload, waitFor, xlsx } from './testing';

let srv: TestServer;
const s: Record<string, Session> = {};

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'driver'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

/** 500 equipment, rows 3 bad: an unknown type code, a bad meter reading, an empty fleet no. */
function fleetFile(prefix: string) {
  const rows: (string | number)[][] = [
    ['Fleet no.', 'Registration', 'Description', 'Type code', 'Cost centre code', 'Current meter', 'Tags', 'Active'],
  ];
  for (let i = 1; i <= 500; i++) {
    const n = String(i).padStart(4, '0');
    let type = 'VOL-FH16';
    let meter: string | number = 1000 + i;
    let fleet = `${prefix}-${n}`;
    if (i === 10) type = 'NO-SUCH-TYPE';
    if (i === 250) meter = 'twelve';
    if (i === 499) fleet = '';
    rows.push([fleet, `${prefix} ${n}`, `Truck ${i}`, type, 'CC01', meter, i % 2 ? `${prefix}-TAG-${n}` : '', 'yes']);
  }
  return csv(rows);
}

describe('equipment CSV import', () => {
  const prefix = 'IMP';
  let first: any;

  it('imports 497 of 500 rows and lists the 3 bad ones with their row numbers', async () => {
    first = await importFile(srv.url, s.admin, 'equipment', 'fleet.csv', fleetFile(prefix));
    expect(first).toMatchObject({
      status: 'done',
      rowsRead: 500,
      created: 497,
      updated: 0,
      unchanged: 0,
      failed: 3,
      progress: 100,
    });
    const byRow = Object.fromEntries(first.errors.map((e: any) => [e.row, e]));
    // The header is row 1, so data row i is file row i + 1.
    expect(
      Object.keys(byRow)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([11, 251, 500]);
    expect(byRow[11]).toMatchObject({ column: 'Type code', message: 'No equipment type with code NO-SUCH-TYPE' });
    expect(byRow[251]).toMatchObject({ column: 'Current meter' });
    expect(byRow[500]).toMatchObject({ column: 'Fleet no.', message: 'Fleet no. is required' });
    const list = await s.admin.get(`/api/v1/equipment?q=${prefix}-&pageSize=1`);
    expect(list.body.total).toBe(497);
    const one = await s.admin.get(`/api/v1/equipment?q=${prefix}-0001&pageSize=5`);
    expect(one.body.items[0]).toMatchObject({
      fleetNo: `${prefix}-0001`,
      typeName: 'Volvo FH16 750',
      currentMeter: 1001,
      tags: [`${prefix}-TAG-0001`],
      active: true,
    });
  });

  it('writes a result report with every row', async () => {
    const res = await fetch(`${srv.url}/api/v1/imports/${first.id}/report`, { headers: s.admin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('row,status,key,column,message');
    expect(lines).toHaveLength(501);
    expect(lines[1]).toBe(`2,created,${prefix}-0001,,`);
    expect(lines.find((l) => l.startsWith('11,'))).toBe(
      `11,failed,${prefix}-0010,Type code,No equipment type with code NO-SUCH-TYPE`,
    );
  });

  it('imports the same file again without duplicates: nothing created, everything unchanged', async () => {
    const again = await importFile(srv.url, s.admin, 'equipment', 'fleet.csv', fleetFile(prefix));
    expect(again).toMatchObject({ status: 'done', rowsRead: 500, created: 0, updated: 0, unchanged: 497, failed: 3 });
    const list = await s.admin.get(`/api/v1/equipment?q=${prefix}-&pageSize=1`);
    expect(list.body.total).toBe(497);
  });

  it('updates changed rows on the natural key and keeps what the file does not carry', async () => {
    const rows = [
      ['fleetNo', 'description'],
      [`${prefix}-0001`, 'Renamed truck'],
      [`${prefix}-0002`, 'Truck 2'],
    ];
    const done = await importFile(srv.url, s.admin, 'equipment', 'changes.csv', csv(rows));
    expect(done).toMatchObject({ created: 0, updated: 1, unchanged: 1, failed: 0 });
    const one = await s.admin.get(`/api/v1/equipment?q=${prefix}-0001&pageSize=5`);
    expect(one.body.items[0]).toMatchObject({
      description: 'Renamed truck',
      currentMeter: 1001,
      tags: [`${prefix}-TAG-0001`],
      typeName: 'Volvo FH16 750',
    });
    const audit = await s.admin.get(`/api/v1/audit-logs?f.entityId=${one.body.items[0].id}`);
    expect(audit.body.items.map((a: any) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('reports a fleet no. already used and a tag held by someone else on their columns', async () => {
    const rows = [
      ['Fleet no.', 'Registration', 'Type code', 'Tags'],
      ['DUP-1', `${prefix} 0003`, 'VOL-FH16', ''],
      ['DUP-2', '', 'VOL-FH16', `${prefix}-TAG-0001`],
    ];
    const done = await importFile(srv.url, s.admin, 'equipment', 'dups.csv', csv(rows));
    expect(done).toMatchObject({ created: 0, failed: 2 });
    expect(done.errors).toEqual([
      { row: 2, column: 'Registration', message: 'Another equipment already has this registration' },
      { row: 3, column: 'Tags', message: expect.stringContaining(`already used by equipment ${prefix}-0001`) },
    ]);
  });
});

describe('preview and mapping', () => {
  it('suggests a mapping from the headers and previews the first rows without writing', async () => {
    const file = csv([
      ['FLEET NO', 'Type', 'meter'],
      ['PRV-1', 'CAT-320', '12.5'],
      ['PRV-2', 'nope', '1'],
      ['IMP-0005', 'VOL-FH16', '2005'],
    ]);
    const up = await upload(srv.url, s.admin, 'equipment', 'p.csv', file);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ status: 'uploaded', format: 'csv', columns: ['FLEET NO', 'Type', 'meter'] });
    expect(up.body.mapping).toMatchObject({
      fleetNo: 'FLEET NO',
      typeCode: 'Type',
      meterType: 'meter',
      currentMeter: null,
    });
    const mapping = { ...up.body.mapping, meterType: null, currentMeter: 'meter' };
    const p = await s.admin.send('POST', `/api/v1/imports/${up.body.id}/preview`, { mapping });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.rows.map((r: any) => [r.row, r.status, r.key])).toEqual([
      [2, 'create', 'PRV-1'],
      [3, 'error', 'PRV-2'],
      [4, 'update', 'IMP-0005'],
    ]);
    expect(p.body.rows[1].errors).toEqual([{ column: 'Type', message: 'No equipment type with code nope' }]);
    expect(p.body.job.mapping).toMatchObject({ currentMeter: 'meter' });
    expect((await s.admin.get('/api/v1/equipment?q=PRV-1')).body.total).toBe(0);
  });

  it('refuses a bad mapping with the fields named', async () => {
    const up = await upload(
      srv.url,
      s.admin,
      'equipment',
      'm.csv',
      csv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    );
    expect(up.body.mapping.fleetNo).toBeNull();
    const r = await s.admin.send('POST', `/api/v1/imports/${up.body.id}/run`, {
      mapping: { fleetNo: null, typeCode: 'zzz', colour: 'a' },
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('bad_mapping');
    expect(Object.keys(r.body.fieldErrors).sort()).toEqual(['mapping.colour', 'mapping.fleetNo', 'mapping.typeCode']);
    expect((await s.admin.get(`/api/v1/imports/${up.body.id}`)).body.status).toBe('uploaded');
  });

  it('refuses files without a header, empty files and a second run', async () => {
    const empty = await upload(srv.url, s.admin, 'equipment', 'e.csv', '');
    expect([empty.status, empty.body.code]).toEqual([400, 'empty_file']);
    expect((await upload(srv.url, s.admin, 'equipment', 'e.csv', '\n\n')).body.code).toBe('no_header');
    const done = await importFile(
      srv.url,
      s.admin,
      'equipment',
      'one.csv',
      csv([
        ['fleetNo', 'meterType'],
        ['ONE-1', 'km'],
      ]),
    );
    const again = await s.admin.send('POST', `/api/v1/imports/${done.id}/run`, { mapping: done.mapping });
    expect(again.status).toBe(409);
  });
});

describe('CSV dialects', () => {
  it('reads a spreadsheet export: BOM, ; as delimiter, quoted cells over two lines', async () => {
    const file = '\uFEFFCode;Name;Description\r\nSEMI1;"Semi, colon";"two\r\nlines"\r\nSEMI2;Second;\r\n';
    const done = await importFile(srv.url, s.editor, 'costCentres', 'semi.csv', file);
    expect(done).toMatchObject({ columns: ['Code', 'Name', 'Description'], created: 2, failed: 0 });
    const row = (await s.editor.get('/api/v1/cost-centres?q=SEMI1')).body.items[0];
    expect(row).toMatchObject({ name: 'Semi, colon', description: 'two\r\nlines' });
  });
});

describe('XLSX', () => {
  it('imports employees from a workbook (dates, numbers and store lists)', async () => {
    const file = await xlsx([
      ['Employee number', 'Name', 'Licence expiry', 'Cost centre', 'Stores', 'FAMS24'],
      [90001, 'Ada Lovelace', new Date(Date.UTC(2027, 4, 31)), 'CC02', 'JHB01; PTA01', 'yes'],
      ['90002', 'Alan Turing', '', '', '', 'no'],
      ['90003', '', '', '', 'NOWHERE', ''],
    ]);
    const done = await importFile(srv.url, s.admin, 'employees', 'people.xlsx', file);
    expect(done).toMatchObject({ status: 'done', format: 'xlsx', created: 2, failed: 1 });
    expect(done.errors).toEqual([{ row: 4, column: 'Stores', message: 'No store with code NOWHERE' }]);
    const ada = (await s.admin.get('/api/v1/employees?q=90001')).body.items[0];
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      licenceExpiry: '2027-05-31',
      fams24Enabled: true,
      hasPin: false,
    });
    expect(ada.storeIds).toHaveLength(2);
    const again = await importFile(srv.url, s.admin, 'employees', 'people.xlsx', file);
    expect(again).toMatchObject({ created: 0, unchanged: 2, failed: 1 });
  });
});

describe('rules and tenants', () => {
  it('refuses users below editor, and targets beyond the user’s rule before reading the file', async () => {
    expect((await upload(srv.url, s.driver, 'costCentres', 'c.csv', 'code,name\nX,Y\n')).status).toBe(403);
    expect((await s.driver.get('/api/v1/imports')).status).toBe(403);
    const eq = await upload(srv.url, s.editor, 'equipment', 'e.csv', 'fleetNo\nX\n');
    expect(eq.status).toBe(403);
    expect(eq.body.message).toMatch(/famsManager/);
    expect((await upload(srv.url, s.editor, 'stores', 's.csv', 'code\nX\n')).status).toBe(403);
    const cc = await importFile(
      srv.url,
      s.editor,
      'costCentres',
      'c.csv',
      csv([
        ['code', 'name'],
        ['IMPCC1', 'Imported centre'],
      ]),
    );
    expect(cc).toMatchObject({ created: 1 });
  });

  it('keeps jobs to their account', async () => {
    const mine = await s.admin.get('/api/v1/imports?pageSize=100');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(3);
    const id = mine.body.items[0].id;
    expect((await s.stranger.get(`/api/v1/imports/${id}`)).status).toBe(404);
    expect((await s.stranger.send('POST', `/api/v1/imports/${id}/run`, { mapping: {} })).status).toBe(404);
    expect((await fetch(`${srv.url}/api/v1/imports/${id}/report`, { headers: s.stranger.headers })).status).toBe(404);
    const theirs = await s.stranger.get('/api/v1/imports?pageSize=100');
    expect(theirs.body.items.map((j: any) => j.id)).not.toContain(id);
  });
});

describe('a server that stopped mid-import', () => {
  it('shows the job as failed when the server starts again', async () => {
    const up = await upload(
      srv.url,
      s.admin,
      'costCentres',
      'c.csv',
      csv([
        ['code', 'name'],
        ['CRASH1', 'x'],
      ]),
    );
    const { eq } = await import('drizzle-orm');
    await srv.database.db.update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, up.body.id));
    const config = { ...readConfig({ DATA_DIR: srv.dataDir }), port: 0 };
    const second = await buildApp({ config, database: srv.database, log: pino({ level: 'silent' }) });
    await second.close();
    const job = await waitFor(s.admin, up.body.id);
    expect(job).toMatchObject({ status: 'failed', message: expect.stringMatching(/server stopped/) });
  });
});
