import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomReportDeclaration } from '../../../src/contract/custom-reports';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, type Fixture } from '../records/fixture.testutil';
import { customReportSql } from './custom-report.sql';

/** Custom report statements on the records' hand-made data set (fixture.testutil.ts), against PostgreSQL. */
let srv: TestServer;
let f: Fixture;
const OCT = { from: '2026-10-01', to: '2026-10-31' };

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

const run = async (decl: unknown, accountId = f.admin.item.account.accountId, period = OCT) => {
  const d = CustomReportDeclaration.parse(decl);
  return (await srv.database.db.execute(customReportSql(d, { accountId, ...period }))).rows;
};
const storeCode = async () => (await f.admin.get(`/api/v1/stores/${f.store}`)).body.code as string;

describe('custom report statements', () => {
  it('groups, sums and sorts on whitelisted fields, with filters, on store-local days', async () => {
    const rows = await run({
      title: 'Litres per machine at S',
      dataset: 'dispenses',
      columns: [{ field: 'fleetNo' }, { field: 'litres', aggregate: 'sum' }, { field: 'id', aggregate: 'count' }],
      filters: [{ field: 'store', op: 'eq', value: await storeCode() }],
      groupBy: ['fleetNo'],
      sort: [{ field: 'litres', desc: true }],
    });
    expect(rows.map((r) => [String(r.fleetNo).slice(0, 3), r.sum_litres, r.count_id])).toEqual([
      ['RE1', 130, 2],
      ['RE2', 50, 1],
    ]);
    // d2 (23:30Z on 10-01) is 10-02 at S; d4 is 10-02 at S2 (UTC).
    const day = await run(
      {
        title: 'Day',
        dataset: 'dispenses',
        columns: [{ field: 'id' }, { field: 'litres' }],
        sort: [{ field: 'litres' }],
      },
      undefined,
      { from: '2026-10-02', to: '2026-10-02' },
    );
    expect(day.filter((r) => [f.d.d2, f.d.d4].includes(String(r.id))).map((r) => r.litres)).toEqual([20, 50]);
  });

  it('takes filter values literally (contains) and as numbers for number fields', async () => {
    const rows = await run({
      title: 'Receipts',
      dataset: 'receipts',
      columns: [{ field: 'supplier' }, { field: 'litres' }],
      filters: [
        { field: 'supplier', op: 'contains', value: 'uelc' },
        { field: 'litres', op: 'gte', value: '999.5' },
      ],
    });
    expect(rows).toEqual([{ supplier: 'Fuelco', litres: 1000 }]);
    expect(
      await run({
        title: 'Nothing',
        dataset: 'receipts',
        columns: [{ field: 'supplier' }],
        filters: [{ field: 'supplier', op: 'contains', value: "%' or 1=1 --" }],
      }),
    ).toEqual([]);
  });

  it("another account's run sees none of these rows", async () => {
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const rows = await run(
      { title: 'All', dataset: 'dispenses', columns: [{ field: 'id' }] },
      north.item.account.accountId,
    );
    const ids = new Set(rows.map((r) => r.id));
    for (const id of Object.values(f.d)) expect(ids.has(id)).toBe(false);
  });
});
