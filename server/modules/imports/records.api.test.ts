import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';
import { ingestFixture, type IngestFixture } from '../dispensing/fixture.testutil';
import { csv, importFile, upload, xlsx } from './testing';

/**
 * History records through `/DataImports` (ADR 037): dispenses, receipts and tank readings go
 * through the field-record ingest, so stock, history checks and exceptions are a device's.
 */
let srv: TestServer;
let f: IngestFixture;
const s: Record<string, Session> = {};
let code: { store: string; jhb: string; e1: string; e2: string };

const rows = async (q: ReturnType<typeof sql>) => (await srv.database.db.execute(q)).rows as Record<string, any>[];
/** A store-local day some days back (UTC stores), far from "the future" whatever the hour. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const bookStock = async (tankId: string) =>
  Number((await rows(sql`select sum(litres) as l from stock_movements where tank_id = ${tankId}`))[0].l);

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  for (const name of ['admin', 'manager', 'editor', 'driver'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  const jhb = await s.admin.send('POST', '/api/v1/stores', {
    code: `JHB${f.store.slice(0, 4)}`,
    name: 'Johannesburg depot',
    variant: 'FAMS',
    timezone: 'Africa/Johannesburg',
  });
  expect(jhb.status, JSON.stringify(jhb.body)).toBe(201);
  const tank = await s.admin.send('POST', '/api/v1/tanks', {
    storeId: jhb.body.id,
    productId: f.product,
    code: 'T1',
    name: 'Jhb tank',
    capacity: 10_000,
    safeFill: 9500,
    lowLevel: 1000,
  });
  expect(tank.status, JSON.stringify(tank.body)).toBe(201);
  const [st] = await rows(sql`select code from stores where id = ${f.store}`);
  const eq = await rows(sql`select id, fleet_no from equipment where id in (${f.e1}, ${f.e2})`);
  const fleet = (id: string) => eq.find((e) => e.id === id)!.fleet_no as string;
  code = { store: st.code, jhb: jhb.body.code, e1: fleet(f.e1), e2: fleet(f.e2) };
});
afterAll(async () => {
  await srv?.close();
});

const HEADER = ['Date', 'Store', 'Tank', 'Fleet no.', 'Litres', 'Note', 'Reference'];

function dispenseFile() {
  return csv([
    HEADER,
    [`${daysAgo(5)} 08:00`, code.store, 'A', code.e1, '10', 'good', 'D-1'],
    [`${daysAgo(4)} 09:15`, code.store, 'A', code.e2, '20', 'not allocated', 'D-2'],
    [`${daysAgo(3)} 10:30`, code.store, 'A', code.e1, '45,5', 'over the max per transaction', 'D-3'],
    [`${daysAgo(3)} 11:00`, code.store, 'A', 'NO-SUCH-TRUCK', '5', '', 'D-4'],
    [`${daysAgo(3)} 11:30`, code.store, 'A', code.e2, 'ten', '', 'D-5'],
    [`${daysAgo(3)} 12:00`, code.store, 'Z', code.e2, '5', '', 'D-6'],
    [`${daysAgo(3)} 12:30`, code.store, 'A', code.e2, '-5', '', 'D-7'],
  ]);
}

describe('dispense import', () => {
  let before: number;
  it('stores the good rows through the ingest and reports the bad ones in words', async () => {
    before = await bookStock(f.tankA);
    const job = await importFile(srv.url, s.editor, 'dispenses', 'old-system.csv', dispenseFile());
    expect(job).toMatchObject({ status: 'done', rowsRead: 7, created: 3, unchanged: 0, failed: 4 });
    expect(job.mapping).toMatchObject({ time: 'Date', storeCode: 'Store', tankCode: 'Tank', reference: 'Reference' });
    const byRow = Object.fromEntries(job.errors.map((e: any) => [e.row, e]));
    expect(byRow[5]).toEqual({ row: 5, column: 'Fleet no.', message: 'No equipment with fleet no. NO-SUCH-TRUCK' });
    expect(byRow[6]).toEqual({ row: 6, column: 'Litres', message: '“ten” is not a number' });
    expect(byRow[7]).toEqual({ row: 7, column: 'Tank', message: `No tank with code Z at store ${code.store}` });
    expect(byRow[8]).toEqual({ row: 8, column: 'Litres', message: 'Litres must be more than 0' });

    const stored = await rows(sql`select id, litres::float as litres, note from dispenses where tank_id = ${f.tankA}
      order by dispensed_at`);
    expect(stored.map((d) => d.litres)).toEqual([10, 20, 45.5]);
    // Book stock moved as a device's dispenses would move it.
    expect(await bookStock(f.tankA)).toBeCloseTo(before - 75.5, 3);
    const codes = async (id: string) =>
      (await rows(sql`select code from exceptions where entity_id = ${id} order by code`)).map((r) => r.code);
    // ADR 076: history without meter readings is still imported (an old system's fills happened); a metered
    // vehicle's fill without its reading is raised, as a device's from before the rule would be.
    expect(await codes(stored[0].id)).toEqual(['no_meter_reading']);
    expect(await codes(stored[1].id)).toContain('not_allocated');
    expect(await codes(stored[2].id)).toContain('over_max_per_transaction');
  });

  it('imports the same file again as unchanged', async () => {
    const again = await importFile(srv.url, s.editor, 'dispenses', 'old-system.csv', dispenseFile());
    expect(again).toMatchObject({ status: 'done', created: 0, unchanged: 3, failed: 4 });
    expect(await bookStock(f.tankA)).toBeCloseTo(before - 75.5, 3);
  });

  it('refuses a changed row under a known reference with the ingest’s clash message', async () => {
    const file = csv([HEADER, [`${daysAgo(5)} 08:00`, code.store, 'A', code.e1, '11', 'good', 'D-1']]);
    const job = await importFile(srv.url, s.editor, 'dispenses', 'changed.csv', file);
    expect(job).toMatchObject({ created: 0, failed: 1 });
    expect(job.errors).toEqual([
      { row: 2, column: 'Reference', message: 'Another record with this id was stored with different content.' },
    ]);
  });

  it('reads a time without offset as the store’s local time (Johannesburg, UTC+2)', async () => {
    const day = daysAgo(2);
    const file = csv([
      ['Time', 'Store code', 'Tank code', 'Fleet no.', 'Litres', 'Meter'],
      [`${day} 10:00`, code.jhb, 't1', code.e2, '12.5', ''],
      [`${day}T10:00:00Z`, code.jhb, 'T1', code.e2, '7', ''],
    ]);
    const job = await importFile(srv.url, s.editor, 'dispenses', 'jhb.csv', file);
    expect(job).toMatchObject({ created: 2, failed: 0 });
    const stored = await rows(sql`select d.dispensed_at as at, d.litres::float as litres from dispenses d
      join tanks t on t.id = d.tank_id where t.store_id = (select id from stores where code = ${code.jhb}) order by at`);
    expect(stored.map((d) => [new Date(d.at).toISOString(), d.litres])).toEqual([
      [`${day}T08:00:00.000Z`, 12.5],
      [`${day}T10:00:00.000Z`, 7],
    ]);
  });

  it('previews without writing: statuses and errors as the run would give them', async () => {
    const up = await upload(srv.url, s.editor, 'dispenses', 'preview.csv', dispenseFile().replace('D-1', 'D-NEW'));
    expect(up.status).toBe(201);
    const count = async () => (await rows(sql`select count(*)::int as n from dispenses`))[0].n;
    const n = await count();
    const p = await s.editor.send('POST', `/api/v1/imports/${up.body.id}/preview`, { mapping: up.body.mapping });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.rows.map((r: any) => r.status)).toEqual([
      'create',
      'unchanged',
      'unchanged',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(p.body.rows[6].errors).toEqual([{ column: 'Litres', message: 'Litres must be more than 0' }]);
    expect(await count()).toBe(n);
  });
});

describe('receipt and tank reading imports', () => {
  it('stores receipts as deliveries into the tank', async () => {
    const before = await bookStock(f.tankB);
    const file = csv([
      ['Time', 'Store', 'Tank', 'Supplier', 'Delivery note', 'Litres', 'Dip before (mm)', 'Dip after (mm)'],
      [`${daysAgo(6)} 07:00`, code.store, 'B', 'Fuel Co', 'DN-1', '2000', '900', '1300'],
      [`${daysAgo(6)} 08:00`, code.store, 'B', 'Fuel Co', 'DN-2', '100', '900', '800'],
    ]);
    const job = await importFile(srv.url, s.editor, 'receipts', 'receipts.csv', file);
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 1 });
    expect(job.errors).toEqual([
      { row: 3, column: 'Dip after (mm)', message: 'The dip after the delivery cannot be below the dip before' },
    ]);
    expect(await bookStock(f.tankB)).toBeCloseTo(before + 2000, 3);
    const [r] = await rows(sql`select supplier, delivery_note from receipts where tank_id = ${f.tankB}`);
    expect(r).toEqual({ supplier: 'Fuel Co', delivery_note: 'DN-1' });
  });

  it('reads a workbook’s date-time cell as the store’s local time', async () => {
    const day = daysAgo(2);
    const [y, m, d] = day.split('-').map(Number);
    const file = await xlsx([
      ['Time', 'Store', 'Tank', 'Supplier', 'Delivery note', 'Litres'],
      // A workbook date has no zone; the library hands it over with the wall reading as UTC.
      [new Date(Date.UTC(y, m - 1, d, 9, 30)), code.jhb, 'T1', 'Fuel Co', 'DN-X', 500],
    ]);
    const job = await importFile(srv.url, s.editor, 'receipts', 'receipts.xlsx', file);
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const [r] = await rows(sql`select received_on as at from receipts where delivery_note = 'DN-X'`);
    expect(new Date(r.at).toISOString()).toBe(`${day}T07:30:00.000Z`);
  });

  it('stores tank readings through the reading store (height → litres by the chart)', async () => {
    const file = csv([
      ['Time', 'Store', 'Tank', 'Product height (mm)', 'Water (mm)', 'Temperature'],
      [`${daysAgo(1)} 06:00`, code.store, 'B', '1000', '', '21'],
      [`${daysAgo(1)} 07:00`, code.store, 'B', 'high', '', ''],
    ]);
    const job = await importFile(srv.url, s.admin, 'dips', 'dips.csv', file);
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 1 });
    expect(job.errors).toEqual([{ row: 3, column: 'Product height (mm)', message: '“high” is not a number' }]);
    const [r] = await rows(sql`select source, gross_litres::float as litres, water_height_mm as water
      from tank_readings where tank_id = ${f.tankB} and source = 'dip'`);
    expect(r).toEqual({ source: 'dip', litres: 5000, water: 0 });
    const again = await importFile(srv.url, s.admin, 'dips', 'dips.csv', file);
    expect(again).toMatchObject({ created: 0, unchanged: 1, failed: 1 });
  });
});

describe('access and tenancy', () => {
  const one = () => csv([HEADER, [`${daysAgo(3)} 13:00`, code.store, 'A', code.e2, '5', '', 'X-1']]);
  it('needs the target screen’s rule on top of /DataImports’', async () => {
    const dips = csv([
      ['Time', 'Store', 'Tank', 'Product height (mm)'],
      [`${daysAgo(1)} 08:00`, code.store, 'B', '10'],
    ]);
    expect((await upload(srv.url, s.editor, 'dips', 'd.csv', dips)).status).toBe(403);
    expect((await upload(srv.url, s.driver, 'dispenses', 'd.csv', one())).status).toBe(403);
    expect((await upload(srv.url, s.manager, 'receipts', 'd.csv', one())).status).toBe(403);
    expect((await upload(srv.url, s.editor, 'receipts', 'd.csv', one())).status).toBe(201);
  });

  it('finds no codes of another account', async () => {
    const job = await importFile(srv.url, s.stranger, 'dispenses', 'theirs.csv', one());
    expect(job).toMatchObject({ created: 0, failed: 1 });
    expect(job.errors).toEqual([
      { row: 2, column: 'Store', message: `No store with code ${code.store}` },
      { row: 2, column: 'Fleet no.', message: `No equipment with fleet no. ${code.e2}` },
    ]);
  });
});
