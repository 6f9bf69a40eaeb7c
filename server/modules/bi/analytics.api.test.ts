import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBoard } from '../../../src/contract/analytics';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from '../records/fixture.testutil';

/**
 * `/PBAnalytics`' board on the records' hand-made data set (fixture.testutil.ts) plus, here: two
 * metered fills of E2 at S2 in September, and T1's last readings of September and October.
 * 24 months so the fixture's October 2026 stays in the window for two years.
 */
let srv: TestServer;
let f: Fixture;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  const fill = (meter: number, litres: number, at: string) => ({
    id: crypto.randomUUID(),
    variant: 'FAMS',
    deviceId: 'phone-1',
    note: '',
    storeId: f.store2,
    tankId: f.t3,
    equipmentId: f.e2,
    litres,
    meter,
    dispensedAt: at,
  });
  const res = await f.driver.send('POST', '/api/v1/dispenses/batch', {
    records: [fill(1000, 20, '2026-09-10T08:00:00Z'), fill(1500, 100, '2026-09-20T08:00:00Z')],
  });
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
  // T1 (Johannesburg): 5,000 L at the end of September, 5,790 L at the end of October.
  await srv.database.db.execute(sql`
    insert into tank_readings (account_id, tank_id, read_at, source, gross_litres)
    select account_id, id, x.at::timestamptz, 'dip', x.litres from tanks,
      (values ('2026-09-30T12:00:00Z', 5000), ('2026-10-31T12:00:00Z', 5790)) x(at, litres)
    where id = ${f.t1}`);
});
afterAll(async () => {
  await srv?.close();
});

const board = async (params: Record<string, string | number>) => {
  const res = await f.admin.get(`/api/v1/analytics/board${qs({ months: 24, ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AnalyticsBoard;
};

describe('analytics board', () => {
  it('litres per month and the top consumers of a store (net, store-local months)', async () => {
    const b = await board({ storeId: f.store });
    expect(b.litresByMonth.map((r) => [r.month, r.litres])).toEqual([['2026-10', 180]]);
    expect(b.topConsumers.map((r) => [r.fleetNo.slice(0, 3), r.litres, r.dispenses])).toEqual([
      ['RE1', 130, 2],
      ['RE2', 50, 1],
    ]);
  });

  it('consumption: each fill over the distance since the previous one (the first is left out)', async () => {
    const b = await board({ storeId: f.store2 });
    expect(b.consumptionTrend).toEqual([{ month: '2026-09', lPer100km: 20, litres: 100 }]);
  });

  it('variance: the change between month-end readings less the book movements between them', async () => {
    // T1 in October: +1,000 received, −150 dispensed, −50 transferred: book +800; measured +790.
    const b = await board({ storeId: f.store });
    expect(b.varianceTrend).toEqual([{ month: '2026-10', varianceLitres: -10, throughputLitres: 150 }]);
  });

  it('counts exceptions per week and severity', async () => {
    const b = await board({ storeId: f.store });
    const count = b.exceptionsByWeek.reduce((n, w) => n + w.count, 0);
    const stored = await srv.database.db.execute(
      sql`select count(*)::int as n from exceptions where store_id = ${f.store}::uuid`,
    );
    expect(count).toBe(stored.rows[0].n);
    expect(count).toBeGreaterThan(0);
    for (const w of b.exceptionsByWeek) expect(new Date(`${w.week}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('is the admin screen’s: a manager is refused, and a bad period is a 400', async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.get('/api/v1/analytics/board')).status).toBe(403);
    expect((await f.admin.get('/api/v1/analytics/board?months=5')).status).toBe(400);
  });
});
