import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { checkConsumption, consumptionKey, sweepConsumption } from './consumption.sweep';

/**
 * The consumption check on a real server and database: a truck fills every day for 30 days at
 * 35 L/100 km, then three fills of the last week take 55 L for the same 100 km (one of them
 * later corrected away); an AdBlue fill at random is not judged. Records go in through the ingest.
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'store' | 'diesel' | 'adblue' | 'tank' | 'tankAd' | 'eq', string>;
const high: string[] = [];
let fleetNo = '';
const DAY = 86_400_000;

const create = (path: string, body: object) => created(admin, path, body);

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  const u = crypto.randomBytes(3).toString('hex');
  f.store = await create('stores', { code: `CS${u}`, name: 'Consumption site', variant: 'FAMS', timezone: 'UTC' });
  f.diesel = await create('products', { code: `CD${u}`, name: 'Consumption diesel', kind: 'fuel', price: 20 });
  f.adblue = await create('products', { code: `CA${u}`, name: 'Consumption AdBlue', kind: 'other', price: 5 });
  f.tank = await create('tanks', {
    storeId: f.store,
    productId: f.diesel,
    code: 'T1',
    name: 'Diesel',
    capacity: 50_000,
    safeFill: 47_500,
    lowLevel: 100,
  });
  f.tankAd = await create('tanks', {
    storeId: f.store,
    productId: f.adblue,
    code: 'T2',
    name: 'AdBlue',
    capacity: 5_000,
    safeFill: 4_750,
    lowLevel: 10,
  });
  const type = await create('equipment-types', {
    code: `CY${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 600,
    meterType: 'km',
  });
  fleetNo = `CT-${u}`;
  f.eq = await create('equipment', { fleetNo, typeId: type });
  await srv.database.db.execute(sql`insert into stock_movements (account_id, tank_id, at, litres, kind)
    select account_id, id, now() - interval '60 days', 4000, 'opening' from tanks where id in (${f.tank}, ${f.tankAd})`);
  const start = Date.now() - 40 * DAY;
  const records = [];
  for (let i = 0; i < 38; i++) {
    const late = i >= 33 && i % 2 === 1; // fills 33, 35, 37: the last week
    const id = crypto.randomUUID();
    if (late) high.push(id);
    const wobble = 1 + (((i * 37) % 9) - 4) / 100;
    records.push({
      id,
      variant: 'FAMS',
      storeId: f.store,
      tankId: f.tank,
      equipmentId: f.eq,
      litres: Math.round((late ? 55 : 35 * wobble) * 10) / 10,
      meter: 10_000 + 100 * (i + 1),
      dispensedAt: new Date(start + i * DAY).toISOString(),
      deviceId: 'consumption-test',
    });
    if (i === 36) {
      // AdBlue once, for a distance it has nothing to do with: not a fuel, not judged.
      records.push({
        id: crypto.randomUUID(),
        variant: 'FAMS',
        storeId: f.store,
        tankId: f.tankAd,
        equipmentId: f.eq,
        litres: 40,
        meter: 10_000 + 100 * (i + 1) + 1,
        dispensedAt: new Date(start + i * DAY + 3600_000).toISOString(),
        deviceId: 'consumption-test',
      });
    }
  }
  const r = await admin.send('POST', '/api/v1/dispenses/batch', { records });
  expect(r.body.results.every((x: { status: string }) => x.status === 'created')).toBe(true);
});
afterAll(async () => {
  await srv?.close();
});

const raised = async () =>
  (
    await srv.database.db.execute(sql`
  select entity_id, equipment_id, message, details, status from exceptions where code = 'consumption_outlier' and equipment_id = ${f.eq}`)
  ).rows as Array<Record<string, any>>;

describe('consumption outliers', () => {
  it('flags the three heavy fills of the last week in one exception naming the first', async () => {
    const out = await checkConsumption(srv.database.db, admin.item.account.accountId);
    expect(out.outliers).toBe(3);
    const rows = await raised();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_id: high[0], status: 'open' });
    // One entry per month of the fills (two when the last week straddles a month's end, ADR 075).
    const months = [...new Set(high.map((_, i) => new Date(Date.now() - (7 - 2 * i) * DAY).toISOString().slice(0, 7)))];
    const periods = rows[0].details.periods as { period: string; fills: { id: string }[] }[];
    expect(periods.map((p) => p.period)).toEqual(months);
    expect(periods.flatMap((p) => p.fills.map((x) => x.id))).toEqual(high);
    expect(rows[0].message).toMatch(
      new RegExp(
        `^${fleetNo}: 55\\.0 L for 100 km is 55\\.0 L/100 km, \\d+ % over its usual 35\\.\\d L/100 km` +
          (months.length === 1 ? ' \\(3 such fills' : ''),
      ),
    );
  });

  it('holds a month once per vehicle: a second run, or the sweep, adds nothing', async () => {
    expect((await checkConsumption(srv.database.db, admin.item.account.accountId)).raised).toEqual([]);
    await sweepConsumption(srv.database.db);
    expect(await raised()).toHaveLength(1);
    const key = (
      await srv.database.db.execute(
        sql`select dedupe_key from exceptions where code = 'consumption_outlier' and equipment_id = ${f.eq}`,
      )
    ).rows[0].dedupe_key;
    expect(key).toBe(consumptionKey(f.eq));
  });

  it('a corrected (reversed) heavy fill no longer counts', async () => {
    const r = await admin.send('POST', `/api/v1/dispenses/${high[1]}/reverse`, { reason: 'Typed 55 for 35' });
    expect(r.status).toBeLessThan(300);
    expect((await checkConsumption(srv.database.db, admin.item.account.accountId)).outliers).toBe(2);
  });

  it("never reads another account's fills", async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await checkConsumption(srv.database.db, boss.item.account.accountId)).outliers).toBe(0);
  });
});
