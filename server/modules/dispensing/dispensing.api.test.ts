import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { loadReferences } from './reference.repository';
import { stockAlarm } from './stock';

/**
 * Batch ingest of field records against a real server: idempotency on the client id, tenant
 * isolation, per-record rejection, and one exception per broken rule on a fixture built through
 * the setup API (so the figures are known: capacity 100 L, meter 1000 km, limits 50 L/day).
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
let driver: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'store' | 'store24' | 'product' | 'tank' | 'tank24' | 'type' | 'eq' | 'eq2', string>;

const create = (path: string, body: object) => created(admin, path, body);

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  driver = await session(srv.url, ...DEMO.driver);
  const u = Date.now().toString(36);
  f.store = await create('stores', { code: `T${u}`, name: 'Test site', variant: 'FAMS', timezone: 'UTC' });
  f.store24 = await create('stores', { code: `U${u}`, name: 'Test 24', variant: 'FAMS24', timezone: 'UTC' });
  f.product = await create('products', { code: `P${u}`, name: 'Test diesel', kind: 'fuel', price: 1.5 });
  f.tank = await create('tanks', {
    storeId: f.store,
    productId: f.product,
    code: 'T1',
    name: 'Tank 1',
    capacity: 10000,
    safeFill: 9500,
    lowLevel: 1000,
  });
  f.tank24 = await create('tanks', {
    storeId: f.store24,
    productId: f.product,
    code: 'T1',
    name: 'Tank 24',
    capacity: 10000,
    safeFill: 9500,
    lowLevel: 1000,
  });
  f.type = await create('equipment-types', {
    code: `Y${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 100,
    meterType: 'km',
  });
  f.eq = await create('equipment', { fleetNo: `F${u}`, typeId: f.type, currentMeter: 1000 });
  f.eq2 = await create('equipment', { fleetNo: `G${u}`, typeId: f.type, currentMeter: 500 });
  await create('allocations', {
    productId: f.product,
    storeId: f.store,
    equipmentId: f.eq,
    dailyLimit: 50,
    monthlyLimit: 60,
    maxPerTransaction: 40,
  });
  await create('f24-rules', {
    storeId: f.store24,
    maxLitresPerTransaction: 30,
    odometerRequired: true,
    minMinutesBetweenFills: 60,
  });
  // Opening stock so only the planted case drives the tank below zero.
  await srv.database.db.execute(
    sql`insert into stock_movements (account_id, tank_id, at, litres, kind) select account_id, id, now() - interval '30 days', 5000, 'opening' from tanks where id in (${f.tank}, ${f.tank24})`,
  );
});
afterAll(async () => {
  await srv?.close();
});

const base = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tank,
  equipmentId: f.eq,
  litres: 20,
  meter: 1100,
  dispensedAt: '2026-11-16T10:00:00Z',
  deviceId: 'test-device',
  ...over,
});
const post = (s: typeof admin, kind: string, records: unknown[]) =>
  s.send('POST', `/api/v1/${kind}/batch`, { records });
const rows = async (id: string) =>
  Number(
    (
      (await srv.database.db.execute(sql`select count(*)::int as n from dispenses where id = ${id}`)).rows[0] as {
        n: number;
      }
    ).n,
  );

describe('dispense ingest', () => {
  it('stores a clean dispense once; a sequential replay answers duplicate', async () => {
    const d = base();
    const first = await post(driver, 'dispenses', [d]);
    expect(first.status).toBe(200);
    expect(first.body.results[0]).toMatchObject({ id: d.id, status: 'created', httpStatus: 201, exceptions: [] });
    const again = await post(driver, 'dispenses', [d]);
    expect(again.body.results[0]).toMatchObject({ id: d.id, status: 'duplicate', httpStatus: 200 });
    expect(await rows(d.id)).toBe(1);
    const stock = await srv.database.db.execute(
      sql`select count(*)::int as n from stock_movements where ref_id = ${d.id}`,
    );
    expect(stock.rows[0]).toEqual({ n: 1 });
  });

  it('parallel replays of the same records create one row each', async () => {
    const batch = Array.from({ length: 5 }, (_, i) =>
      base({ meter: 1200 + i, litres: 1, dispensedAt: `2026-11-17T0${i}:00:00Z` }),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(driver, 'dispenses', batch)));
    for (const a of answers) expect(a.status).toBe(200);
    for (const d of batch) {
      expect(await rows(d.id)).toBe(1);
      const statuses = answers.map((a) => a.body.results.find((r: { id: string }) => r.id === d.id).status);
      expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(5);
    }
  });

  it('the same id with a changed payload is refused with 422 and nothing changes', async () => {
    const d = base({ dispensedAt: '2026-11-18T08:00:00Z', meter: 1300, litres: 5 });
    await post(driver, 'dispenses', [d]);
    const changed = await post(driver, 'dispenses', [{ ...d, litres: 6 }]);
    expect(changed.body.results[0]).toMatchObject({ status: 'rejected', httpStatus: 422 });
    const stored = await srv.database.db.execute(sql`select litres from dispenses where id = ${d.id}`);
    expect(stored.rows).toEqual([{ litres: '5.000' }]);
  });

  it('a pure replay reads no references; a resend with new records judges the new ones against them', async () => {
    const stored = base({ dispensedAt: '2026-11-19T08:00:00Z', meter: 1400, litres: 2 });
    const fresh = base({ dispensedAt: '2026-11-19T09:00:00Z', meter: 1410, litres: 2 });
    const unknown = base({ tankId: crypto.randomUUID(), dispensedAt: '2026-11-19T10:00:00Z', meter: 1420 });
    expect((await post(driver, 'dispenses', [stored])).body.results[0].status).toBe('created');
    // The repeat of `stored` with other litres is a part of its own whose ids are all stored: still a clash.
    const mixed = await post(driver, 'dispenses', [stored, fresh, unknown, { ...stored, litres: 3 }]);
    expect(mixed.body.results).toMatchObject([
      { id: stored.id, status: 'duplicate', httpStatus: 200 },
      { id: fresh.id, status: 'created', httpStatus: 201 },
      { id: unknown.id, status: 'rejected', httpStatus: 422, reason: 'Unknown tank.' },
      { id: stored.id, status: 'rejected', httpStatus: 422 },
    ]);
    const replay = await post(driver, 'dispenses', [fresh, stored]);
    expect(replay.body.results).toMatchObject([
      { id: fresh.id, status: 'duplicate', exceptions: mixed.body.results[1].exceptions },
      { id: stored.id, status: 'duplicate' },
    ]);
    expect(await rows(fresh.id)).toBe(1);
    // The reference query itself: all ids stored → hashes only; one id not stored → everything.
    const ask = (ids: string[]) =>
      loadReferences(srv.database.db, driver.item.account.accountId, {
        tanks: [f.tank],
        equipment: [f.eq],
        allocations: true,
        hashes: { table: 'dispenses', ids },
      });
    const only = await ask([stored.id, fresh.id, stored.id]);
    expect([only.hashes.size, only.tanks.size, only.equipment.size, only.allocationsOf(f.product).length]).toEqual([
      2, 0, 0, 0,
    ]);
    const all = await ask([stored.id, crypto.randomUUID()]);
    expect([all.hashes.size, all.tanks.size, all.equipment.size, all.allocationsOf(f.product).length]).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it('another account using the same client id gets its own record', async () => {
    const north = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const ref = (await north.get('/api/v1/reference')).body;
    const tank = ref.tanks[0];
    const shared = crypto.randomUUID();
    await post(driver, 'dispenses', [
      base({ id: shared, meter: 1400, dispensedAt: '2026-11-19T08:00:00Z', litres: 2 }),
    ]);
    const theirs = await post(north, 'dispenses', [
      {
        ...base({ id: shared }),
        storeId: tank.storeId,
        tankId: tank.id,
        equipmentId: ref.equipment[0].id,
        meter: null,
      },
    ]);
    expect(theirs.body.results[0].status).toBe('created');
    expect(await rows(shared)).toBe(2);
  });

  it('rejects malformed records with a reason and keeps the rest of the batch', async () => {
    const north = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const foreignEq = (await north.get('/api/v1/reference')).body.equipment[0].id;
    const good = base({ dispensedAt: '2026-11-20T08:00:00Z', meter: 1500, litres: 3 });
    const { litres: _omit, ...noLitres } = base();
    const res = await post(driver, 'dispenses', [
      noLitres,
      base({ litres: -4 }),
      base({ equipmentId: foreignEq }),
      good,
      { nonsense: true },
    ]);
    const r = res.body.results;
    expect(r.map((x: { status: string }) => x.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'created',
      'rejected',
    ]);
    expect(r[0].fieldErrors.litres).toBeTruthy();
    expect(r[1].fieldErrors.litres[0]).toMatch(/more than 0/);
    expect(r[2]).toMatchObject({ httpStatus: 422, reason: 'Unknown equipment.' });
    expect(await rows(good.id)).toBe(1);
  });

  it('refuses FAMS24 records from a FAMS-only user per record, and a basic user cannot send transfers', async () => {
    const res = await post(driver, 'dispenses', [base({ variant: 'FAMS24', storeId: f.store24, tankId: f.tank24 })]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect((await post(driver, 'transfers', [{}])).status).toBe(403);
  });

  it('raises one exception per broken rule, but stores the dispense', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ meter: 900, litres: 1, dispensedAt: '2026-10-01T09:00:00Z' }, ['meter_rollback']],
      [
        { litres: 120, meter: 2000, dispensedAt: '2026-09-01T09:00:00Z' },
        ['over_daily_limit', 'over_equipment_capacity', 'over_max_per_transaction', 'over_monthly_limit'],
      ],
      [{ equipmentId: f.eq2, meter: 600, litres: 10, dispensedAt: '2026-09-02T09:00:00Z' }, ['not_allocated']],
      [{ dispensedAt: new Date(Date.now() + 3600_000).toISOString(), meter: 99999, litres: 1 }, ['clock_skew']],
    ];
    for (const [over, codes] of cases) {
      const d = base(over);
      const res = await post(admin, 'dispenses', [d]);
      expect(res.body.results[0].status, JSON.stringify(over)).toBe('created');
      expect(res.body.results[0].exceptions).toEqual(codes);
      const stored = await srv.database.db.execute(
        sql`select code from exceptions where entity_id = ${d.id} order by code`,
      );
      expect(stored.rows.map((x) => (x as { code: string }).code)).toEqual(codes);
    }
  });

  it('applies FAMS24 rules and flags a tank going below zero', async () => {
    const d = base({
      variant: 'FAMS24',
      storeId: f.store24,
      tankId: f.tank24,
      equipmentId: f.eq2,
      meter: null,
      litres: 45,
      dispensedAt: '2026-08-01T09:00:00Z',
    });
    const res = await post(admin, 'dispenses', [d]);
    // No reading from a record without `meterAsked` (an app before ADR 076): stored, and raised.
    expect(res.body.results[0].exceptions).toEqual(['fams24_rule', 'no_meter_reading', 'not_allocated']);
    const msgs = await srv.database.db.execute(
      sql`select message from exceptions where entity_id = ${d.id} and code = 'fams24_rule' order by message`,
    );
    expect(msgs.rows.map((x) => (x as { message: string }).message)).toEqual([
      'FAMS24 rule: more than 30 L in one transaction',
      'FAMS24 rule: the meter reading is required',
    ]);
    const big = base({
      variant: 'FAMS24',
      storeId: f.store24,
      tankId: f.tank24,
      equipmentId: f.eq2,
      meter: 700,
      litres: 6000,
      dispensedAt: '2026-08-03T09:00:00Z',
    });
    const drained = await post(admin, 'dispenses', [big]);
    expect(drained.body.results[0].exceptions).toContain('negative_book_stock');
    // Raised in the stock statement (ADR 016, fourth pass), each record with its own book after it,
    // word for word what stockAlarm makes.
    const more = [0.125, 2].map((litres, i) =>
      base({ ...big, id: crypto.randomUUID(), meter: 710 + i, litres, dispensedAt: `2026-08-04T0${i}:00:00Z` }),
    );
    const answers = await post(admin, 'dispenses', more);
    expect(
      answers.body.results.map((r: { exceptions: string[] }) => r.exceptions.includes('negative_book_stock')),
    ).toEqual([true, true]);
    const alarm = async (id: string) =>
      (
        await srv.database.db.execute(
          sql`select code, entity, entity_id as "entityId", store_id as "storeId", tank_id as "tankId", severity, message, details
            from exceptions where entity_id = ${id} and code = 'negative_book_stock'`,
        )
      ).rows;
    const stock = 5000 - 45 - 6000;
    expect(await alarm(big.id)).toEqual([stockAlarm(stock, f.tank24, f.store24, 'dispense', big.id)]);
    expect(await alarm(more[0].id)).toEqual([stockAlarm(stock - 0.125, f.tank24, f.store24, 'dispense', more[0].id)]);
    expect(await alarm(more[1].id)).toEqual([stockAlarm(stock - 2.125, f.tank24, f.store24, 'dispense', more[1].id)]);
  });
});

describe('transfers and receipts', () => {
  it('moves stock between tanks and is idempotent', async () => {
    const t = {
      id: crypto.randomUUID(),
      fromTankId: f.tank,
      toTankId: f.tank24,
      litres: 100,
      transferredAt: '2026-11-10T08:00:00Z',
      deviceId: 'dev',
    };
    expect((await post(admin, 'transfers', [t])).body.results[0].status).toBe('created');
    expect((await post(admin, 'transfers', [t])).body.results[0].status).toBe('duplicate');
    const moves = await srv.database.db.execute(
      sql`select litres from stock_movements where ref_id = ${t.id} order by litres`,
    );
    expect(moves.rows).toEqual([{ litres: '-100.000' }, { litres: '100.000' }]);
    const same = await post(admin, 'transfers', [{ ...t, id: crypto.randomUUID(), toTankId: f.tank }]);
    expect(same.body.results[0].fieldErrors.toTankId).toBeTruthy();
  });

  it('stores a manual receipt that adds to the tank', async () => {
    const r = {
      id: crypto.randomUUID(),
      tankId: f.tank,
      supplier: 'Fuel Co',
      deliveryNote: 'DN-1',
      litres: 2000,
      dipBeforeMm: 500,
      dipAfterMm: 900,
      temperatureC: 18,
      receivedAt: '2026-11-11T07:00:00Z',
      deviceId: 'dev',
    };
    expect((await post(admin, 'receipts', [r])).body.results[0].status).toBe('created');
    const bad = await post(admin, 'receipts', [{ ...r, id: crypto.randomUUID(), dipAfterMm: 100 }]);
    expect(bad.body.results[0].fieldErrors.dipAfterMm).toBeTruthy();
  });

  it('caps a batch at 500 records', async () => {
    const res = await post(
      admin,
      'dispenses',
      Array.from({ length: 501 }, () => base()),
    );
    expect(res.status).toBe(400);
  });
});
