import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { BreakdownRow, DashboardSummary, Wallboard } from '../../../src/contract/dashboard';

/**
 * The KPI cards and the wall board on a hand-made data set: two stores on opposite sides of the
 * date line (Auckland, Los Angeles), each with dispenses one second either side of its own local
 * day boundaries (today, 7 days, 30 days), so a figure is right only if days are the store's.
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'akl' | 'lax' | 'p1' | 'p2' | 'tankA' | 'tankB' | 'eq', string>;
let before: DashboardSummary;
const SECOND = 1000;

/** The zone's UTC offset at an instant, from Intl ("GMT+13:00"). */
function offsetMs(tz: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = name.match(/GMT([+-])(\d{2}):(\d{2})/);
  return m ? (m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

/** The instant of local midnight in `tz`, `daysBack` local days before today. */
function localMidnight(tz: string, now: number, daysBack: number): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  const wall = Date.UTC(y, m - 1, d - daysBack);
  return wall - offsetMs(tz, wall - offsetMs(tz, wall));
}

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  const create = (path: string, body: object) => created(admin, path, body);
  const u = Date.now().toString(36);
  f.akl = await create('stores', { code: `A${u}`, name: 'Auckland', variant: 'FAMS', timezone: 'Pacific/Auckland' });
  f.lax = await create('stores', {
    code: `B${u}`,
    name: 'Los Angeles',
    variant: 'FAMS',
    timezone: 'America/Los_Angeles',
  });
  f.p1 = await create('products', { code: `P${u}`, name: 'Diesel A', kind: 'fuel', price: 1 });
  f.p2 = await create('products', { code: `Q${u}`, name: 'Diesel B', kind: 'fuel', price: 1 });
  const tank = { capacity: 100_000, safeFill: 95_000, lowLevel: 1000 };
  f.tankA = await create('tanks', { ...tank, storeId: f.akl, productId: f.p1, code: 'T1', name: 'Auckland tank' });
  f.tankB = await create('tanks', { ...tank, storeId: f.lax, productId: f.p2, code: 'T1', name: 'LA tank' });
  const type = await create('equipment-types', {
    code: `Y${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 1000,
    meterType: 'km',
  });
  f.eq = await create('equipment', { fleetNo: `F${u}`, typeId: type });
  before = (await admin.get('/api/v1/dashboard/summary')).body;

  const now = Date.now();
  const akl = (days: number, s: number) => localMidnight('Pacific/Auckland', now, days) + s * SECOND;
  const lax = (days: number, s: number) => localMidnight('America/Los_Angeles', now, days) + s * SECOND;
  const rec = (storeId: string, tankId: string, at: number, litres: number) => ({
    id: crypto.randomUUID(),
    variant: 'FAMS',
    storeId,
    tankId,
    equipmentId: f.eq,
    litres,
    dispensedAt: new Date(at).toISOString(),
    deviceId: 'test',
  });
  const records = [
    rec(f.akl, f.tankA, akl(0, 1), 10), // today
    rec(f.akl, f.tankA, akl(0, -1), 20), // yesterday: 7 d
    rec(f.akl, f.tankA, akl(6, 1), 40), // first second of the 7-day window
    rec(f.akl, f.tankA, akl(6, -1), 80), // last second before it: 30 d only
    rec(f.akl, f.tankA, akl(29, 1), 160), // first second of the 30-day window
    rec(f.akl, f.tankA, akl(29, -1), 320), // before it: not counted
    rec(f.lax, f.tankB, lax(0, 1), 1),
    rec(f.lax, f.tankB, lax(0, 2), 2),
    rec(f.lax, f.tankB, lax(0, -1), 4),
  ];
  const r = await admin.send('POST', '/api/v1/dispenses/batch', { records });
  expect(r.body.results.map((x: { status: string }) => x.status)).toEqual(Array(records.length).fill('created'));
});
afterAll(async () => {
  await srv?.close();
});

const summaryAs = async (who: readonly [string, string], account?: string) => {
  const s = await session(srv.url, ...who, account);
  const r = await s.get('/api/v1/dashboard/summary');
  expect(r.status).toBe(200);
  return r.body as DashboardSummary;
};
const row = (rows: BreakdownRow[] | null, id: string) => rows?.find((x) => x.id === id);

describe('GET /dashboard/summary', () => {
  it("litres today, 7 d and 30 d by store and product, in each store's own days", async () => {
    const s = await summaryAs(DEMO.admin);
    expect(row(s.byStore, f.akl)).toMatchObject({
      name: 'Auckland',
      today: 10,
      last7d: 70,
      last30d: 310,
      countToday: 1,
    });
    expect(row(s.byStore, f.lax)).toMatchObject({
      name: 'Los Angeles',
      today: 3,
      last7d: 7,
      last30d: 7,
      countToday: 2,
    });
    expect(row(s.byProduct, f.p1)).toMatchObject({ name: 'Diesel A', today: 10, last7d: 70, last30d: 310 });
    expect(row(s.byProduct, f.p2)).toMatchObject({ name: 'Diesel B', today: 3, last7d: 7, last30d: 7 });
    const t0 = before.totals!;
    expect(s.totals).toEqual({
      today: t0.today + 13,
      last7d: t0.last7d + 77,
      last30d: t0.last30d + 317,
      countToday: t0.countToday + 3,
    });
  });

  it('counts open and acknowledged exceptions, not resolved ones', async () => {
    const s0 = await summaryAs(DEMO.admin);
    const accountId = admin.item.account.accountId;
    await srv.database.db
      .execute(sql`insert into exceptions (account_id, code, entity, message, status, severity) values
      (${accountId}, 'test', 'test', 'open one', 'open', 'warning'),
      (${accountId}, 'test', 'test', 'acknowledged critical', 'acknowledged', 'critical'),
      (${accountId}, 'test', 'test', 'resolved', 'resolved', 'critical')`);
    const s1 = await summaryAs(DEMO.admin);
    expect(s1.openExceptions).toEqual({
      count: s0.openExceptions!.count + 2,
      critical: s0.openExceptions!.critical + 1,
    });
  });

  it('leaves out every card the roles do not allow', async () => {
    const shape = (s: DashboardSummary) => ({
      totals: !!s.totals,
      byStore: !!s.byStore,
      byProduct: !!s.byProduct,
      tanks: !!s.tanks,
      openExceptions: !!s.openExceptions,
    });
    expect(shape(await summaryAs(DEMO.driver))).toEqual({
      totals: true,
      byStore: false,
      byProduct: false,
      tanks: false,
      openExceptions: false,
    });
    expect(shape(await summaryAs(DEMO.editor))).toEqual({
      totals: true,
      byStore: true,
      byProduct: true,
      tanks: false,
      openExceptions: false,
    });
    expect(shape(await summaryAs(DEMO.viewer))).toEqual({
      totals: true,
      byStore: true,
      byProduct: true,
      tanks: false,
      openExceptions: false,
    });
    expect(shape(await summaryAs(DEMO.manager))).toEqual({
      totals: true,
      byStore: true,
      byProduct: true,
      tanks: true,
      openExceptions: false,
    });
    expect(shape(await summaryAs(DEMO.admin))).toEqual({
      totals: true,
      byStore: true,
      byProduct: true,
      tanks: true,
      openExceptions: true,
    });
    const admin = await summaryAs(DEMO.admin);
    expect(admin.tanks!.find((t) => t.tankId === f.tankA)).toMatchObject({ source: 'book', storeName: 'Auckland' });
  });

  it("another account's token sees none of these figures", async () => {
    const s = await summaryAs(DEMO.multi, 'North Haulage');
    expect(row(s.byStore, f.akl)).toBeUndefined();
    expect(row(s.byProduct, f.p1)).toBeUndefined();
    expect(s.tanks!.some((t) => t.tankId === f.tankA)).toBe(false);
    expect(JSON.stringify(s)).not.toContain('Demo Fuels');
  });
});

describe('GET /dashboard/wallboard', () => {
  it("shows every tank and today's litres by store for allFamsUserL", async () => {
    const manager = await session(srv.url, ...DEMO.manager);
    const r = await manager.get('/api/v1/dashboard/wallboard');
    expect(r.status).toBe(200);
    const w = r.body as Wallboard;
    expect(w.today.byStore.find((s) => s.id === f.akl)).toMatchObject({ litres: 10, count: 1 });
    expect(w.today.byStore.find((s) => s.id === f.lax)).toMatchObject({ litres: 3, count: 2 });
    expect(w.today.litres).toBe((await summaryAs(DEMO.admin)).totals!.today);
    expect(w.tanks.map((t) => t.tankId)).toEqual(expect.arrayContaining([f.tankA, f.tankB]));
  });

  it('refuses the roles below allFamsUserL', async () => {
    for (const who of [DEMO.driver, DEMO.editor, DEMO.viewer]) {
      expect((await (await session(srv.url, who[0], who[1])).get('/api/v1/dashboard/wallboard')).status).toBe(403);
    }
  });
});
