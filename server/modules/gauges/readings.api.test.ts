import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, linearTank, session, startServer, type TestServer } from '../../../tests/api/harness';
import { ReadingError, storeReadings, type ReadingInput } from './readings.service';

/**
 * THE reading store on a real database: a tank with a linear chart (0 mm → 0 L, 2000 mm →
 * 10 000 L, so 5 L/mm), capacity 10 000 L, safe fill 9 500 L, low level 1 000 L, diesel at
 * 840 kg/m³ — every figure below is worked by hand from those.
 */
let srv: TestServer;
let accountId: number;
let otherAccountTank: string;
const f = {} as Record<'store' | 'product' | 'tank' | 'tank2' | 'noChart', string>;

beforeAll(async () => {
  srv = await startServer();
  const admin = await session(srv.url, ...DEMO.admin);
  accountId = admin.item.account.accountId;
  const create = (path: string, body: object) => created(admin, path, body);
  const u = Date.now().toString(36);
  f.store = await create('stores', { code: `R${u}`, name: 'Readings site', variant: 'FAMS', timezone: 'UTC' });
  f.product = await create('products', {
    code: `D${u}`,
    name: 'Diesel 840',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'diesel',
    density15: 840,
  });
  const tank = linearTank(f.store, f.product);
  f.tank = await create('tanks', { ...tank, code: 'T1', name: 'Tank 1' });
  f.tank2 = await create('tanks', { ...tank, code: 'T2', name: 'Tank 2' });
  f.noChart = await create('tanks', { ...tank, code: 'T3', name: 'No chart', strappingChart: null });
  // A tank of another account (North Haulage's demo fleet).
  const other = await srv.database.db.execute(sql`select id from tanks where account_id <> ${accountId} limit 1`);
  otherAccountTank = (other.rows[0] as { id: string }).id;
});
afterAll(async () => {
  await srv?.close();
});

const db = () => srv.database.db;
const count = async (q: ReturnType<typeof sql>) => Number(((await db().execute(q)).rows[0] as { n: number }).n);
const readingsOf = (tankId: string) =>
  count(sql`select count(*)::int as n from tank_readings where tank_id = ${tankId}`);
const openExceptions = (tankId: string, code: string) =>
  count(
    sql`select count(*)::int as n from exceptions where tank_id = ${tankId} and code = ${code} and status <> 'resolved'`,
  );
const at = (iso: string) => new Date(iso);
const gauge = (over: Partial<ReadingInput>): ReadingInput => ({
  tankId: f.tank,
  readAt: at('2026-03-01T10:00:00Z'),
  source: 'gauge',
  ...over,
});

describe('storeReadings', () => {
  it('turns heights into gross, water, net at 15 °C and ullage, and stores the row', async () => {
    const [r] = await storeReadings(db(), accountId, [
      gauge({ productHeightMm: 1000, waterHeightMm: 20, temperatureC: 30 }),
    ]);
    // Level 1000 mm → 5000 L, water 20 mm → 100 L, gross = 4900 L; VCF(840, 30 °C) = 0.98729637.
    expect(r).toMatchObject({
      status: 'created',
      grossLitres: 4900,
      waterLitres: 100,
      ullageLitres: 4600,
      exceptions: [],
    });
    expect(r.netLitres15).toBeCloseTo(4837.752, 3);
    const row = (
      await db().execute(
        sql`select gross_litres, net_litres_15, ullage_litres, water_litres, source, product_height_mm from tank_readings where id = ${r.id}`,
      )
    ).rows[0];
    expect(row).toEqual({
      gross_litres: '4900.000',
      net_litres_15: '4837.752',
      ullage_litres: '4600.000',
      water_litres: '100.000',
      source: 'gauge',
      product_height_mm: 1000,
    });
  });

  it('takes a measured gross volume as given; without a temperature there is no net volume', async () => {
    const [r] = await storeReadings(db(), accountId, [
      gauge({ tankId: f.noChart, grossLitres: 3000.5, readAt: at('2026-03-01T11:00:00Z') }),
    ]);
    expect(r).toMatchObject({
      status: 'created',
      grossLitres: 3000.5,
      netLitres15: null,
      ullageLitres: 6499.5,
      waterLitres: null,
    });
  });

  it('stores a reading once per tank, source and instant; a repeat answers duplicate with the stored id', async () => {
    const reading = gauge({ tankId: f.tank2, productHeightMm: 800, readAt: at('2026-03-02T08:00:00Z') });
    const [first] = await storeReadings(db(), accountId, [reading]);
    const [again, sameBatch] = await storeReadings(db(), accountId, [reading, reading]);
    expect(again).toMatchObject({ status: 'duplicate', id: first.id });
    expect(sameBatch).toMatchObject({ status: 'duplicate', id: first.id });
    // The same instant from another source is another reading.
    const [dip] = await storeReadings(db(), accountId, [{ ...reading, source: 'dip' }]);
    expect(dip.status).toBe('created');
    expect(
      await count(
        sql`select count(*)::int as n from tank_readings where tank_id = ${f.tank2} and read_at = ${'2026-03-02T08:00:00Z'}::timestamptz`,
      ),
    ).toBe(2);
  });

  it('raises low level once while it is open, and again after it was resolved', async () => {
    const low = (hour: number) =>
      gauge({ productHeightMm: 100, readAt: at(`2026-03-03T${String(hour).padStart(2, '0')}:00:00Z`) }); // 500 L < 1000 L
    const [a] = await storeReadings(db(), accountId, [low(1)]);
    expect(a.exceptions).toEqual(['low_level']);
    const [b] = await storeReadings(db(), accountId, [low(2)]);
    expect(b.exceptions).toEqual([]);
    expect(await openExceptions(f.tank, 'low_level')).toBe(1);
    const ex = (
      await db().execute(
        sql`select entity, entity_id, dedupe_key, message from exceptions where tank_id = ${f.tank} and code = 'low_level'`,
      )
    ).rows[0] as Record<string, string>;
    expect(ex).toMatchObject({ entity: 'tank_reading', entity_id: a.id, dedupe_key: `low_level:${f.tank}` });
    expect(ex.message).toContain('500 L');

    await db().execute(
      sql`update exceptions set status = 'resolved', resolved_at = now() where tank_id = ${f.tank} and code = 'low_level'`,
    );
    const [c] = await storeReadings(db(), accountId, [low(3)]);
    expect(c.exceptions).toEqual(['low_level']);
    expect(await openExceptions(f.tank, 'low_level')).toBe(1);
  });

  it('raises high level above the safe fill and water above the alarm height, never resolving anything', async () => {
    // 1960 mm → 9800 L total, water 60 mm → 300 L: gross 9500 L is not above safe fill …
    const [r1] = await storeReadings(db(), accountId, [
      gauge({ productHeightMm: 1960, waterHeightMm: 60, readAt: at('2026-03-04T01:00:00Z') }),
    ]);
    expect(r1.exceptions).toEqual(['water']);
    // … 1990 mm → 9950 L, water 10 mm → 50 L: gross 9900 L is.
    const [r2] = await storeReadings(db(), accountId, [
      gauge({ productHeightMm: 1990, waterHeightMm: 10, readAt: at('2026-03-04T02:00:00Z') }),
    ]);
    expect(r2.exceptions).toEqual(['high_level']);
    expect(await openExceptions(f.tank, 'water')).toBe(1);
    expect(await openExceptions(f.tank, 'low_level')).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from exceptions where tank_id = ${f.tank} and code = 'high_level' and severity = 'critical'`,
      ),
    ).toBe(1);
  });

  it("judges a tank's state by its newest reading only: a late old reading raises nothing", async () => {
    const [r] = await storeReadings(db(), accountId, [
      gauge({ tankId: f.tank2, productHeightMm: 50, readAt: at('2026-01-01T00:00:00Z') }), // old and low
      gauge({ tankId: f.tank2, productHeightMm: 900, readAt: at('2026-03-05T00:00:00Z') }), // newest, fine
    ]);
    expect(r.exceptions).toEqual([]);
    expect(await openExceptions(f.tank2, 'low_level')).toBe(0);
  });

  it('refuses the whole call when one reading cannot be stored, and stores nothing of it', async () => {
    const before = await readingsOf(f.tank);
    const cases: [Partial<ReadingInput>, string, RegExp][] = [
      [{ tankId: otherAccountTank, productHeightMm: 10 }, 'tankId', /existing tank/],
      [{ productHeightMm: 2500 }, 'productHeightMm', /outside tank T1's strapping chart \(0–2000 mm\)/],
      [{ tankId: f.noChart, productHeightMm: 100 }, 'productHeightMm', /no strapping chart/],
      [{ productHeightMm: null, grossLitres: null }, 'productHeightMm', /height or a gross volume/],
      [{ grossLitres: 50_000 }, 'grossLitres', /not possible/],
    ];
    for (const [over, field, message] of cases) {
      const bad = gauge({ ...over, readAt: at('2026-03-06T00:00:00Z') });
      const err = await storeReadings(db(), accountId, [
        gauge({ productHeightMm: 500, readAt: at('2026-03-06T01:00:00Z') }),
        bad,
      ]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ReadingError);
      expect((err as ReadingError).index).toBe(1);
      expect((err as ReadingError).field).toBe(field);
      expect((err as ReadingError).message).toMatch(message);
    }
    expect(await readingsOf(f.tank)).toBe(before);
  });

  it("writes inside the caller's transaction: a rollback keeps nothing", async () => {
    const before = await readingsOf(f.tank2);
    await db()
      .transaction(async (tx) => {
        const [r] = await storeReadings(tx, accountId, [
          gauge({ tankId: f.tank2, productHeightMm: 10, readAt: at('2026-03-07T00:00:00Z') }),
        ]);
        expect(r.exceptions).toEqual(['low_level']);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await readingsOf(f.tank2)).toBe(before);
    expect(await openExceptions(f.tank2, 'low_level')).toBe(0);
  });

  it('never sees another account: the tank of account A is unknown to account B', async () => {
    const nhAccount = Number(
      (
        (await db().execute(sql`select account_id from tanks where id = ${otherAccountTank}`)).rows[0] as {
          account_id: number;
        }
      ).account_id,
    );
    const err = await storeReadings(db(), nhAccount, [gauge({ productHeightMm: 100 })]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadingError);
  });
});
