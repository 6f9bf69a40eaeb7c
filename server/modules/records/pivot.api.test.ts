import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PIVOT_CELLS } from '../../../src/contract/records';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from './fixture.testutil';

/** `/QuickPivot` on the hand-made data set: cells and totals by hand, filters, cap, roles, export. */
let srv: TestServer;
let f: Fixture;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

const P = '/api/v1/records/pivot';
type Pivot = {
  rows: { key: string; label: string }[];
  cols: { key: string; label: string }[];
  cells: (number | null)[][];
  rowTotals: number[];
  colTotals: number[];
  grand: number;
};
const cell = (p: Pivot, r: string, c: string) =>
  p.cells[p.rows.findIndex((x) => x.key === r)][p.cols.findIndex((x) => x.key === c)];

describe('pivot', () => {
  it('litres by store × product with row, column and grand totals', async () => {
    const res = await f.driver.get(
      `${P}${qs({ rows: 'store', cols: 'product', measure: 'litres', storeId: f.store })}`,
    );
    expect(res.status).toBe(200);
    const p = res.body as Pivot;
    expect(p.rows.map((r) => r.key)).toEqual([f.store]);
    expect(p.rows[0].label).toMatch(/^RS.* — Records site$/);
    expect(cell(p, f.store, f.productA)).toBe(150);
    expect(cell(p, f.store, f.productB)).toBe(30);
    expect(p.rowTotals).toEqual([180]);
    expect(p.colTotals.reduce((a, b) => a + b, 0)).toBe(180);
    expect(p.grand).toBe(180);
  });

  it('local days as columns; cost at the product price; net count', async () => {
    const days = (await f.driver.get(`${P}${qs({ rows: 'equipment', cols: 'day', storeId: f.store })}`)).body as Pivot;
    expect(days.cols.map((c) => c.key)).toEqual(['2026-10-01', '2026-10-02', '2026-10-05']);
    expect(cell(days, f.e2, '2026-10-02')).toBe(50);
    expect(cell(days, f.e2, '2026-10-01')).toBeNull();
    const cost = (await f.driver.get(`${P}${qs({ rows: 'product', measure: 'cost', storeId: f.store })}`))
      .body as Pivot;
    // A: 150 L × 2.00; B: 30 L × 3.00; no column dimension: one total per row.
    expect(cost.cols).toEqual([]);
    expect(cost.rowTotals).toEqual([300, 90]);
    expect(cost.grand).toBe(390);
    const months = (
      await f.driver.get(
        `${P}${qs({ rows: 'month', cols: 'store', measure: 'count', from: '2026-10-01', to: '2026-10-31' })}`,
      )
    ).body as Pivot;
    expect(months.rows.map((r) => r.key)).toEqual(['2026-10']);
    expect(months.grand).toBe(4);
  });

  it('filters by date range (store-local) and product; grand equals the dispensing list total', async () => {
    const q = { from: '2026-10-02', to: '2026-10-05', productId: f.productA, storeId: f.store };
    const p = (await f.driver.get(`${P}${qs({ rows: 'tank', cols: 'week', ...q })}`)).body as Pivot;
    const list = (
      await f.editor.get(
        `/api/v1/records/dispenses/totals${qs({ 'f.from': q.from, 'f.to': q.to, 'f.productId': q.productId, 'f.storeId': q.storeId })}`,
      )
    ).body;
    expect(p.grand).toBe(50);
    expect(p.grand).toBe(list.litres);
    expect(p.rows[0].label).toMatch(/\/ T1$/);
    expect(p.cols.map((c) => c.key)).toEqual(['2026-W40']);
  });

  it('employees without one are "(none)"; after a correction the pivot nets the reversal', async () => {
    const before = (await f.driver.get(`${P}${qs({ rows: 'employee', storeId: f.store })}`)).body as Pivot;
    expect(before.rows.map((r) => r.label)).toEqual([expect.stringMatching(/Pat Records$/), '(none)']);
    expect(before.rowTotals).toEqual([100, 80]);
    const r = (await f.editor.get(`/api/v1/records/dispenses/${f.d.d2}`)).body.record;
    const fix = await f.editor.send('POST', `/api/v1/dispenses/${f.d.d2}/correct`, {
      storeId: r.storeId,
      tankId: r.tankId,
      equipmentId: r.equipmentId,
      employeeId: f.p1,
      litres: 45,
      dispensedAt: r.dispensedAt,
      reason: 'Wrong employee and litres',
    });
    expect(fix.status).toBe(201);
    const after = (await f.driver.get(`${P}${qs({ rows: 'employee', measure: 'litres', storeId: f.store })}`))
      .body as Pivot;
    expect(after.rowTotals).toEqual([145, 30]);
    const counted = (await f.driver.get(`${P}${qs({ rows: 'employee', measure: 'count', storeId: f.store })}`))
      .body as Pivot;
    expect(counted.rowTotals).toEqual([2, 1]);
    expect(counted.grand).toBe(3);
  });

  it('refuses unknown dimensions and measures, and bad filters, with field errors', async () => {
    for (const q of [
      { rows: 'colour' },
      { rows: 'store', cols: 'store' },
      { rows: 'store', measure: 'weight' },
      { rows: 'store', from: 'May' },
      { rows: 'store', storeId: 'x' },
      { rows: 'store', evil: '1' },
    ] as Record<string, string>[]) {
      const res = await f.driver.get(`${P}${qs(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    expect((await f.driver.get(P)).status).toBe(400);
  });

  it(`says clearly when there would be more than ${MAX_PIVOT_CELLS} cells`, async () => {
    // 150 equipment × 140 days = 21,000 cells, inserted in SQL.
    const account = f.admin.item.account.accountId;
    await srv.database.db.execute(
      sql`insert into equipment (account_id, fleet_no, type_id) select ${account}, 'CAP-' || g, type_id from equipment, generate_series(1, 150) g where id = ${f.e1}`,
    );
    await srv.database.db
      .execute(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id, equipment_id, litres, dispensed_at)
      select ${account}, gen_random_uuid(), 'x', 'cap', 1, 'FAMS', ${f.store2}, ${f.t3}, ${f.productA}, e.id, 1, '2026-01-01T12:00:00Z'::timestamptz + (d || ' days')::interval
      from equipment e, generate_series(0, 139) d where e.account_id = ${account} and e.fleet_no like 'CAP-%'`);
    const res = await f.driver.get(`${P}${qs({ rows: 'equipment', cols: 'day', storeId: f.store2 })}`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('too_many_cells');
    expect(res.body.message).toMatch(/151 rows × 141 columns = 21,291 cells; at most 20,000/);
    expect((await f.driver.get(`${P}${qs({ rows: 'equipment', cols: 'month', storeId: f.store2 })}`)).status).toBe(200);
  });

  it('exports the grid with totals as CSV', async () => {
    const res = await f.driver.client.call(
      'GET',
      `${P}/export${qs({ format: 'csv', rows: 'product', cols: 'store', storeId: f.store, from: '2026-10-01', to: '2026-10-31' })}`,
      undefined,
      f.driver.headers,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/pivot-.*\.csv/);
    const lines = String(res.body).replace('\uFEFF', '').trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Product,RS.* — Records site,Total$/);
    expect(lines[lines.length - 1]).toMatch(/^Total,\d+(\.\d+)?,\d+(\.\d+)?$/);
    expect(
      (
        await f.driver.client.call(
          'GET',
          `${P}/export${qs({ format: 'csv', rows: 'nope' })}`,
          undefined,
          f.driver.headers,
        )
      ).status,
    ).toBe(400);
  });

  it('roles and tenants: an attendant (FAMS24 only) is refused; another account sees only its own', async () => {
    const attendant = await session(srv.url, ...DEMO.attendant);
    expect((await attendant.get(`${P}?rows=store`)).status).toBe(403);
    const other = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const theirs = (await other.get(`${P}${qs({ rows: 'store', storeId: f.store })}`)).body as Pivot;
    expect(theirs.rows).toEqual([]);
    expect(theirs.grand).toBe(0);
  });
});
