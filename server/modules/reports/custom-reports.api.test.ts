import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../../src/contract/report-runs';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, type Fixture } from '../records/fixture.testutil';
import { catalogIds, customKey, customPath, finishedRun, startReportJobs } from './preview.testutil';

/**
 * Saved custom reports (ADR 045) against a real server on the records' hand-made data set
 * (fixture.testutil.ts): validation, who builds, who sees and runs them (owner, published roles),
 * tenant isolation, the same engine's preview and files, schedules and soft delete.
 */
let srv: TestServer;
let f: Fixture;
let jobs: Awaited<ReturnType<typeof startReportJobs>>;
let boss: Fixture['admin'];
let manager: Fixture['admin'];
const OCT = { range: 'custom', from: '2026-10-01', to: '2026-10-31' };
const OCT_QS = 'range=custom&from=2026-10-01&to=2026-10-31';

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  manager = await session(srv.url, ...DEMO.manager);
  jobs = await startReportJobs(srv);
});
afterAll(async () => {
  await jobs?.stop();
  await srv?.close();
});

/** Litres and dispenses per store: S has d1 100 + d2 50 + d3 30, S2 has d4 20 (October, local days). */
const perStore = {
  title: 'Litres per store',
  description: 'Dispensed litres by site',
  dataset: 'dispenses',
  columns: [{ field: 'store' }, { field: 'litres', aggregate: 'sum' }, { field: 'id', aggregate: 'count' }],
  groupBy: ['store'],
  sort: [{ field: 'litres', desc: true }],
};
const create = async (body: object) => {
  const res = await boss.send('POST', '/api/v1/custom-reports', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
};

describe('custom reports: saving', () => {
  it('refuses declarations outside the dataset’s whitelist with field errors, and lets only builders in', async () => {
    const bad = async (patch: object) => {
      const res = await boss.send('POST', '/api/v1/custom-reports', { ...perStore, ...patch });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return Object.keys(res.body.fieldErrors ?? {});
    };
    expect(await bad({ columns: [{ field: 'litres; drop table dispenses' }] })).toContain('columns.0.field');
    expect(await bad({ columns: [{ field: 'store' }, { field: 'litres' }] })).toContain('columns.1.field');
    expect(await bad({ columns: [{ field: 'store', aggregate: 'sum' }], groupBy: [] })).toContain(
      'columns.0.aggregate',
    );
    expect(await bad({ dataset: 'users' })).toContain('dataset');
    expect(await bad({ published: true, roles: [] })).toContain('roles');
    expect(await bad({ published: true, roles: ['ThebigBoss'] })).toContain('roles.0');
    expect(await bad({ sql: 'select 1' })).toEqual(expect.any(Array));
    // The builder screen is ThebigBoss's (src/contract/screens.ts): an admin and a manager may not write.
    expect((await f.admin.send('POST', '/api/v1/custom-reports', perStore)).status).toBe(403);
    expect((await manager.get('/api/v1/custom-reports')).status).toBe(403);
  });

  it('versions every write in the audit log; soft delete hides it everywhere; restore brings it back', async () => {
    const saved = await create({ ...perStore, title: 'Audited', published: true, roles: ['manager'] });
    const edited = await boss.send('PUT', `/api/v1/custom-reports/${saved.id}`, {
      ...perStore,
      title: 'Audited (v2)',
      published: true,
      roles: ['manager'],
      version: saved.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, title: 'Audited (v2)', ownerName: 'Bo Boss' });
    expect(await catalogIds(manager)).toContain(customKey(saved.id));
    expect((await boss.send('DELETE', `/api/v1/custom-reports/${saved.id}`, { version: 2 })).status).toBe(200);
    expect(await catalogIds(manager)).not.toContain(customKey(saved.id));
    expect((await manager.get(`${customPath(saved.id)}?${OCT_QS}`)).status).toBe(404);
    expect((await boss.send('POST', `/api/v1/custom-reports/${saved.id}/restore`, { version: 3 })).status).toBe(200);
    expect(await catalogIds(manager)).toContain(customKey(saved.id));
    const audit = await srv.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'custom_report' and entity_id = ${saved.id}`,
    );
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'restore', 'update']);
  });
});

describe('custom reports: visibility and runs', () => {
  it('a private report is its builders’ only; published, the chosen roles see and run it with the hand-checked figures', async () => {
    const saved = await create(perStore);
    expect(await catalogIds(boss)).toContain(customKey(saved.id));
    expect(await catalogIds(manager)).not.toContain(customKey(saved.id));
    expect((await manager.get(`${customPath(saved.id)}?${OCT_QS}`)).status).toBe(404);
    expect(
      (await manager.send('POST', '/api/v1/report-runs', { report: customKey(saved.id), format: 'csv' })).status,
    ).toBe(404);

    const pub = await boss.send('PUT', `/api/v1/custom-reports/${saved.id}`, {
      ...perStore,
      published: true,
      roles: ['manager'],
      version: saved.version,
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const entry = ((await manager.get('/api/v1/reports')).body.reports as { id: string; group: string }[]).find(
      (r) => r.id === customKey(saved.id),
    );
    expect(entry).toMatchObject({ group: 'Custom', title: 'Litres per store' });
    // An editor holds no published role: not for them.
    expect(await catalogIds(f.editor)).not.toContain(customKey(saved.id));
    expect((await f.editor.get(`${customPath(saved.id)}?${OCT_QS}`)).status).toBe(404);

    const run = await manager.get(`${customPath(saved.id)}?${OCT_QS}`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const storeCode = (await f.admin.get(`/api/v1/stores/${f.store}`)).body.code as string;
    const lines = run.body.lines as { kind: string; values: Record<string, unknown> }[];
    expect(lines.map((l) => [l.kind, l.values.store ?? null, l.values.sum_litres, l.values.count_id])).toEqual([
      ['row', storeCode, 180, 3],
      ['row', expect.any(String), 20, 1],
      ['total', null, 200, 4],
    ]);
    expect(run.body).toMatchObject({ report: customKey(saved.id), title: 'Litres per store', rowCount: 2 });

    // The same run into files: CSV and XLSX with the columns' titles and the total, PDF with the title.
    const csv = await fetch(`${srv.url}${customPath(saved.id)}/export?${OCT_QS}&format=csv`, {
      headers: manager.headers,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="litres-per-store-[\d_-]+\.csv"/);
    const text = await csv.text();
    expect(text).toContain('Litres (total)');
    expect(text).toMatch(/Total.*200/);

    const queued = await manager.send('POST', '/api/v1/report-runs', {
      report: customKey(saved.id),
      format: 'xlsx',
      params: OCT,
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const done = await finishedRun(manager, queued.body.id);
    expect(done).toMatchObject({ status: 'done', title: 'Litres per store', rowCount: 2 });
    const xlsx = await fetch(`${srv.url}/api/v1/report-runs/${done.id}/file`, { headers: manager.headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toContain('Litres (total)');
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');

    const pdfRun = await finishedRun(
      manager,
      (await manager.send('POST', '/api/v1/report-runs', { report: customKey(saved.id), format: 'pdf', params: OCT }))
        .body.id,
    );
    const pdf = await fetch(`${srv.url}/api/v1/report-runs/${pdfRun.id}/file`, { headers: manager.headers });
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const { text: pdfText } = await parser.getText();
    await parser.destroy();
    expect(pdfText).toContain('Litres per store');
    expect(pdfText).toContain('Demo Fuels');

    // The history names it; favourites take its key.
    const history = await f.admin.get('/api/v1/report-runs/history?sort=queuedAt');
    expect(history.body.items.find((r: RunView) => r.id === done.id)).toMatchObject({ title: 'Litres per store' });
    const fav = await manager.send('PUT', `/api/v1/report-favourites/${encodeURIComponent(customKey(saved.id))}`);
    expect(fav.status, JSON.stringify(fav.body)).toBe(200);
    expect(fav.body.reports).toContain(customKey(saved.id));
  });

  it('the builder’s live preview runs a draft on the caller’s account only', async () => {
    const res = await boss.send('POST', '/api/v1/custom-reports/preview', { declaration: perStore, params: OCT });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines.at(-1).values).toMatchObject({ sum_litres: 200, count_id: 4 });
    const bad = await boss.send('POST', '/api/v1/custom-reports/preview', {
      declaration: { ...perStore, groupBy: ['nope'] },
      params: OCT,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toContain('declaration.groupBy.0');
    expect((await f.admin.send('POST', '/api/v1/custom-reports/preview', { declaration: perStore })).status).toBe(403);
  });

  it('account B never sees account A’s saved reports or rows', async () => {
    const saved = await create({ ...perStore, title: 'Demo only', published: true, roles: ['manager'] });
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const northManager = await session(srv.url, ...DEMO.multi, 'North Haulage');
    expect((await north.get(`/api/v1/custom-reports/${saved.id}`)).status).toBe(404);
    const list = await north.get('/api/v1/custom-reports');
    expect(list.body.items.map((r: { id: string }) => r.id)).not.toContain(saved.id);
    expect(
      (
        await north.send('PUT', `/api/v1/custom-reports/${saved.id}`, {
          ...perStore,
          version: 1,
        })
      ).status,
    ).toBe(404);
    expect(await catalogIds(northManager)).not.toContain(customKey(saved.id));
    expect((await north.get(`${customPath(saved.id)}?${OCT_QS}`)).status).toBe(404);
    expect(
      (await northManager.send('POST', '/api/v1/report-runs', { report: customKey(saved.id), format: 'csv' })).status,
    ).toBe(404);
    // The same declaration run in North Haulage sees none of Demo Fuels' litres.
    const mine = await north.send('POST', '/api/v1/custom-reports/preview', { declaration: perStore, params: OCT });
    expect(mine.status).toBe(200);
    expect(mine.body.lines.at(-1).values.sum_litres ?? 0).not.toBe(200);
    expect(mine.body.lines.some((l: { values: { store?: string } }) => l.values.store === 'RS')).toBe(false);
  });
});

describe('custom reports: run-time filters and subtotals on two levels (ADR 050)', () => {
  /** Store → tank → equipment: store S has T1 (E1 100 + E2 50) and T2 (E1 30); S2 has T3 (E2 20). */
  const byTank = {
    title: 'Litres by tank and truck',
    dataset: 'dispenses',
    columns: [{ field: 'store' }, { field: 'tank' }, { field: 'fleetNo' }, { field: 'litres', aggregate: 'sum' }],
    groupBy: ['store', 'tank', 'fleetNo'],
    sort: [{ field: 'litres', desc: true }],
    published: true,
    roles: ['manager'],
  };

  it('offers its dataset’s filters, filters the rows by them, and refuses one the dataset has not', async () => {
    const saved = await create(byTank);
    const entry = ((await manager.get('/api/v1/reports')).body.reports as { id: string; custom?: object }[]).find(
      (r) => r.id === customKey(saved.id),
    );
    expect(entry?.custom).toMatchObject({
      filters: ['storeId', 'productId', 'tankId', 'equipmentId', 'costCentreId', 'employeeId'],
      subtotalBy: ['store', 'tank'],
    });
    const rowsOf = async (q: string) => {
      const res = await manager.get(`${customPath(saved.id)}?${OCT_QS}&${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.lines as { kind: string; values: Record<string, unknown> }[])
        .filter((l) => l.kind === 'row')
        .map((l) => l.values.sum_litres);
    };
    expect(await rowsOf(`employeeId=${f.p1}`)).toEqual([100]);
    expect(await rowsOf(`equipmentId=${f.e2}`)).toEqual([50, 20]);
    expect(await rowsOf(`tankId=${f.t2}`)).toEqual([30]);
    expect(await rowsOf(`productId=${f.productA}&storeId=${f.store2}`)).toEqual([20]);
    // Bad ids are the schema's 400; so is a filter of another dataset (receipts have no employee).
    expect((await manager.get(`${customPath(saved.id)}?${OCT_QS}&storeId=S1`)).status).toBe(400);
    const receipts = await create({
      title: 'Receipts per tank',
      dataset: 'receipts',
      columns: [{ field: 'tank' }, { field: 'litres', aggregate: 'sum' }],
      groupBy: ['tank'],
    });
    const refused = await boss.get(`${customPath(receipts.id)}?${OCT_QS}&employeeId=${f.p1}`);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ employeeId: ['This report has no employee filter'] });
    // A standard report refuses a filter it does not declare the same way.
    expect((await f.admin.get(`/api/v1/reports/fuel-by-cost-centre?${OCT_QS}&employeeId=${f.p1}`)).status).toBe(400);
  });

  it('adds store and store → tank subtotals in the preview, CSV, XLSX (typed) and PDF, totals once', async () => {
    const saved = await create({ ...byTank, title: 'Litres by tank and truck (files)' });
    const q = `${OCT_QS}&storeId=${f.store}`;
    const run = await manager.get(`${customPath(saved.id)}?${q}`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const lines = run.body.lines as { kind: string; level?: number; values: Record<string, unknown> }[];
    expect(lines.map((l) => [l.kind, l.level ?? null, l.values.tank ?? null, l.values.sum_litres])).toEqual([
      ['row', null, 'T1', 100],
      ['row', null, 'T1', 50],
      ['subtotal', 1, 'T1', 150],
      // T2 has one row: no tank subtotal repeats it.
      ['row', null, 'T2', 30],
      ['subtotal', 0, null, 180],
      ['total', null, null, 180],
    ]);

    const file = async (format: string) =>
      fetch(`${srv.url}${customPath(saved.id)}/export?${q}&format=${format}`, { headers: manager.headers });
    const csv = (await (await file('csv')).text()).split('\r\n');
    expect(csv.some((l) => /,T1 subtotal,,150(\.0+)?$/.test(l))).toBe(true);
    expect(csv.some((l) => /subtotal,,,180(\.0+)?$/.test(l))).toBe(true);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await (await file('xlsx')).arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const cells: unknown[][] = [];
    sheet.eachRow((r) => cells.push((r.values as unknown[]).slice(1)));
    expect(cells).toContainEqual([expect.any(String), 'T1 subtotal', undefined, 150]);
    expect(cells).toContainEqual([expect.stringMatching(/ subtotal$/), undefined, undefined, 180]);
    expect(cells.at(-1)).toEqual(['Total', undefined, undefined, 180]);

    const parser = new PDFParse({ data: new Uint8Array(await (await file('pdf')).arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('T1 subtotal');
    expect(text).not.toContain('T2 subtotal');
    expect(text).toMatch(/subtotal\s+180/);
  });

  it('names custom reports in the history’s and schedules’ report filter (admin only), deleted ones marked', async () => {
    const saved = await create({ ...byTank, title: 'Named in the history' });
    const titles = async () => (await f.admin.get('/api/v1/reports/titles')).body.reports as Record<string, unknown>[];
    expect(await titles()).toContainEqual({ id: customKey(saved.id), title: 'Named in the history', deleted: false });
    expect(await titles()).toContainEqual({ id: 'fuel-by-cost-centre', title: 'Fuel by cost centre', deleted: false });
    expect((await boss.send('DELETE', `/api/v1/custom-reports/${saved.id}`, { version: 1 })).status).toBe(200);
    expect(await titles()).toContainEqual({
      id: customKey(saved.id),
      title: 'Named in the history (deleted)',
      deleted: true,
    });
    expect((await manager.get('/api/v1/reports/titles')).status).toBe(403);
    // The history's filter takes a custom key.
    const list = await f.admin.get(`/api/v1/report-runs/history?f.report=${encodeURIComponent(customKey(saved.id))}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
  });
});

describe('custom reports: schedules', () => {
  const schedule = (report: string, to = 'admin@fams.example') => ({
    name: 'Stores monthly',
    report,
    params: { range: 'lastMonth' },
    format: 'csv',
    frequency: 'monthly',
    atTime: '07:00',
    monthDay: 1,
    // Schedules mail the account's own users only (ADR 074).
    recipientEmails: [to],
  });

  it('schedules a custom report the admin may run; run now mails it; a deleted report fails the run', async () => {
    const privateOne = await create({ ...perStore, title: 'Private' });
    const refused = await f.admin.send('POST', '/api/v1/report-schedules', schedule(customKey(privateOne.id)));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(Object.keys(refused.body.fieldErrors)).toContain('report');

    const saved = await create({ ...perStore, title: 'Stores for admins', published: true, roles: ['admin'] });
    const created = await f.admin.send('POST', '/api/v1/report-schedules', schedule(customKey(saved.id)));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.reportTitle).toBe('Stores for admins');
    // The schedules' and the history's exports name the report by its title, not its key.
    const csv = String((await f.admin.get('/api/v1/report-schedules/export?format=csv')).body);
    expect(csv).toContain('Stores monthly,Stores for admins,');
    expect(csv).not.toContain(customKey(saved.id));
    const before = jobs.mails().length;
    const res = await f.admin.send('POST', `/api/v1/report-schedules/${created.body.id}/run`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const run = await finishedRun(f.admin, res.body.id);
    expect(run).toMatchObject({ status: 'done', trigger: 'scheduled', title: 'Stores for admins' });
    const history = String((await f.admin.get('/api/v1/report-runs/history/export?format=csv')).body);
    expect(history).toContain(',Stores for admins,');
    expect(history).not.toContain(customKey(saved.id));
    await expect.poll(() => jobs.mails().length, { timeout: 10_000 }).toBe(before + 1);
    const eml = jobs
      .mails()
      .map(jobs.readMail)
      .find((t) => t.includes('Subject: Stores for admins: Stores monthly'));
    expect(eml).toMatch(/name=stores-for-admins-[\d_-]+\.csv/);

    expect((await boss.send('DELETE', `/api/v1/custom-reports/${saved.id}`, { version: 1 })).status).toBe(200);
    const again = await f.admin.send('POST', `/api/v1/report-schedules/${created.body.id}/run`);
    const failed = await finishedRun(f.admin, again.body.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('There is no report') });
  });
});
