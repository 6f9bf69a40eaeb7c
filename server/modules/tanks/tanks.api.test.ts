import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, linearTank, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { TankLevel } from '../../../src/contract/tanks';
import { storeReadings } from '../gauges/readings.service';

/**
 * `/TankLevels` against a real database, on a hand-made site: tanks with a linear chart
 * (0 mm → 0 L, 2000 mm → 10 000 L: 5 L/mm), capacity 10 000 L, safe fill 9 500 L, low level
 * 1 000 L. Every expected figure below is worked out from those.
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
let accountId: number;
const f = {} as Record<
  'store' | 'store2' | 'product' | 'product2' | 'high' | 'low' | 'book' | 'history' | 'other',
  string
>;
const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms);
const MIN = 60_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  accountId = admin.item.account.accountId;
  const create = (path: string, body: object) => created(admin, path, body);
  const u = Date.now().toString(36);
  f.store = await create('stores', { code: `L${u}`, name: 'Levels site', variant: 'FAMS', timezone: 'UTC' });
  f.store2 = await create('stores', { code: `M${u}`, name: 'Second site', variant: 'FAMS', timezone: 'UTC' });
  f.product = await create('products', {
    code: `D${u}`,
    name: 'Diesel 840',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'diesel',
    density15: 840,
  });
  f.product2 = await create('products', {
    code: `G${u}`,
    name: 'Petrol 745',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'gasoline',
    density15: 745,
  });
  const tank = linearTank(f.store, f.product);
  f.high = await create('tanks', { ...tank, code: 'T1', name: 'High and wet' });
  f.low = await create('tanks', { ...tank, code: 'T2', name: 'Low and quiet', productId: f.product2 });
  f.book = await create('tanks', { ...tank, code: 'T3', name: 'Never read', storeId: f.store2 });
  f.history = await create('tanks', { ...tank, code: 'T4', name: 'Long history', storeId: f.store2 });
  const db = srv.database.db;
  // T1: an older reading, then the newest 10 min ago: level 1980 mm → 9 900 L, water 60 mm → 300 L,
  // gross 9 600 L (above the 9 500 L safe fill, water above 50 mm), 15 °C so net = gross.
  await storeReadings(db, accountId, [
    { tankId: f.high, readAt: ago(3 * HOUR), source: 'gauge', grossLitres: 5000 },
    {
      tankId: f.high,
      readAt: ago(10 * MIN),
      source: 'gauge',
      productHeightMm: 1980,
      waterHeightMm: 60,
      temperatureC: 15,
    },
  ]);
  // T2: one reading 3 h ago, 800 L: below the low level and stale (> 2 h).
  await storeReadings(db, accountId, [{ tankId: f.low, readAt: ago(3 * HOUR), source: 'dip', grossLitres: 800 }]);
  // T3: never read; its book stock is an opening balance of 2 500 L.
  await db.execute(
    sql`insert into stock_movements (account_id, tank_id, at, litres, kind) values (${accountId}, ${f.book}, now() - interval '1 day', 2500, 'opening')`,
  );
  // T4: one reading an hour for 30 days, gross = 1 000 L + the hour's number (rising), so each
  // bucket's last reading is also its highest.
  await db.execute(sql`
    insert into tank_readings (account_id, tank_id, read_at, source, gross_litres)
    select ${accountId}, ${f.history}, date_trunc('hour', ${new Date(NOW).toISOString()}::timestamptz) - (719 - i) * interval '1 hour', 'gauge', 1000 + i
    from generate_series(0, 719) as i`);
  const other = await db.execute(
    sql`select id from tanks where account_id <> ${accountId} and deleted_at is null limit 1`,
  );
  f.other = (other.rows[0] as { id: string }).id;
});
afterAll(async () => {
  await srv?.close();
});

const levels = async (query = '') => {
  const r = await admin.get(`/api/v1/tanks/levels${query}`);
  expect(r.status).toBe(200);
  return r.body.tanks as TankLevel[];
};
const byId = (rows: TankLevel[], id: string) => rows.find((t) => t.tankId === id)!;

describe('GET /tanks/levels', () => {
  it('shows the newest reading of each tank with its figures and alarms', async () => {
    const rows = await levels();
    const high = byId(rows, f.high);
    expect(high).toMatchObject({
      tankCode: 'T1',
      storeId: f.store,
      productName: 'Diesel 840',
      source: 'gauge',
      productHeightMm: 1980,
      waterHeightMm: 60,
      temperatureC: 15,
      grossLitres: 9600,
      netLitres15: 9600,
      waterLitres: 300,
      ullageLitres: 0,
      fillPct: 96,
      bookLitres: null,
      alarms: ['high', 'water'],
    });
    expect(Date.parse(high.readAt!)).toBe(NOW - 10 * MIN);
    expect(byId(rows, f.low)).toMatchObject({
      source: 'dip',
      grossLitres: 800,
      ullageLitres: 8700,
      fillPct: 8,
      alarms: ['low', 'stale'],
    });
  });

  it('a tank never read shows its book stock, marked book, without a stale alarm', async () => {
    expect(byId(await levels(), f.book)).toMatchObject({
      source: 'book',
      readAt: null,
      grossLitres: 2500,
      bookLitres: 2500,
      netLitres15: null,
      ullageLitres: 7000,
      fillPct: 25,
      alarms: [],
    });
  });

  it('filters by store and by product', async () => {
    expect((await levels(`?storeId=${f.store2}`)).map((t) => t.tankCode)).toEqual(['T3', 'T4']);
    expect((await levels(`?productId=${f.product2}`)).map((t) => t.tankId)).toEqual([f.low]);
    const bad = await admin.get('/api/v1/tanks/levels?storeId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.storeId).toBeDefined();
  });

  it('is for the atg rule: driver and manager are refused, admin is not', async () => {
    for (const who of [DEMO.driver, DEMO.manager, DEMO.editor]) {
      expect((await (await session(srv.url, who[0], who[1])).get('/api/v1/tanks/levels')).status).toBe(403);
    }
  });

  it("another account's token sees only its own tanks", async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const r = await boss.get('/api/v1/tanks/levels');
    expect(r.status).toBe(200);
    const ids = (r.body.tanks as TankLevel[]).map((t) => t.tankId);
    expect(ids).toContain(f.other);
    for (const id of [f.high, f.low, f.book, f.history]) expect(ids).not.toContain(id);
    expect((await boss.get(`/api/v1/tanks/${f.high}/readings`)).status).toBe(404);
  });
});

describe('GET /tanks/:id/readings', () => {
  const readingsIn = async (from: Date, to: Date) =>
    Number(
      (
        (
          await srv.database.db.execute(sql`
    select count(*)::int as n from tank_readings where tank_id = ${f.history} and read_at >= ${from.toISOString()}::timestamptz and read_at < ${to.toISOString()}::timestamptz`)
        ).rows[0] as { n: number }
      ).n,
    );

  it('24 h: every reading is its own point', async () => {
    const r = await admin.get(`/api/v1/tanks/${f.history}/readings`);
    expect(r.status).toBe(200);
    expect(r.body.tank).toMatchObject({ code: 'T4', capacity: 10_000, safeFill: 9500, lowLevel: 1000 });
    expect(r.body.bucketSeconds).toBe(300);
    const n = await readingsIn(new Date(r.body.from), new Date(r.body.to));
    expect(n).toBeGreaterThanOrEqual(23);
    expect(r.body.points).toHaveLength(n);
    for (const p of r.body.points)
      expect(p).toMatchObject({ count: 1, minLitres: p.grossLitres, maxLitres: p.grossLitres });
    expect(r.body.points.at(-1).grossLitres).toBe(1719);
  });

  it("30 days are cut into 2 h buckets: each point is its bucket's last reading with the min and max", async () => {
    const to = new Date(NOW);
    const from = new Date(NOW - 30 * 24 * HOUR);
    const r = await admin.get(`/api/v1/tanks/${f.history}/readings?from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(r.status).toBe(200);
    expect(r.body.bucketSeconds).toBe(7200);
    const points = r.body.points as {
      at: string;
      grossLitres: number;
      minLitres: number;
      maxLitres: number;
      count: number;
    }[];
    expect(points.length).toBeGreaterThanOrEqual(359);
    expect(points.length).toBeLessThanOrEqual(361);
    expect(points.reduce((s, p) => s + p.count, 0)).toBe(await readingsIn(from, to));
    for (const p of points) {
      expect(p.count).toBeLessThanOrEqual(2);
      expect(p.grossLitres).toBe(p.maxLitres);
      expect(p.maxLitres - p.minLitres).toBe(p.count - 1);
    }
    // In time order, and each point's time is a real reading time (on the hour).
    expect(points.map((p) => p.at)).toEqual([...points.map((p) => p.at)].sort());
    for (const p of points) expect(Date.parse(p.at) % HOUR).toBe(0);
  });

  it("says how far apart readings may be before the chart breaks the line (the tank's rhythm)", async () => {
    // T4 is read by no gauge device: hand-read rhythm (3 days) beats 2 buckets.
    const r = await admin.get(`/api/v1/tanks/${f.history}/readings`);
    expect(r.body.gapSeconds).toBe(3 * 24 * 3600);
    // A gauge device that polls T1 every 90 min: two polls (3 h) beat the 2 h stale period.
    await srv.database.db.execute(sql`
      insert into gauge_devices (account_id, store_id, name, protocol, poll_interval_s, enabled, tank_map)
      values (${accountId}, ${f.store}, ${`Gap test ${Date.now()}`}, 'http_push', 5400, true, ${JSON.stringify([{ tankNumber: 1, tankId: f.high }])}::jsonb)`);
    const g = await admin.get(`/api/v1/tanks/${f.high}/readings`);
    expect(g.body.gapSeconds).toBe(3 * 3600);
    // 400 days in 1 d buckets: two buckets (2 d) beat the device's rhythm.
    const long = await admin.get(
      `/api/v1/tanks/${f.high}/readings?from=${new Date(NOW - 390 * 24 * HOUR).toISOString()}&to=${new Date(NOW).toISOString()}`,
    );
    expect(long.body.gapSeconds).toBe(2 * long.body.bucketSeconds);
  });

  it('refuses a reversed or too long range, and an unknown tank', async () => {
    const t = new Date(NOW).toISOString();
    const reversed = await admin.get(
      `/api/v1/tanks/${f.history}/readings?from=${t}&to=${new Date(NOW - HOUR).toISOString()}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.fieldErrors.to).toBeDefined();
    const long = await admin.get(
      `/api/v1/tanks/${f.history}/readings?from=${new Date(NOW - 500 * 24 * HOUR).toISOString()}`,
    );
    expect(long.status).toBe(400);
    expect((await admin.get(`/api/v1/tanks/${crypto.randomUUID()}/readings`)).status).toBe(404);
    expect((await admin.get(`/api/v1/tanks/${f.other}/readings`)).status).toBe(404);
    expect((await admin.get('/api/v1/tanks/not-a-uuid/readings')).status).toBe(400);
  });
});
