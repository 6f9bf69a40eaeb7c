import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRun } from '../../../src/contract/reports';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';
import { preview } from './preview.testutil';

/**
 * Prices per store with effective dates and the second six standard reports (ADR 035), on the
 * records' hand-made data set (fixture.testutil.ts) plus, here:
 *
 * August 2026 at store S (UTC+2), product A (list price 2.00), with meters (km):
 *   E1  08-01 1000 km 40 L · 08-10 1400 km 60 L · 08-20 1800 km 50 L
 *   E2  08-05  500 km 30 L · 08-14 22:30Z (local 08-15) 700 km 40 L
 *   E3  08-03  100 km 20 L · 08-13  300 km 100 L              (E3 is new, same type)
 *   and E2 at S2 (UTC) 08-20, 10 L, no meter.
 * Prices of A: all stores 2.50 from 08-12; store S's own 2.80 from 08-15.
 * Readings of T1: 10-02 20:00Z 4845 L, 10-06 20:00Z 5790 L. Gauge deliveries: 990 L matched to
 * r1 (1000 L), 250 L on T2 at 10-05 with no receipt. Exceptions at S inserted with their dates.
 */
let srv: TestServer;
let f: Fixture;
let e3: string;
const OCT = { range: 'custom', from: '2026-10-01', to: '2026-10-31' };
const AUG = { range: 'custom', from: '2026-08-01', to: '2026-08-31' };

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  const db = srv.database.db;
  const eq = async (id: string) => (await f.admin.get(`/api/v1/equipment/${id}`)).body;
  const typeId = (await eq(f.e1)).typeId;
  const c = await f.admin.send('POST', '/api/v1/equipment', {
    fleetNo: `RE3${crypto.randomBytes(3).toString('hex')}`,
    typeId,
  });
  expect(c.status).toBe(201);
  e3 = c.body.id;
  const base = { variant: 'FAMS', deviceId: 'phone-2', note: '' };
  const fill = (
    equipmentId: string,
    at: string,
    meter: number | null,
    litres: number,
    store = f.store,
    tank = f.t1,
  ) => ({
    ...base,
    id: crypto.randomUUID(),
    storeId: store,
    tankId: tank,
    equipmentId,
    litres,
    meter,
    dispensedAt: at,
  });
  const ingest = await f.driver.send('POST', '/api/v1/dispenses/batch', {
    records: [
      fill(f.e1, '2026-08-01T10:00:00Z', 1000, 40),
      fill(e3, '2026-08-03T10:00:00Z', 100, 20),
      fill(f.e2, '2026-08-05T10:00:00Z', 500, 30),
      fill(f.e1, '2026-08-10T10:00:00Z', 1400, 60),
      fill(e3, '2026-08-13T10:00:00Z', 300, 100),
      fill(f.e2, '2026-08-14T22:30:00Z', 700, 40),
      fill(f.e1, '2026-08-20T10:00:00Z', 1800, 50),
      fill(f.e2, '2026-08-20T10:00:00Z', null, 10, f.store2, f.t3),
    ],
  });
  expect(ingest.body.results.map((r: { status: string }) => r.status)).toEqual(Array(8).fill('created'));
  const price = async (body: object) => {
    const r = await f.admin.send('POST', '/api/v1/product-prices', body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  await price({ productId: f.productA, price: 2.5, effectiveFrom: '2026-08-12' });
  await price({ productId: f.productA, storeId: f.store, price: 2.8, effectiveFrom: '2026-08-15' });

  await db.execute(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres)
    select account_id, id, x.at::timestamptz, 'dip', x.l from tanks,
      (values ('2026-10-02T20:00:00Z', 4845), ('2026-10-06T20:00:00Z', 5790)) x(at, l) where id = ${f.t1}`);
  const delivery = (tank: string, at: string, litres: number, receipt: string | null) =>
    db.execute(sql`insert into gauge_deliveries (account_id, tank_id, started_at, ended_at, start_litres, end_litres, litres, matched_receipt_id)
      select account_id, id, ${at}::timestamptz, ${at}::timestamptz + interval '30 minutes', 4000, 4000 + ${litres}, ${litres}, ${receipt}::uuid
      from tanks where id = ${tank}`);
  await delivery(f.t1, '2026-10-03T08:40:00Z', 990, f.r1);
  await delivery(f.t2, '2026-10-05T12:00:00Z', 250, null);
  await db.execute(sql`insert into exceptions (account_id, code, severity, status, entity, store_id, message, raised_at, resolved_at)
    select s.account_id, x.code, x.sev, x.status, 'dispense', s.id, 'test', x.raised::timestamptz, x.resolved::timestamptz
    from stores s, (values
      ('over_daily_limit', 'warning', 'resolved', '2026-10-01T21:30:00Z', '2026-10-02T00:30:00Z'),
      ('over_daily_limit', 'warning', 'resolved', '2026-10-10T10:00:00Z', '2026-10-10T15:00:00Z'),
      ('over_daily_limit', 'warning', 'open', '2026-10-11T10:00:00Z', null),
      ('low_level', 'critical', 'open', '2026-10-31T22:30:00Z', null),
      ('low_level', 'critical', 'acknowledged', '2026-09-30T22:30:00Z', null)
    ) x(code, sev, status, raised, resolved)
    where s.id = ${f.store}`);
});
afterAll(async () => {
  await srv?.close();
});

const run = (id: string, params: Record<string, string | number>) => preview(f.admin, id, params);
const rows = (r: ReportRun) => r.lines.filter((l) => l.kind === 'row').map((l) => l.values);
const total = (r: ReportRun) => r.lines.find((l) => l.kind === 'total')!.values;
const fleetNo = async (id: string) => (await f.admin.get(`/api/v1/equipment/${id}`)).body.fleetNo as string;

describe('product prices per store with effective dates', () => {
  it('costs each dispense at the price in force on its store-local day', async () => {
    const r = await run('fuel-by-equipment', { ...AUG, storeId: f.store });
    const [n1, n2, n3] = [await fleetNo(f.e1), await fleetNo(f.e2), await fleetNo(e3)];
    const by = new Map(rows(r).map((x) => [x.fleetNo, [x.litres, x.cost]]));
    // E1: 40×2.00 + 60×2.00 (before 08-12) + 50×2.80 (S's own price) = 340.
    expect(by.get(n1)).toEqual([150, 340]);
    // E2: 30×2.00 + 40×2.80 — 22:30Z on 08-14 is 08-15 at S, the day S's price starts.
    expect(by.get(n2)).toEqual([70, 172]);
    // E3: 20×2.00 + 100×2.50 (all stores from 08-12).
    expect(by.get(n3)).toEqual([120, 290]);
    // At S2 only the all-stores price applies: 10×2.50.
    const s2 = await run('fuel-by-store-product', { ...AUG, storeId: f.store2 });
    expect(total(s2)).toMatchObject({ litres: 10, cost: 25 });
  });

  it('refuses bad prices with field messages, duplicates, other roles and other accounts', async () => {
    const post = (s: typeof f.admin, body: object) => s.send('POST', '/api/v1/product-prices', body);
    const bad = await post(f.admin, { productId: f.productA, price: 1.23456, effectiveFrom: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['effectiveFrom', 'price']);
    const dup = await post(f.admin, { productId: f.productA, price: 9, effectiveFrom: '2026-08-12' });
    expect(dup.status).toBe(422);
    expect(dup.body.fieldErrors).toHaveProperty('effectiveFrom');
    // The same day for one store is another key.
    const own = await post(f.admin, {
      productId: f.productA,
      storeId: f.store2,
      price: 9,
      effectiveFrom: '2026-08-12',
    });
    expect(own.status).toBe(201);
    expect((await post(f.editor, { productId: f.productA, price: 1, effectiveFrom: '2026-01-01' })).status).toBe(403);
    const other = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const foreign = await post(other, { productId: f.productA, price: 1, effectiveFrom: '2026-01-01' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors).toHaveProperty('productId');
    const list = await other.get(`/api/v1/product-prices?f.productId=${f.productA}`);
    expect(list.body.rows ?? list.body.items ?? []).toEqual([]);
    // Audited like every master row.
    const log = await f.admin.get(`/api/v1/audit-logs?f.entityId=${own.body.id}`);
    expect(JSON.stringify(log.body)).toContain('product_price');
  });
});

describe('the second six standard reports', () => {
  it('consumption per equipment: L/100 km from the meters, outliers against the type median', async () => {
    const r = await run('consumption', { ...AUG, storeId: f.store });
    const [n1, n2, n3] = [await fleetNo(f.e1), await fleetNo(f.e2), await fleetNo(e3)];
    const mine = rows(r).filter((x) => [n1, n2, n3].includes(String(x.fleetNo)));
    // E1 (60+50)/800×100 = 13.75; E2 40/200×100 = 20; E3 100/200×100 = 50; median 20:
    // 13.75 < 0.7×20 → Low, 50 > 1.3×20 → High.
    expect(mine.map((x) => [x.fleetNo, x.unit, x.fills, x.litres, x.used, x.rate, x.typeRate, x.outlier])).toEqual([
      [n1, 'L/100 km', 3, 150, 800, 13.75, 20, 'Low'],
      [n2, 'L/100 km', 2, 70, 200, 20, 20, ''],
      [n3, 'L/100 km', 2, 120, 200, 50, 20, 'High'],
    ]);
  });

  it('monthly tank reconciliation: EPA daily rows and the period line with its pass/fail', async () => {
    const r = await run('tank-reconciliation', { ...OCT, tankId: f.t1 });
    // T1 holds 5000 L from 09-01 less August's 340 L (above): 4660 L when October starts.
    const days = rows(r);
    expect(days).toHaveLength(32);
    const day = (d: string) => days.find((x) => x.day === d)!;
    const pick = (x: Record<string, unknown>) => [
      x.opening,
      x.receipts,
      x.dispensed,
      x.other,
      x.book,
      x.measured,
      x.variance,
    ];
    expect(pick(day('2026-10-01'))).toEqual([4660, 0, 100, 0, 4560, null, null]);
    expect(pick(day('2026-10-02'))).toEqual([4560, 0, 50, 0, 4510, 4845, 335]);
    // The opening is the previous day's measurement.
    expect(pick(day('2026-10-03'))).toEqual([4845, 1000, 0, 0, 5845, null, null]);
    expect(pick(day('2026-10-06'))).toEqual([5845, 0, 0, -50, 5795, 5790, -5]);
    expect(pick(day('2026-10-31'))).toEqual([5790, 0, 0, 0, 5790, null, null]);
    // 1 % of 150 L + 492.1 L = 493.6 L; 335 − 5 = 330 L over is within it.
    expect(day('Period')).toMatchObject({
      opening: 4660,
      receipts: 1000,
      dispensed: 150,
      other: -50,
      book: 5790,
      measured: 5790,
      variance: 330,
      allowed: 493.6,
      result: 'Pass',
    });
    // Without measurements there is nothing to pass.
    const t3 = await run('tank-reconciliation', { ...OCT, tankId: f.t3 });
    expect(rows(t3).find((x) => x.day === 'Period')).toMatchObject({ dispensed: 20, result: 'No measurements' });
  });

  it('stock movement per tank with a subtotal per store', async () => {
    const r = await run('stock-movement', { ...OCT, storeId: f.store });
    const pick = (x: Record<string, unknown>) => [
      x.tank,
      x.opening,
      x.receipts,
      x.dispensed,
      x.transfersIn,
      x.transfersOut,
      x.adjustments,
      x.closing,
      x.measured,
      x.variance,
    ];
    expect(rows(r).map(pick)).toEqual([
      ['T1', 4660, 1000, 150, 0, 50, 0, 5460, 5790, 330],
      ['T2', 5000, 0, 30, 40, 0, 0, 5010, null, null],
    ]);
    expect(total(r)).toEqual({ receipts: 1000, dispensed: 180, transfersIn: 40, transfersOut: 50, adjustments: 0 });
  });

  it('deliveries against the gauge, with the gauge’s delivery that has no receipt', async () => {
    const r = await run('deliveries', { ...OCT, storeId: f.store });
    expect(
      rows(r).map((x) => [x.day, x.tank, x.deliveryNote, x.litres, x.gaugeLitres, x.difference, x.differencePct]),
    ).toEqual([
      ['2026-10-03', 'T1', 'DN-1', 1000, 990, -10, -1],
      ['2026-10-04', 'T2', 'DN-2', 400, null, null, null],
      ['2026-10-04', 'T2', 'DN-3', 300, null, null, null],
      ['2026-10-05', 'T2', '', null, 250, null, null],
    ]);
    expect(total(r)).toEqual({ litres: 1700, gaugeLitres: 1240, difference: -10 });
  });

  it('allocation usage against the daily and monthly limits', async () => {
    const r = await run('allocation-usage', { ...OCT, storeId: f.store });
    const n1 = await fleetNo(f.e1);
    const n2 = await fleetNo(f.e2);
    const mine = rows(r).filter((x) => x.subject === n1 || x.subject === n2);
    const pick = (x: Record<string, unknown>) => [
      x.subject,
      x.productName,
      x.litres,
      x.dailyLimit,
      x.peakDay,
      x.daysOver,
      x.monthlyLimit,
      x.peakMonth,
      x.monthsOver,
    ];
    expect(mine.map(pick)).toEqual([
      [n1, 'Records diesel', 100, 80, 100, 1, 500, 100, 0],
      [n1, 'Records petrol', 30, null, 30, 0, null, 30, 0],
      [n2, 'Records diesel', 50, 200, 50, 0, null, 50, 0],
    ]);
  });

  it('exceptions summary per type and severity on the store’s local days', async () => {
    const r = await run('exceptions-summary', { ...OCT, storeId: f.store });
    expect(rows(r)).toEqual([
      {
        type: 'Over the daily limit',
        severity: 'warning',
        raised: 3,
        open: 1,
        acknowledged: 0,
        resolved: 2,
        hoursToResolve: 4,
      },
      {
        type: 'Tank level low',
        severity: 'critical',
        raised: 1,
        open: 0,
        acknowledged: 1,
        resolved: 0,
        hoursToResolve: null,
      },
    ]);
    expect(total(r)).toEqual({ raised: 4, open: 1, acknowledged: 1, resolved: 2 });
  });

  it('each new report opens as CSV, XLSX and PDF', async () => {
    const file = async (id: string, params: object, format: string) => {
      const res = await fetch(`${srv.url}/api/v1/reports/${id}/export${qs({ ...params, format })}`, {
        headers: f.admin.headers,
      });
      expect(res.status).toBe(200);
      return res;
    };
    for (const id of ['tank-reconciliation', 'consumption', 'deliveries']) {
      const params = { ...(id === 'consumption' ? AUG : OCT), storeId: f.store };
      const csv = await (await file(id, params, 'csv')).text();
      expect(csv.trim().split('\r\n').length).toBeGreaterThan(2);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await (await file(id, params, 'xlsx')).arrayBuffer()) as never);
      expect(wb.worksheets[0].rowCount).toBeGreaterThan(2);
      const parser = new PDFParse({ data: new Uint8Array(await (await file(id, params, 'pdf')).arrayBuffer()) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain('Demo Fuels');
    }
  });
});

describe('which standard reports an account shows (/StandardReportListBold, /StandardReportAdminList)', () => {
  const ids = async (s: typeof f.admin) => {
    const res = await s.get('/api/v1/reports');
    expect(res.status).toBe(200);
    return res.body.reports as { id: string; title: string; defaults: Record<string, unknown> }[];
  };

  it('an admin hides, renames and sets defaults for the account only; audited; bad input is 400', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.get('/api/v1/report-settings')).status).toBe(403);
    const list = await f.admin.get('/api/v1/report-settings');
    expect(list.status).toBe(200);
    expect(list.body.reports).toHaveLength(12);
    const put = (id: string, body: object) => f.admin.send('PUT', `/api/v1/report-settings/${id}`, body);
    expect((await put('fuel-by-employee', { hidden: true })).status).toBe(200);
    const renamed = await put('fuel-by-cost-centre', {
      hidden: false,
      displayName: 'Fuel per department',
      defaults: { range: 'lastWeek' },
    });
    expect(renamed.body).toMatchObject({ displayName: 'Fuel per department', defaults: { range: 'lastWeek' } });
    const offered = await ids(manager);
    expect(offered.map((r) => r.id)).not.toContain('fuel-by-employee');
    expect(offered.find((r) => r.id === 'fuel-by-cost-centre')).toMatchObject({
      title: 'Fuel per department',
      defaults: { range: 'lastWeek' },
    });
    // Hidden means not there: no preview, no file, no run.
    expect((await manager.get(`/api/v1/reports/fuel-by-employee${qs(OCT)}`)).status).toBe(404);
    const run = await manager.send('POST', '/api/v1/report-runs', {
      report: 'fuel-by-employee',
      format: 'csv',
      params: {},
    });
    expect(run.status).toBe(404);
    // Another account keeps the catalogue's names and reports.
    const other = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const theirs = await ids(other);
    expect(theirs.map((r) => r.id)).toContain('fuel-by-employee');
    expect(theirs.find((r) => r.id === 'fuel-by-cost-centre')!.title).toBe('Fuel by cost centre');

    const bad = await put('fuel-by-cost-centre', { hidden: false, defaults: { range: 'custom' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['defaults.range']);
    expect((await put('fuel-by-cost-centre', { displayName: 'x' })).status).toBe(400);
    expect((await put('drop-table', { hidden: false })).status).toBe(400);
    const log = await f.admin.get('/api/v1/audit-logs?f.entity=report_setting');
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body)).toContain('Fuel per department');

    await put('fuel-by-employee', { hidden: false });
    await put('fuel-by-cost-centre', { hidden: false });
    expect((await ids(manager)).find((r) => r.id === 'fuel-by-cost-centre')!.title).toBe('Fuel by cost centre');
  });

  it('ThebigBoss enables a report per account type, for every account of the type', async () => {
    const boss = await session(srv.url, ...DEMO.boss);
    expect((await f.admin.get('/api/v1/report-catalogue')).status).toBe(403);
    const cat = await boss.get('/api/v1/report-catalogue');
    expect(cat.status).toBe(200);
    expect(cat.body.accountTypes).toEqual(expect.arrayContaining(['Fleet operator', 'Mining']));
    const set = (accountTypes: string[] | null) =>
      boss.send('PUT', '/api/v1/report-catalogue/deliveries', { accountTypes });
    expect((await set(['Mining'])).status).toBe(200);
    // Demo Fuels and North Haulage are fleet operators: the report is gone for both, settings included.
    expect((await ids(f.admin)).map((r) => r.id)).not.toContain('deliveries');
    const other = await session(srv.url, ...DEMO.multi, 'North Haulage');
    expect((await ids(other)).map((r) => r.id)).not.toContain('deliveries');
    const settings = await f.admin.get('/api/v1/report-settings');
    expect(settings.body.reports.map((r: { report: string }) => r.report)).not.toContain('deliveries');
    expect((await f.admin.get(`/api/v1/reports/deliveries${qs(OCT)}`)).status).toBe(404);
    expect((await boss.send('PUT', '/api/v1/report-catalogue/deliveries', { accountTypes: [''] })).status).toBe(400);
    expect((await set(null)).status).toBe(200);
    expect((await ids(f.admin)).map((r) => r.id)).toContain('deliveries');
  });
});
