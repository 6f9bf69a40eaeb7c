import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../../src/contract/gauges';
import { created, DEMO, linearTank, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * `/iotSetup` devices (ThebigBoss only, per account) and the push endpoint their keys open.
 * Fixture: a tank with a linear chart (0 mm → 0 L, 2000 mm → 10 000 L) in Demo Fuels.
 */
let srv: TestServer;
type S = Awaited<ReturnType<typeof session>>;
let boss: S;
let bossNorth: S;
let admin: S;
let tankId: string;
let northTankId: string;

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  bossNorth = await session(srv.url, ...DEMO.boss, 'North Haulage');
  admin = await session(srv.url, ...DEMO.admin);
  const u = Date.now().toString(36);
  const store = await created(admin, 'stores', { code: `G${u}`, name: 'Gauge site', variant: 'FAMS', timezone: 'UTC' });
  const product = await created(admin, 'products', {
    code: `GP${u}`,
    name: 'Diesel',
    kind: 'fuel',
    price: 1,
    fuelGroup: 'diesel',
  });
  tankId = await created(admin, 'tanks', { ...linearTank(store, product), code: 'G1', name: 'Gauge tank' });
  const other = await srv.database.db.execute(
    sql`select id from tanks where account_id = ${bossNorth.item.account.accountId} limit 1`,
  );
  northTankId = (other.rows[0] as { id: string }).id;
});
afterAll(async () => {
  await srv?.close();
});

const tls = (over: object = {}) => ({
  name: `TLS ${Math.random().toString(36).slice(2, 8)}`,
  protocol: 'tls_tcp',
  host: '127.0.0.1',
  port: 10001,
  pollIntervalS: 60,
  tankMap: [{ tankNumber: 1, tankId }],
  ...over,
});
const push = (over: object = {}) => ({
  name: `Push ${Math.random().toString(36).slice(2, 8)}`,
  protocol: 'http_push',
  pollIntervalS: 300,
  tankMap: [{ tankNumber: 3, tankId }],
  ...over,
});
const readingsCount = async () =>
  Number(
    (
      (await srv.database.db.execute(sql`select count(*)::int as n from tank_readings where tank_id = ${tankId}`))
        .rows[0] as { n: number }
    ).n,
  );
const postReadings = (auth: string | undefined, body: unknown) =>
  fetch(`${srv.url}/api/v1/gauges/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  });

describe('gauge devices (resource)', () => {
  it('creates, lists, updates and deletes a TLS device as ThebigBoss', async () => {
    const created = await boss.send('POST', '/api/v1/gauge-devices', tls({ name: 'Main TLS' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Main TLS',
      protocol: 'tls_tcp',
      host: '127.0.0.1',
      port: 10001,
      tankCount: 1,
      failures: 0,
      lastContactAt: null,
      keyHint: null,
    });
    expect(created.body.key).toBeUndefined();
    // Saved TLS devices are due at once.
    expect(Date.parse(created.body.nextPollAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const list = await boss.get('/api/v1/gauge-devices?q=Main%20TLS');
    expect(list.body.items.map((d: { id: string }) => d.id)).toEqual([created.body.id]);

    const updated = await boss.send('PUT', `/api/v1/gauge-devices/${created.body.id}`, {
      ...tls({ name: 'Main TLS', port: 10002 }),
      version: created.body.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ port: 10002, version: created.body.version + 1 });

    const del = await boss.send('DELETE', `/api/v1/gauge-devices/${created.body.id}?version=${updated.body.version}`);
    expect(del.status).toBe(200);
    expect(del.body.deletedAt).not.toBeNull();
  });

  it('says what is wrong with a device, field by field', async () => {
    const noHost = await boss.send('POST', '/api/v1/gauge-devices', tls({ host: null, port: null }));
    expect(noHost.status).toBe(400);
    expect(noHost.body.fieldErrors).toMatchObject({
      host: ['A TLS gauge needs a host'],
      port: ['A TLS gauge needs a port (often 10001)'],
    });
    const twice = await boss.send(
      'POST',
      '/api/v1/gauge-devices',
      tls({
        tankMap: [
          { tankNumber: 1, tankId },
          { tankNumber: 1, tankId },
        ],
      }),
    );
    expect(twice.body.fieldErrors).toMatchObject({
      'tankMap.1.tankNumber': ['Tank number 1 is mapped twice'],
      'tankMap.1.tankId': ['This tank is mapped twice'],
    });
    const foreign = await boss.send(
      'POST',
      '/api/v1/gauge-devices',
      tls({ tankMap: [{ tankNumber: 1, tankId: northTankId }] }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors).toEqual({ 'tankMap.0.tankId': ['Choose an existing tank'] });
    const dup = tls({ name: 'Same name' });
    expect((await boss.send('POST', '/api/v1/gauge-devices', dup)).status).toBe(201);
    const again = await boss.send('POST', '/api/v1/gauge-devices', { ...dup, name: 'same NAME' });
    expect(again.status).toBe(422);
    expect(again.body.fieldErrors).toEqual({ name: ['Another device already has this name'] });
  });

  it('is for ThebigBoss only', async () => {
    expect((await admin.get('/api/v1/gauge-devices')).status).toBe(403);
    expect((await admin.send('POST', '/api/v1/gauge-devices', tls())).status).toBe(403);
  });

  it("keeps each account's devices to itself", async () => {
    const mine = await boss.send('POST', '/api/v1/gauge-devices', tls({ name: 'Demo only' }));
    const seen = await bossNorth.get('/api/v1/gauge-devices?pageSize=200');
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((d: { id: string }) => d.id)).not.toContain(mine.body.id);
    expect((await bossNorth.get(`/api/v1/gauge-devices/${mine.body.id}`)).status).toBe(404);
    const t = await bossNorth.send('POST', `/api/v1/gauge-devices/${mine.body.id}/test`);
    expect(t.status).toBe(404);
    expect((await bossNorth.send('POST', `/api/v1/gauge-devices/${mine.body.id}/rotate-key`)).status).toBe(404);
  });
});

describe('push devices and their keys', () => {
  it('shows the key once at creation; only its hash and hint are stored', async () => {
    const created = await boss.send('POST', '/api/v1/gauge-devices', push({ name: 'Gateway A' }));
    expect(created.status).toBe(201);
    const { key, id, keyHint } = created.body;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keyHint).toBe(key.slice(-4));
    const again = await boss.get(`/api/v1/gauge-devices/${id}`);
    expect(again.body.key).toBeUndefined();
    expect(again.body.keyHint).toBe(keyHint);
    const stored = (await srv.database.db.execute(sql`select key_hash from gauge_devices where id = ${id}`))
      .rows[0] as { key_hash: string };
    expect(stored.key_hash).not.toContain(key);
    const audit = await srv.database.db.execute(
      sql`select action, after from audit_log where entity_id = ${id} order by id`,
    );
    expect(JSON.stringify(audit.rows)).not.toContain(key);
  });

  it('refuses wrong, missing or malformed keys with 401 and stores nothing', async () => {
    const { body: d } = await boss.send('POST', '/api/v1/gauge-devices', push());
    const body = { readings: [{ tankNumber: 3, readAt: '2026-04-01T10:00:00Z', productHeightMm: 1000 }] };
    const before = await readingsCount();
    for (const auth of [
      undefined,
      'Bearer x',
      `Device ${d.id}`,
      deviceAuthorization(d.id, 'wrong-key'),
      deviceAuthorization(crypto.randomUUID(), d.key),
      `Device ${d.id}.${d.key}x`,
    ]) {
      const res = await postReadings(auth, body);
      expect(res.status, String(auth)).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'device_key_invalid',
        message: 'The device key is missing or not valid.',
      });
    }
    // An invalid body with a wrong key is still 401: nothing about the input is told.
    expect((await postReadings(deviceAuthorization(d.id, 'nope'), { nonsense: true })).status).toBe(401);
    expect(await readingsCount()).toBe(before);
  });

  it('stores readings pushed with the right key, once, and answers what it did', async () => {
    const { body: d } = await boss.send('POST', '/api/v1/gauge-devices', push());
    const body = {
      readings: [
        { tankNumber: 3, readAt: '2026-04-02T10:00:00Z', productHeightMm: 1000, waterHeightMm: 0, temperatureC: 20 },
        { tankNumber: 3, readAt: '2026-04-02T11:00:00Z', grossLitres: 800 },
      ],
    };
    const res = await postReadings(deviceAuthorization(d.id, d.key), body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 2, duplicates: 0, exceptions: ['low_level'] });
    const rows = (
      await srv.database.db.execute(
        sql`select gross_litres, source, gauge_device_id from tank_readings where gauge_device_id = ${d.id} order by read_at`,
      )
    ).rows;
    expect(rows).toEqual([
      { gross_litres: '5000.000', source: 'gauge', gauge_device_id: d.id },
      { gross_litres: '800.000', source: 'gauge', gauge_device_id: d.id },
    ]);
    const replay = await postReadings(deviceAuthorization(d.id, d.key), body);
    expect(await replay.json()).toEqual({ created: 0, duplicates: 2, exceptions: [] });
    const device = await boss.get(`/api/v1/gauge-devices/${d.id}`);
    expect(device.body.lastContactAt).not.toBeNull();
  });

  it('refuses the whole request for an unmapped tank number or an impossible reading', async () => {
    const { body: d } = await boss.send('POST', '/api/v1/gauge-devices', push());
    const before = await readingsCount();
    const unmapped = await postReadings(deviceAuthorization(d.id, d.key), {
      readings: [
        { tankNumber: 3, readAt: '2026-04-03T10:00:00Z', grossLitres: 5000 },
        { tankNumber: 9, readAt: '2026-04-03T10:00:00Z', grossLitres: 5000 },
      ],
    });
    expect(unmapped.status).toBe(400);
    expect((await unmapped.json()).fieldErrors).toEqual({
      'readings.1.tankNumber': ['Tank number 9 is not mapped on this device'],
    });
    const outside = await postReadings(deviceAuthorization(d.id, d.key), {
      readings: [
        { tankNumber: 3, readAt: '2026-04-03T11:00:00Z', grossLitres: 5000 },
        { tankNumber: 3, readAt: '2026-04-03T12:00:00Z', productHeightMm: 2500 },
      ],
    });
    expect(outside.status).toBe(400);
    expect((await outside.json()).fieldErrors).toEqual({
      'readings.1.productHeightMm': ["2500 mm is outside tank G1's strapping chart (0–2000 mm)"],
    });
    const invalid = await postReadings(deviceAuthorization(d.id, d.key), {
      readings: [{ tankNumber: 3, readAt: 'yesterday' }],
    });
    expect(invalid.status).toBe(400);
    const tooMany = await postReadings(deviceAuthorization(d.id, d.key), {
      readings: Array.from({ length: 501 }, () => ({ tankNumber: 3, readAt: '2026-04-03T10:00:00Z', grossLitres: 1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(await readingsCount()).toBe(before);
  });

  it('rotating the key shows the new key once; the old key stops working; a disabled device is refused', async () => {
    const { body: d } = await boss.send('POST', '/api/v1/gauge-devices', push());
    const rotated = await boss.send('POST', `/api/v1/gauge-devices/${d.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(d.key);
    expect(rotated.body.keyHint).toBe(rotated.body.key.slice(-4));
    const body = { readings: [{ tankNumber: 3, readAt: '2026-04-04T10:00:00Z', grossLitres: 4000 }] };
    expect((await postReadings(deviceAuthorization(d.id, d.key), body)).status).toBe(401);
    expect((await postReadings(deviceAuthorization(d.id, rotated.body.key), body)).status).toBe(200);

    const current = await boss.get(`/api/v1/gauge-devices/${d.id}`);
    await boss.send('PUT', `/api/v1/gauge-devices/${d.id}`, {
      ...push({ name: current.body.name, enabled: false }),
      version: current.body.version,
    });
    expect((await postReadings(deviceAuthorization(d.id, rotated.body.key), body)).status).toBe(401);

    const tlsDevice = await boss.send('POST', '/api/v1/gauge-devices', tls());
    const noKey = await boss.send('POST', `/api/v1/gauge-devices/${tlsDevice.body.id}/rotate-key`);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Only HTTP push devices have a key.');
  });

  it('rate-limits the push endpoint (429 with Retry-After)', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 301; i++) last = await postReadings(undefined, {});
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
