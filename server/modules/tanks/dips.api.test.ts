import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, linearTank, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { TankLevel } from '../../../src/contract/tanks';

/**
 * Manual dips through the batch ingest (`POST /dips/batch`, as the offline outbox sends them):
 * idempotent on the device's id, stored through the reading store as source `dip`, tenant-scoped.
 * The tank: linear chart 0 mm → 0 L, 2000 mm → 10 000 L (5 L/mm), capacity 10 000 L, safe fill
 * 9 500 L, low level 1 000 L; diesel at 840 kg/m³ (at 15 °C net = gross).
 */
let srv: TestServer;
let driver: Awaited<ReturnType<typeof session>>;
let admin: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'tank' | 'lowTank' | 'noChart' | 'other', string>;

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  driver = await session(srv.url, ...DEMO.driver);
  const create = (path: string, body: object) => created(admin, path, body);
  const u = Date.now().toString(36);
  const store = await create('stores', { code: `K${u}`, name: 'Dip site', variant: 'FAMS', timezone: 'UTC' });
  const product = await create('products', {
    code: `D${u}`,
    name: 'Diesel 840',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'diesel',
    density15: 840,
  });
  const tank = linearTank(store, product);
  f.tank = await create('tanks', { ...tank, code: 'T1', name: 'Dipped' });
  f.lowTank = await create('tanks', { ...tank, code: 'T2', name: 'Running low' });
  f.noChart = await create('tanks', { ...tank, code: 'T3', name: 'No chart', strappingChart: null });
  const other = await srv.database.db.execute(
    sql`select id from tanks where account_id <> ${admin.item.account.accountId} and deleted_at is null limit 1`,
  );
  f.other = (other.rows[0] as { id: string }).id;
});
afterAll(async () => {
  await srv?.close();
});

const dip = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  tankId: f.tank,
  productHeightMm: 1000,
  waterHeightMm: 0,
  temperatureC: 15,
  dippedAt: new Date(Date.now() - 60_000).toISOString(),
  note: 'morning dip',
  deviceId: 'phone-1',
  ...over,
});
const post = (s: typeof admin, records: unknown[]) => s.send('POST', '/api/v1/dips/batch', { records });
const readingRow = async (id: string) =>
  (
    await srv.database.db.execute(sql`
  select tank_id, source, product_height_mm, gross_litres, net_litres_15, ullage_litres, payload_hash is not null as hashed, device_id, note, created_by
  from tank_readings where id = ${id}`)
  ).rows;

describe('POST /dips/batch', () => {
  it('stores a dip as a reading (height → volume by the chart) once; a replay answers duplicate', async () => {
    const d = dip();
    const first = await post(driver, [d]);
    expect(first.status).toBe(200);
    expect(first.body.results[0]).toMatchObject({ id: d.id, status: 'created', httpStatus: 201, exceptions: [] });
    expect(await readingRow(d.id)).toEqual([
      {
        tank_id: f.tank,
        source: 'dip',
        product_height_mm: 1000,
        gross_litres: '5000.000',
        net_litres_15: '5000.000',
        ullage_litres: '4500.000',
        hashed: true,
        device_id: 'phone-1',
        note: 'morning dip',
        created_by: driver.item.userRoles.id,
      },
    ]);
    const again = await post(driver, [d]);
    expect(again.body.results[0]).toMatchObject({ id: d.id, status: 'duplicate', httpStatus: 200 });
    expect(await readingRow(d.id)).toHaveLength(1);
    const audit = await srv.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'tank_dip' and entity_id = ${d.id}`,
    );
    expect(audit.rows[0]).toEqual({ n: 1 });
  });

  it('the same id with a changed payload is refused with 422 and nothing changes', async () => {
    const d = dip({ dippedAt: new Date(Date.now() - 120_000).toISOString() });
    await post(driver, [d]);
    const changed = await post(driver, [{ ...d, productHeightMm: 1100 }]);
    expect(changed.body.results[0]).toMatchObject({ status: 'rejected', httpStatus: 422 });
    expect((await readingRow(d.id))[0]).toMatchObject({ product_height_mm: 1000, gross_litres: '5000.000' });
  });

  it("refuses an unknown tank, another account's tank and a height the chart cannot convert, and stores the rest", async () => {
    const good = dip({ dippedAt: new Date(Date.now() - 180_000).toISOString() });
    const unknown = dip({ tankId: crypto.randomUUID() });
    const foreign = dip({ tankId: f.other });
    const tooHigh = dip({ productHeightMm: 2500 });
    const noChart = dip({ tankId: f.noChart });
    const invalid = { ...dip(), productHeightMm: -5 };
    const r = await post(driver, [unknown, good, foreign, tooHigh, noChart, invalid]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byId = (d: { id: string }) => r.body.results.find((x: { id: string }) => x.id === d.id);
    expect(byId(unknown)).toMatchObject({
      status: 'rejected',
      httpStatus: 422,
      fieldErrors: { tankId: ['Unknown tank'] },
    });
    expect(byId(foreign)).toMatchObject({
      status: 'rejected',
      httpStatus: 422,
      fieldErrors: { tankId: ['Unknown tank'] },
    });
    expect(byId(tooHigh)).toMatchObject({ status: 'rejected', httpStatus: 422 });
    expect(byId(tooHigh).fieldErrors.productHeightMm[0]).toMatch(/outside/);
    expect(byId(noChart)).toMatchObject({ status: 'rejected', httpStatus: 422 });
    expect(byId(noChart).fieldErrors.productHeightMm[0]).toMatch(/no strapping chart/);
    expect(byId(invalid)).toMatchObject({ status: 'rejected', httpStatus: 400 });
    expect(byId(invalid).fieldErrors.productHeightMm).toBeDefined();
    expect(byId(good)).toMatchObject({ status: 'created' });
    for (const d of [unknown, foreign, tooHigh, noChart, invalid]) expect(await readingRow(d.id)).toHaveLength(0);
    const foreignReadings = await srv.database.db.execute(
      sql`select count(*)::int as n from tank_readings where tank_id = ${f.other} and source = 'dip'`,
    );
    expect(foreignReadings.rows[0]).toEqual({ n: 0 });
  });

  it('a second dip of the same tank at the same instant under another id is refused on its time', async () => {
    const at = new Date(Date.now() - 240_000).toISOString();
    await post(driver, [dip({ dippedAt: at })]);
    const second = dip({ dippedAt: at, productHeightMm: 1001 });
    const r = await post(admin, [second]);
    expect(r.body.results[0]).toMatchObject({
      status: 'rejected',
      httpStatus: 422,
      fieldErrors: { dippedAt: ['Another dip of this tank has this exact time'] },
    });
  });

  it('raises the level exceptions once, and a replay reports them again', async () => {
    // 210 mm → 1 050 L less 60 mm of water (300 L) = 750 L, below the 1 000 L low level; 60 mm of water is above the 50
    // mm alarm.
    const d = dip({ tankId: f.lowTank, productHeightMm: 210, waterHeightMm: 60 });
    const r = await post(driver, [d]);
    expect(r.body.results[0]).toMatchObject({ status: 'created', exceptions: ['low_level', 'water'] });
    const replay = await post(driver, [d]);
    expect(replay.body.results[0]).toMatchObject({ status: 'duplicate', exceptions: ['low_level', 'water'] });
    const open = await srv.database.db.execute(
      sql`select code, entity_id from exceptions where tank_id = ${f.lowTank} and status = 'open' order by code`,
    );
    expect(open.rows).toEqual([
      { code: 'low_level', entity_id: d.id },
      { code: 'water', entity_id: d.id },
    ]);
    // The next low dip finds the exception open: nothing new is raised.
    const next = await post(driver, [dip({ tankId: f.lowTank, productHeightMm: 100, waterHeightMm: 0 })]);
    expect(next.body.results[0]).toMatchObject({ status: 'created', exceptions: [] });
  });

  it('shows on /TankLevels as the newest reading, source dip', async () => {
    const d = dip({ productHeightMm: 1200, dippedAt: new Date().toISOString() });
    await post(driver, [d]);
    const levels = await admin.get('/api/v1/tanks/levels');
    expect((levels.body.tanks as TankLevel[]).find((t) => t.tankId === f.tank)).toMatchObject({
      source: 'dip',
      productHeightMm: 1200,
      grossLitres: 6000,
    });
  });

  it('is for FAMS and FAMS24 users of any level: TheBoss without a variant role is refused', async () => {
    const viewer = await session(srv.url, ...DEMO.viewer);
    expect((await post(viewer, [dip()])).status).toBe(403);
    const attendant = await session(srv.url, ...DEMO.attendant);
    expect(
      (await post(attendant, [dip({ dippedAt: new Date(Date.now() - 300_000).toISOString() })])).body.results[0].status,
    ).toBe('created');
  });
});
