import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  created as createdId,
  DEMO,
  linearTank,
  session,
  startServer,
  type TestServer,
} from '../../../tests/api/harness';
import { INTEGRITY_CHECK_IDS, type IntegrityCheckId, type IntegrityRunDetail } from '../../../src/contract/integrity';
import { INTERRUPTED, runNightlyIntegrity } from './integrity.service';

/**
 * The integrity checks against a real server, in an account of their own (so the demo's data does
 * not blur the counts): a clean set-up shows 0 everywhere; then one bad row is planted per check —
 * through the API where the API lets it happen, by SQL where only an import or a hand edit could —
 * and every check finds exactly its row. Then the history, the nightly claim, rules per role and
 * tenant isolation.
 */
type Session = Awaited<ReturnType<typeof session>>;
let srv: TestServer;
let admin: Session;
let editor: Session;
let driver: Session;
let demoAdmin: Session;
let accountId: number;
const u = crypto.randomBytes(3).toString('hex');
const ids: Record<string, string> = {};
const R = '/api/v1/integrity/runs';
const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

const q = async <T>(query: ReturnType<typeof sql>) => (await srv.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  srv = await startServer();
  // A fresh account the demo users belong to with their Demo Fuels roles.
  [{ id: accountId }] = await q<{ id: number }>(
    sql`insert into accounts (name) values (${`Integrity ${u}`}) returning id`,
  );
  await q(sql`insert into memberships (account_id, user_id, roles)
    select ${accountId}, m.user_id, m.roles from memberships m join users us on us.id = m.user_id
    join accounts a on a.id = m.account_id
    where a.name = 'Demo Fuels' and us.username in ('admin', 'editor', 'driver')`);
  admin = await session(srv.url, ...DEMO.admin, `Integrity ${u}`);
  editor = await session(srv.url, ...DEMO.editor, `Integrity ${u}`);
  driver = await session(srv.url, ...DEMO.driver, `Integrity ${u}`);
  demoAdmin = await session(srv.url, ...DEMO.admin, 'Demo Fuels');

  const create = (path: string, body: object) => createdId(admin, path, body);
  ids.store = await create('stores', { code: `S${u}`, name: 'Integrity site', variant: 'FAMS', timezone: 'UTC' });
  ids.product = await create('products', {
    code: `D${u}`,
    name: 'Diesel',
    kind: 'fuel',
    price: 1.5,
    fuelGroup: 'diesel',
  });
  const tank = linearTank(ids.store, ids.product);
  ids.t1 = await create('tanks', { ...tank, code: 'T1', name: 'Tank 1' });
  ids.t3 = await create('tanks', { ...tank, code: 'T3', name: 'Tank 3' });
  const type = await create('equipment-types', {
    code: `Y${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 400,
    meterType: 'km',
  });
  ids.type = type;
  ids.e1 = await create('equipment', { fleetNo: `E1-${u}`, typeId: type, currentMeter: 900, tags: [`TAG-${u}`] });
  ids.e2 = await create('equipment', { fleetNo: `E2-${u}`, typeId: type, currentMeter: 500 });
  ids.p1 = await create('employees', { number: `P${u}`, name: 'Ida Integrity', tag: `PTAG-${u}` });
  await create('allocations', { productId: ids.product, storeId: ids.store, equipmentId: ids.e1 });
  await create('allocations', { productId: ids.product, storeId: ids.store, equipmentId: ids.e2 });
  await q(sql`insert into stock_movements (account_id, tank_id, at, litres, kind)
    select account_id, id, now() - interval '30 days', 5000, 'opening' from tanks where id in (${ids.t1}, ${ids.t3})`);

  // Clean records: meters in order, a receipt, a transfer with both legs.
  const ok = await Promise.all([
    post('dispenses', [
      dispense({ meter: 1000, dispensedAt: at(-48 * HOUR) }),
      dispense({ meter: 1100, dispensedAt: at(-24 * HOUR) }),
    ]),
    post('receipts', [receipt({ tankId: ids.t1, deliveryNote: `DN-OK-${u}` })]),
    post('transfers', [transfer({ toTankId: ids.t3 })]),
  ]);
  for (const r of ok) expect(r.body.results.every((x: { status: string }) => x.status === 'created')).toBe(true);
});
afterAll(async () => {
  await srv?.close();
});

const dispense = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId: ids.store,
  tankId: ids.t1,
  equipmentId: ids.e1,
  litres: 10,
  dispensedAt: at(-HOUR),
  deviceId: 'integrity-test',
  ...over,
});
const receipt = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  supplier: 'Fuel Co',
  litres: 500,
  receivedAt: at(-20 * HOUR),
  deviceId: 'integrity-test',
  ...over,
});
const transfer = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  fromTankId: ids.t1,
  litres: 100,
  transferredAt: at(-10 * HOUR),
  deviceId: 'integrity-test',
  ...over,
});
const post = (kind: string, records: unknown[]) => admin.send('POST', `/api/v1/${kind}/batch`, { records });
const created = async (kind: string, records: unknown[]) => {
  const r = await post(kind, records);
  expect(r.status).toBe(200);
  expect(r.body.results.map((x: { status: string }) => x.status)).toEqual(records.map(() => 'created'));
};
const resultOf = (run: IntegrityRunDetail, id: IntegrityCheckId) => run.results.find((r) => r.check === id)!;

let cleanRun: IntegrityRunDetail;
let plantedRun: IntegrityRunDetail;

describe('the checks', () => {
  it('a clean account shows 0 for every check', async () => {
    const r = await editor.send('POST', R);
    expect(r.status).toBe(200);
    cleanRun = r.body;
    expect(cleanRun.results.map((x) => x.check)).toEqual([...INTEGRITY_CHECK_IDS]);
    expect(Object.fromEntries(cleanRun.results.map((x) => [x.check, x.count]))).toEqual(
      Object.fromEntries(INTEGRITY_CHECK_IDS.map((c) => [c, 0])),
    );
    expect(cleanRun).toMatchObject({ trigger: 'manual', total: 0, error: null });
    expect(cleanRun.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('every check finds the row planted for it (and only that one)', async () => {
    // meter_out_of_sequence: a meter below the previous dispense's (the ingest stores it, raising meter_rollback).
    await created('dispenses', [dispense({ meter: 950, dispensedAt: at(-2 * HOUR) })]);
    // tag_two_holders: the employee given the equipment's tag behind the registry's back (an import, a hand edit).
    await q(sql`update employees set tag = ${`tag-${u}`} where id = ${ids.p1}`);
    // tank_without_strapping: a tank created without a chart.
    const noChart = await admin.send('POST', '/api/v1/tanks', {
      storeId: ids.store,
      productId: ids.product,
      code: 'NOCHART',
      name: 'No chart',
      capacity: 5000,
      safeFill: 4500,
      lowLevel: 500,
    });
    expect(noChart.status).toBe(201);
    ids.t2 = noChart.body.id;
    // negative_book_stock: 80 L out of a tank that holds nothing.
    await created('dispenses', [dispense({ tankId: ids.t2, litres: 80, dispensedAt: at(-3 * HOUR) })]);
    // overlapping_allocations: E1 allocated the product at "any store" beside its store-specific allocation.
    expect(
      (await admin.send('POST', '/api/v1/allocations', { productId: ids.product, equipmentId: ids.e1 })).status,
    ).toBe(201);
    // receipt_without_tank: a receipt whose tank is then deleted.
    await created('receipts', [receipt({ tankId: ids.t3, deliveryNote: `DN-GONE-${u}` })]);
    await q(sql`update tanks set deleted_at = now() where id = ${ids.t3}`);
    // reading_in_future: a dispense dated 2 h ahead (the ingest takes up to 1 day ahead).
    await created('dispenses', [dispense({ dispensedAt: at(2 * HOUR) })]);
    // transfer_legs_disagree: a transfer to a bowser whose out leg was changed by hand.
    const bad = transfer({ toBowser: `BW-${u}`, litres: 10 });
    await created('transfers', [bad]);
    await q(sql`update stock_movements set litres = -9 where ref_id = ${bad.id} and kind = 'transfer_out'`);
    // inactive_still_dispensing: E2 made inactive (through the API: audited), then a dispense after that.
    const e2 = await admin.get(`/api/v1/equipment/${ids.e2}`);
    const off = await admin.send('PUT', `/api/v1/equipment/${ids.e2}`, {
      fleetNo: e2.body.fleetNo,
      typeId: ids.type,
      active: false,
      version: e2.body.version,
    });
    expect(off.status).toBe(200);
    await created('dispenses', [dispense({ equipmentId: ids.e2, dispensedAt: at(60_000) })]);

    const r = await admin.send('POST', R);
    expect(r.status).toBe(200);
    plantedRun = r.body;
    const counts = Object.fromEntries(plantedRun.results.map((x) => [x.check, x.count]));
    expect(counts).toEqual(Object.fromEntries(INTEGRITY_CHECK_IDS.map((c) => [c, 1])));
    expect(plantedRun.total).toBe(INTEGRITY_CHECK_IDS.length);

    expect(resultOf(plantedRun, 'meter_out_of_sequence').rows[0]).toMatchObject({
      fleetNo: `E1-${u}`,
      store: `S${u}`,
      meter: 950,
      previousMeter: 1100,
    });
    expect(resultOf(plantedRun, 'tag_two_holders').rows[0]).toMatchObject({
      holders: `employee Ida Integrity (P${u}), equipment E1-${u}`,
    });
    expect(resultOf(plantedRun, 'tank_without_strapping').rows[0]).toMatchObject({ store: `S${u}`, tank: 'NOCHART' });
    expect(resultOf(plantedRun, 'negative_book_stock').rows[0]).toMatchObject({ tank: 'NOCHART', bookLitres: -80 });
    expect(resultOf(plantedRun, 'overlapping_allocations').rows[0]).toMatchObject({
      subject: `Equipment E1-${u}`,
      product: `D${u}`,
    });
    expect(resultOf(plantedRun, 'overlapping_allocations').rows[0].stores).toMatch(/any store/);
    expect(resultOf(plantedRun, 'receipt_without_tank').rows[0]).toMatchObject({
      tank: 'T3',
      deliveryNote: `DN-GONE-${u}`,
      litres: 500,
    });
    expect(resultOf(plantedRun, 'reading_in_future').rows[0]).toMatchObject({ kind: 'Dispense', subject: `E1-${u}` });
    expect(resultOf(plantedRun, 'transfer_legs_disagree').rows[0]).toMatchObject({
      from: `S${u} T1`,
      to: `bowser BW-${u}`,
      litres: 10,
      outLeg: -9,
      inLeg: null,
    });
    expect(resultOf(plantedRun, 'inactive_still_dispensing').rows[0]).toMatchObject({
      kind: 'Equipment',
      who: `E2-${u}`,
      dispenses: 1,
    });
  });

  it('a tank reading dated ahead is found too (tank readings, not only dispenses)', async () => {
    await q(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres)
      values (${accountId}, ${ids.t1}, now() + interval '3 hours', 'import', 4000)`);
    const run = (await admin.send('POST', R)).body as IntegrityRunDetail;
    const f = resultOf(run, 'reading_in_future');
    expect(f.count).toBe(2);
    expect(f.rows[0]).toMatchObject({ kind: 'Tank reading', subject: `S${u} T1`, source: 'import' });
    await q(sql`delete from tank_readings where account_id = ${accountId} and source = 'import'`);
  });
});

describe('the history', () => {
  it('lists runs newest first with who, duration and counts per check; a run opens with its rows', async () => {
    const r = await admin.get(`${R}?pageSize=2`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    expect(r.body.items).toHaveLength(2);
    const [latest, planted] = r.body.items;
    expect(planted).toMatchObject({ id: plantedRun.id, trigger: 'manual', userName: expect.any(String) });
    expect(planted.counts).toEqual(Object.fromEntries(INTEGRITY_CHECK_IDS.map((c) => [c, 1])));
    expect(latest.startedAt >= planted.startedAt).toBe(true);
    const page2 = await admin.get(`${R}?pageSize=2&page=2`);
    expect(page2.body.items.map((x: { id: string }) => x.id)).toEqual([cleanRun.id]);
    const one = await admin.get(`${R}/${plantedRun.id}`);
    expect(one.body.results).toEqual(plantedRun.results);
    const last = await admin.get(`${R}/latest`);
    expect(last.body.run.id).toBe(latest.id);
  });

  it('the nightly run: once per account and local day, from 02:00 in its time zone', async () => {
    const night = new Date('2031-03-04T03:30:00Z'); // 03:30 in the account's (UTC) store zone
    const first = await runNightlyIntegrity(srv.database.db, night);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await runNightlyIntegrity(srv.database.db, new Date('2031-03-04T05:00:00Z'))).toBe(0);
    // Before 02:00 local the next day is not due yet (for this UTC account; a zone ahead of UTC may be).
    await runNightlyIntegrity(srv.database.db, new Date('2031-03-05T01:00:00Z'));
    const mine = await q<{ trigger: string; local_date: string; user_id: number | null; total: number }>(sql`
      select trigger, to_char(local_date, 'YYYY-MM-DD') as local_date, user_id, total from integrity_runs
      where account_id = ${accountId} and trigger = 'nightly'`);
    expect(mine).toEqual([{ trigger: 'nightly', local_date: '2031-03-04', user_id: null, total: expect.any(Number) }]);
    const list = await admin.get(R);
    expect(list.body.items[0]).toMatchObject({ trigger: 'nightly', userName: null });
  });
});

describe('interrupted runs', () => {
  it('a run left unfinished by a crash is marked failed by the next job tick; a live one is left alone', async () => {
    const [crashed] = await q<{ id: string }>(sql`insert into integrity_runs (account_id, trigger, user_id, started_at)
      values (${accountId}, 'manual', null, now() - interval '1 hour') returning id`);
    const [live] = await q<{ id: string }>(sql`insert into integrity_runs (account_id, trigger, user_id)
      values (${accountId}, 'manual', null) returning id`);
    try {
      const before = await admin.get(`${R}/${crashed.id}`);
      expect(before.body).toMatchObject({ finishedAt: null, error: null });
      await runNightlyIntegrity(srv.database.db, new Date());
      const after = await admin.get(`${R}/${crashed.id}`);
      expect(after.body).toMatchObject({ finishedAt: expect.any(String), error: INTERRUPTED, total: null });
      expect((await admin.get(`${R}/${live.id}`)).body).toMatchObject({ finishedAt: null, error: null });
    } finally {
      await q(sql`delete from integrity_runs where id in (${crashed.id}, ${live.id})`);
    }
  });
});

describe('rules and tenants', () => {
  it('follows /DataIntergrityChecks (editor): a driver is refused', async () => {
    expect((await driver.send('POST', R)).status).toBe(403);
    expect((await driver.get(R)).status).toBe(403);
    expect((await editor.get(R)).status).toBe(200);
  });

  it("another account's run is not found, and its runs hold none of this account's rows", async () => {
    expect((await demoAdmin.get(`${R}/${plantedRun.id}`)).status).toBe(404);
    const demo = await demoAdmin.send('POST', R);
    expect(demo.status).toBe(200);
    expect(JSON.stringify(demo.body.results)).not.toContain(u);
    const list = await demoAdmin.get(R);
    expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(plantedRun.id);
  });

  it('bad input is a 400, never a 500', async () => {
    expect((await admin.get(`${R}/not-a-uuid`)).status).toBe(400);
    expect((await admin.get(`${R}?pageSize=1000`)).status).toBe(400);
    expect((await admin.get(`${R}?page=-1`)).status).toBe(400);
    expect((await admin.get(`${R}/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
