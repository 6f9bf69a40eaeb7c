import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  created,
  DEMO,
  LINEAR_CHART,
  linearTank,
  session,
  startServer,
  type TestServer,
} from '../../../tests/api/harness';
import { startGaugeJobs } from '../../gauges/poller';
import { startSimulator, type Simulator } from '../../gauges/simulator';
import { pollDevice } from './poll.service';
import { raiseStaleGauges } from './stale.repository';

/**
 * Polling TLS gauges for real: the simulator on a loopback port, the server's poll function, the
 * "Test connection" endpoint and the pg-boss job. Two tanks with a linear chart
 * (0 mm → 0 L, 2000 mm → 10 000 L), capacity 10 000 L, low level 1 000 L, in a UTC store.
 */
let srv: TestServer;
let boss: Awaited<ReturnType<typeof session>>;
let admin: Awaited<ReturnType<typeof session>>;
let accountId: number;
let sim: Simulator;
const f = {} as Record<'store' | 'tank1' | 'tank2', string>;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  admin = await session(srv.url, ...DEMO.admin);
  accountId = boss.item.account.accountId;
  const made = (path: string, body: object) => created(admin, path, body);
  const u = Date.now().toString(36);
  f.store = await made('stores', { code: `P${u}`, name: 'Polled site', variant: 'FAMS', timezone: 'UTC' });
  const product = await made('products', {
    code: `PP${u}`,
    name: 'Diesel',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'diesel',
    density15: 840,
  });
  const tank = linearTank(f.store, product);
  f.tank1 = await made('tanks', { ...tank, code: 'P1', name: 'Polled 1' });
  f.tank2 = await made('tanks', { ...tank, code: 'P2', name: 'Polled 2' });
  sim = await startSimulator({
    tanks: [
      { tankNumber: 1, capacity: 10_000, volume: 6000, chart: LINEAR_CHART, waterMm: 10, temperatureC: 15 },
      { tankNumber: 2, capacity: 10_000, volume: 8000, chart: LINEAR_CHART },
      { tankNumber: 4, capacity: 5000, volume: 100 },
    ],
    noise: false,
  });
});
afterAll(async () => {
  await sim?.close();
  await srv?.close();
});

const device = async (over: object = {}) => {
  const r = await boss.send('POST', '/api/v1/gauge-devices', {
    name: `Console ${crypto.randomUUID().slice(0, 8)}`,
    storeId: f.store,
    protocol: 'tls_tcp',
    host: sim.host,
    port: sim.port,
    pollIntervalS: 60,
    tankMap: [
      { tankNumber: 1, tankId: f.tank1 },
      { tankNumber: 2, tankId: f.tank2 },
    ],
    ...over,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body as { id: string; pollIntervalS: number };
};
const state = async (id: string) =>
  (
    await srv.database.db.execute(
      sql`select last_contact_at, last_error, failures, next_poll_at from gauge_devices where id = ${id}`,
    )
  ).rows[0] as { last_contact_at: Date | null; last_error: string | null; failures: number; next_poll_at: Date };
const q = async <T>(query: ReturnType<typeof sql>) => (await srv.database.db.execute(query)).rows as T[];

describe('polling a TLS gauge', () => {
  it('"Test connection" shows the parsed inventory and stores the mapped tanks\' readings', async () => {
    const d = await device();
    const res = await boss.send('POST', `/api/v1/gauge-devices/${d.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, error: null, stored: 2 });
    expect(res.body.inventory).toHaveLength(3);
    // Tank 1: 6000 L over 10 mm water (50 L): level 6050 L ↔ 1210 mm.
    expect(res.body.inventory[0]).toMatchObject({
      tankNumber: 1,
      tankId: f.tank1,
      tankLabel: 'P1 Polled 1',
      volume: expect.closeTo(6000, 0),
      heightMm: expect.closeTo(1210, 0),
      waterMm: 10,
    });
    expect(res.body.inventory[2]).toMatchObject({ tankNumber: 4, tankId: null, tankLabel: null });

    const rows = await q<{ tank_id: string; source: string; gross_litres: string; gauge_device_id: string }>(
      sql`select tank_id, source, gross_litres, gauge_device_id from tank_readings where gauge_device_id = ${d.id} order by tank_id = ${f.tank2}`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ tank_id: f.tank1, source: 'gauge', gauge_device_id: d.id });
    expect(Number(rows[0].gross_litres)).toBeCloseTo(6000, 0);
    const s = await state(d.id);
    expect(s.last_contact_at).not.toBeNull();
    expect(s.failures).toBe(0);
    expect(new Date(s.next_poll_at).getTime() - new Date(s.last_contact_at!).getTime()).toBe(60_000);

    // Polled again within the console's minute: the same reading, not stored twice.
    const again = await boss.send('POST', `/api/v1/gauge-devices/${d.id}/test`);
    expect(again.body).toMatchObject({ ok: true, stored: 0 });
  });

  it('backs off an unreachable gauge and records the error', async () => {
    const d = await device({ port: await freePort() });
    const t0 = new Date('2026-06-01T12:00:00Z');
    const first = await pollDevice(srv.database.db, accountId, d.id, { now: () => t0, timeoutMs: 2000 });
    expect(first).toMatchObject({ ok: false, stored: 0 });
    expect(first.error).toMatch(/^Connection refused by 127\.0\.0\.1:\d+/);
    let s = await state(d.id);
    expect(s).toMatchObject({ failures: 1, last_contact_at: null });
    expect(s.last_error).toBe(first.error);
    expect(new Date(s.next_poll_at).toISOString()).toBe('2026-06-01T12:01:00.000Z'); // 1 × 60 s
    await pollDevice(srv.database.db, accountId, d.id, { now: () => t0, timeoutMs: 2000 });
    await pollDevice(srv.database.db, accountId, d.id, { now: () => t0, timeoutMs: 2000 });
    s = await state(d.id);
    expect(s.failures).toBe(3);
    expect(new Date(s.next_poll_at).toISOString()).toBe('2026-06-01T12:04:00.000Z'); // 4 × 60 s
  });

  it('records a garbled or silent console as a failure with its reason', async () => {
    const d = await device();
    sim.fault = 'corrupt';
    const bad = await pollDevice(srv.database.db, accountId, d.id, { timeoutMs: 2000 });
    sim.fault = 'silent';
    const silent = await pollDevice(srv.database.db, accountId, d.id, { timeoutMs: 300 });
    sim.fault = null;
    expect(bad.error).toMatch(/Checksum mismatch/);
    expect(silent.error).toBe('Timed out after 300 ms waiting for the reply to i20100');
    expect((await state(d.id)).failures).toBe(2);
    const ok = await pollDevice(srv.database.db, accountId, d.id, { timeoutMs: 2000 });
    expect(ok.ok).toBe(true);
    const s = await state(d.id);
    expect(s.failures).toBe(0);
    // The last error stays visible after recovery, with its time.
    expect(s.last_error).toBe(silent.error);
  });

  it('stores deliveries the gauge saw, matches a receipt, and raises unmatched_delivery once for one without', async () => {
    // A console of its own with a still level and a fixed clock, so only these deliveries happen.
    const clock = { now: new Date('2026-06-02T07:00:00Z') };
    const still = await startSimulator({
      tanks: [{ tankNumber: 1, capacity: 10_000, volume: 2000, drawPerHour: 0 }],
      noise: false,
      clock: () => clock.now,
    });
    afterAll(() => still.close());
    const d = await device({ port: still.port, tankMap: [{ tankNumber: 1, tankId: f.tank1 }] });
    const matched = still.deliver(1, 3000, new Date('2026-06-02T08:00:00Z'));
    const unmatched = still.deliver(1, 2000, new Date('2026-06-02T15:00:00Z'));
    clock.now = new Date('2026-06-02T16:00:00Z');
    expect(matched.endVolume - matched.startVolume).toBeCloseTo(3000, 0);
    // The driver recorded the first delivery (3 020 L on the note, 40 min after the gauge saw it).
    const receipt = {
      id: crypto.randomUUID(),
      tankId: f.tank1,
      supplier: 'Fuel Co',
      deliveryNote: 'DN-1',
      litres: 3020,
      receivedAt: '2026-06-02T08:40:00Z',
      deviceId: 'test',
    };
    const stored = await admin.send('POST', '/api/v1/receipts/batch', { records: [receipt] });
    expect(stored.body.results[0].status).toBe('created');

    // Polled within 2 h of the second delivery: it is stored but not yet judged.
    const soon = await pollDevice(srv.database.db, accountId, d.id, {
      now: () => new Date('2026-06-02T16:00:00Z'),
      timeoutMs: 2000,
    });
    expect(soon.deliveries.map((x) => x.litres)).toEqual([expect.closeTo(3000, 0), expect.closeTo(2000, 0)]);
    const rows = await q<{
      litres: string;
      matched_receipt_id: string | null;
      settled_at: Date | null;
      started_at: Date;
    }>(
      sql`select litres, matched_receipt_id, settled_at, started_at from gauge_deliveries where gauge_device_id = ${d.id} order by started_at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].matched_receipt_id).toBe(receipt.id);
    expect(new Date(rows[0].started_at).toISOString()).toBe('2026-06-02T07:40:00.000Z');
    expect(rows[1]).toMatchObject({ matched_receipt_id: null, settled_at: null });
    const unmatchedCount = () =>
      q<{ n: number }>(
        sql`select count(*)::int as n from exceptions where code = 'unmatched_delivery' and tank_id = ${f.tank1}`,
      ).then((r) => r[0].n);
    expect(await unmatchedCount()).toBe(0);

    // More than 2 h after it ended, still no receipt: raised once, and not again after it is resolved.
    await pollDevice(srv.database.db, accountId, d.id, {
      now: () => new Date('2026-06-02T17:30:00Z'),
      timeoutMs: 2000,
    });
    expect(await unmatchedCount()).toBe(1);
    await srv.database.db.execute(
      sql`update exceptions set status = 'resolved' where code = 'unmatched_delivery' and tank_id = ${f.tank1}`,
    );
    await pollDevice(srv.database.db, accountId, d.id, {
      now: () => new Date('2026-06-02T18:30:00Z'),
      timeoutMs: 2000,
    });
    expect(await unmatchedCount()).toBe(1);
    const [ex] = await q<{ message: string; entity: string }>(
      sql`select message, entity from exceptions where code = 'unmatched_delivery' and tank_id = ${f.tank1}`,
    );
    expect(ex.entity).toBe('gauge_delivery');
    expect(ex.message).toMatch(
      /^The gauge saw 2,000 L delivered into tank P1 at 2026-06-02 15:00 UTC, but no receipt matches it$/,
    );
    expect(unmatched.endVolume).toBeGreaterThan(unmatched.startVolume);
  });

  it('refuses to poll a push device', async () => {
    const r = await boss.send('POST', '/api/v1/gauge-devices', {
      name: `Push ${crypto.randomUUID().slice(0, 6)}`,
      protocol: 'http_push',
      tankMap: [],
    });
    const res = await boss.send('POST', `/api/v1/gauge-devices/${r.body.id}/test`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Only TLS gauges are polled/);
  });
});

describe('stale gauges', () => {
  it('raises stale_gauge for a device silent for more than 3 intervals, once; and for a mapped tank without readings while its device answers', async () => {
    const silent = await device({ port: await freePort(), tankMap: [], pollIntervalS: 10 });
    const talking = await device({
      tankMap: [
        { tankNumber: 2, tankId: f.tank2 },
        { tankNumber: 4, tankId: f.tank1 },
      ],
    });
    await pollDevice(srv.database.db, accountId, talking.id, { timeoutMs: 2000 });
    // 2 min on: 12 intervals of the silent device (10 s), 2 of the talking one (60 s).
    const later = new Date(Date.now() + 2 * 60_000);
    await raiseStaleGauges(srv.database.db, later);
    await raiseStaleGauges(srv.database.db, later);
    const rows = await q<{ entity: string; entity_id: string; dedupe_key: string }>(
      sql`select entity, entity_id, dedupe_key from exceptions where code = 'stale_gauge' and (entity_id = ${silent.id} or entity_id = ${talking.id})`,
    );
    expect(rows).toEqual([{ entity: 'gauge_device', entity_id: silent.id, dedupe_key: `stale_gauge:${silent.id}` }]);

    // Tank 1 is mapped as number 4 on the talking console, but nothing came for it for 3 h.
    await srv.database.db.execute(
      sql`update gauge_devices set last_contact_at = ${new Date(Date.now() + 3 * 3600_000).toISOString()}::timestamptz where id = ${talking.id}`,
    );
    await srv.database.db.execute(
      sql`update tank_readings set read_at = read_at - interval '1 year' where tank_id = ${f.tank1}`,
    );
    await srv.database.db.execute(
      sql`update tank_readings set read_at = read_at + interval '3 hours' where tank_id = ${f.tank2}`,
    );
    await raiseStaleGauges(srv.database.db, new Date(Date.now() + 3 * 3600_000));
    const tanks = await q<{ entity: string; message: string }>(
      sql`select entity, message from exceptions where code = 'stale_gauge' and entity_id = ${f.tank1}`,
    );
    expect(tanks).toHaveLength(1);
    expect(tanks[0].message).toMatch(/^Tank P1 \(Polled 1\) has had no reading since .* although gauge Console/);
    // Tank 2 was read then: not stale.
    expect(await q(sql`select 1 from exceptions where code = 'stale_gauge' and entity_id = ${f.tank2}`)).toEqual([]);
  });
});

describe('pg-boss job', () => {
  it('polls a due device through the queue and stops cleanly', async () => {
    const d = await device({ tankMap: [{ tankNumber: 2, tankId: f.tank2 }] });
    // Only this device is due (the others are pushed into the future) so the check is exact.
    await srv.database.db.execute(
      sql`update gauge_devices set next_poll_at = now() + interval '1 day' where id <> ${d.id}`,
    );
    const jobs = await startGaugeJobs({
      database: srv.database,
      log: pino({ level: 'silent' }),
      tickMs: 60_000,
      timeoutMs: 2000,
    });
    try {
      expect(await jobs.dispatch()).toBe(1);
      expect(await jobs.dispatch()).toBe(0); // claimed: next_poll_at moved one interval on
      await expect
        .poll(async () => (await state(d.id)).last_contact_at, { timeout: 15_000, interval: 250 })
        .not.toBeNull();
      // The handler writes the contact before pg-boss marks its job done: wait for that too.
      await expect
        .poll(
          async () =>
            (
              await q<{ state: string }>(
                sql`select state from pgboss.job where name = 'gauge-poll' and singleton_key = ${d.id}`,
              )
            )[0]?.state,
          { timeout: 15_000, interval: 250 },
        )
        .toBe('completed');
    } finally {
      await jobs.stop();
    }
  });
});
