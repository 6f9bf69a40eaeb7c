import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../../src/contract/gauges';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, type IngestFixture, type Session } from '../dispensing/fixture.testutil';
import { answerPending } from '../../devices/simulator';
import { commandsRepository } from './commands.repository';
import { tagHash } from './config.repository';

/**
 * Field devices, controller commands and the controller's own API (issue 15, ADR 040), on the
 * ingest fixture (a FAMS store and a FAMS24 store with known tanks, equipment and allocations).
 */
let srv: TestServer;
let f: IngestFixture;
let admin: Session;
let north: Session;
let editor: Session;
let manager: Session;
let controller: { id: string; key: string; auth: string };

const u = () => crypto.randomBytes(3).toString('hex');
const call = (auth: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
  admin.client.call(method, path, body, { authorization: auth, ...extra });

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  admin = f.admin;
  north = await session(srv.url, ...DEMO.multi, 'North Haulage');
  editor = await session(srv.url, ...DEMO.editor);
  manager = await session(srv.url, ...DEMO.manager);
  const r = await admin.send('POST', '/api/v1/field-devices', {
    kind: 'controller',
    serial: `C-${u()}`,
    name: 'Site 24 controller',
    storeId: f.store24,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  controller = { id: r.body.id, key: r.body.key, auth: deviceAuthorization(r.body.id, r.body.key) };
});
afterAll(async () => {
  await srv?.close();
});

describe('field devices (/OTRDevices)', () => {
  it('answers the key once, stores only its hash, and lists the device without it', async () => {
    expect(controller.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await srv.database.db.execute(
      sql`select key_hash, key_hint from field_devices where id = ${controller.id}`,
    );
    const stored = row.rows[0] as { key_hash: string; key_hint: string };
    expect(stored.key_hash).not.toContain(controller.key);
    expect(stored.key_hint).toBe(controller.key.slice(-4));
    const got = await admin.get(`/api/v1/field-devices/${controller.id}`);
    expect(got.status).toBe(200);
    expect(got.body.key).toBeUndefined();
    expect(got.body.kind).toBe('controller');
  });

  it('needs a store for a controller and a unique serial per account', async () => {
    const noStore = await admin.send('POST', '/api/v1/field-devices', {
      kind: 'controller',
      serial: `X-${u()}`,
      name: 'x',
    });
    expect(noStore.status).toBe(400);
    expect(noStore.body.fieldErrors.storeId).toBeDefined();
    const serial = `H-${u()}`;
    expect((await admin.send('POST', '/api/v1/field-devices', { kind: 'handheld', serial, name: 'h1' })).status).toBe(
      201,
    );
    const dup = await admin.send('POST', '/api/v1/field-devices', {
      kind: 'handheld',
      serial: serial.toLowerCase(),
      name: 'h2',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.fieldErrors.serial).toBeDefined();
    // Another account may use the same serial; it does not see this account's devices.
    expect((await north.send('POST', '/api/v1/field-devices', { kind: 'handheld', serial, name: 'n' })).status).toBe(
      403,
    );
  });

  it('keeps devices to their account and role', async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const list = await boss.get('/api/v1/field-devices?pageSize=200');
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { id: string }) => d.id)).not.toContain(controller.id);
    expect((await boss.get(`/api/v1/field-devices/${controller.id}`)).status).toBe(404);
    expect((await manager.get('/api/v1/field-devices')).status).toBe(403);
    expect((await manager.get('/api/v1/device-commands')).status).toBe(403);
  });
});

describe('the controller API (Authorization: Device …)', () => {
  it('refuses a wrong or missing key with 401 and stores nothing', async () => {
    const before = await srv.database.db.execute(sql`select count(*)::int as n from dispenses`);
    const wrong = deviceAuthorization(controller.id, 'A'.repeat(43));
    const rec = { id: crypto.randomUUID() };
    for (const auth of [wrong, 'Device nonsense', '', `Bearer ${admin.item.token}`]) {
      const r = await call(auth, 'POST', '/api/v1/controller/dispenses/batch', { records: [rec] });
      expect(r.status, auth).toBe(401);
      expect((await call(auth, 'GET', '/api/v1/controller/config')).status).toBe(401);
    }
    const after = await srv.database.db.execute(sql`select count(*)::int as n from dispenses`);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('records the contact, version and position the controller reports', async () => {
    const r = await call(controller.auth, 'GET', '/api/v1/controller/commands', undefined, {
      'x-fams-hello': 'appVersion=2.1.0;lat=-33.92;lon=18.42',
    });
    expect(r.status).toBe(200);
    const d = (await admin.get(`/api/v1/field-devices/${controller.id}`)).body;
    expect(d.appVersion).toBe('2.1.0');
    expect(d.lastLatitude).toBeCloseTo(-33.92);
    expect(d.lastContactAt).not.toBeNull();
  });

  it('fetches its store configuration: pumps, products, hashed tags and PINs, allocations', async () => {
    const tag = `TAG${u()}`;
    const eq = await admin.get(`/api/v1/equipment/${f.e2}`);
    const put = await admin.send('PUT', `/api/v1/equipment/${f.e2}`, {
      ...Object.fromEntries(
        Object.entries(eq.body).filter(
          ([k]) => !['id', 'createdAt', 'updatedAt', 'deletedAt'].includes(k) && !/Name$|Code$|^effective/.test(k),
        ),
      ),
      tags: [tag],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const r = await call(controller.auth, 'GET', '/api/v1/controller/config');
    expect(r.status).toBe(200);
    const c = r.body;
    expect(c.store.id).toBe(f.store24);
    expect(c.tanks.map((t: { pump: number; code: string }) => [t.pump, t.code])).toEqual([[1, 'C']]);
    const e2 = c.equipment.find(
      (e: { tagHashes: string[] }) => e.tagHashes.length && e.tagHashes[0] === tagHash(f.store24, tag),
    );
    expect(e2).toBeDefined();
    expect(JSON.stringify(c)).not.toContain(tag);
    expect(
      c.allocations.some(
        (a: { subject: string; dailyLimit: number }) => a.subject === 'employee' && a.dailyLimit === 20,
      ),
    ).toBe(true);
    // The INI export (editor) is the same data.
    const ini = await editor.client.call('GET', `/api/v1/controller-config/${f.store24}`, undefined, editor.headers);
    expect(ini.status).toBe(200);
    expect(ini.headers.get('content-disposition')).toMatch(/attachment; filename="fams-.+\.ini"/);
    const text = String(ini.body);
    expect(text).toContain('[store]\r\n');
    expect(text).toContain(`id=${f.store24}`);
    expect(text).toMatch(/\[pump\.1\]\r\ntank_code=C\r\ntank_name=Tank C\r\n/);
    expect(text).toContain(`tag_hashes=${tagHash(f.store24, tag)}`);
    expect(text).not.toContain(tag);
    expect(text).toMatch(
      /\[allocation\.\d+\]\r\nproduct=I\w+\r\nsubject=employee\r\nsubject_code=I\w+\r\ndaily_limit_l=20\r\n/,
    );
    // Another account's store is not found; a role below editor is refused.
    expect((await north.get(`/api/v1/controller-config/${f.store24}`)).status).toBe(403);
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await boss.get(`/api/v1/controller-config/${f.store24}`)).status).toBe(404);
  });

  it('sends dispenses through the idempotent batch ingest, for its own store only', async () => {
    const boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
    const hook = await boss.send('POST', '/api/v1/integrations', {
      type: 'webhook',
      name: `Dispenses ${u()}`,
      url: 'https://hooks.example.com/fams',
      events: ['dispense.recorded'],
      secret: 'a-secret-of-16-chars',
    });
    expect(hook.status).toBe(201);
    const rec = {
      id: crypto.randomUUID(),
      variant: 'FAMS24',
      storeId: f.store24,
      tankId: f.tankC,
      equipmentId: f.e2,
      employeeId: f.p1,
      litres: 12,
      meter: 600,
      dispensedAt: new Date(Date.now() - 3600_000).toISOString(),
      deviceId: 'controller',
    };
    const other = { ...rec, id: crypto.randomUUID(), variant: 'FAMS', storeId: f.store, tankId: f.tankA };
    const r = await call(controller.auth, 'POST', '/api/v1/controller/dispenses/batch', { records: [rec, other] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results[0].status).toBe('created');
    expect(r.body.results[1]).toMatchObject({ status: 'rejected', httpStatus: 403 });
    const again = await call(controller.auth, 'POST', '/api/v1/controller/dispenses/batch', { records: [rec] });
    expect(again.body.results[0].status).toBe('duplicate');
    // One webhook delivery for the stored record, none for the refused one or the replay.
    const events = await srv.database.db.execute(
      sql`select payload->>'id' as id from webhook_deliveries where integration_id = ${hook.body.id}`,
    );
    expect(events.rows).toEqual([{ id: rec.id }]);
  });
});

describe('commands (/FAMSCommands)', () => {
  const send = (s: Session, body: object) => s.send('POST', '/api/v1/device-commands', body);

  it('walks queued → delivered → acknowledged, with the answer', async () => {
    const sent = await send(admin, { deviceIds: [controller.id], kind: 'reload_allocations' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.commands).toHaveLength(1);
    const cmd = sent.body.commands[0];
    expect(cmd).toMatchObject({ status: 'queued', kind: 'reload_allocations', deviceName: 'Site 24 controller' });
    const pending = await call(controller.auth, 'GET', '/api/v1/controller/commands');
    expect(pending.body.commands.map((c: { id: string }) => c.id)).toContain(cmd.id);
    const list = await admin.get(`/api/v1/device-commands?f.batchId=${sent.body.batchId}`);
    expect(list.body.items[0].status).toBe('delivered');
    const ans = await call(controller.auth, 'POST', `/api/v1/controller/commands/${cmd.id}/result`, {
      ok: true,
      message: '3 allocations loaded',
    });
    expect(ans.body).toEqual({ id: cmd.id, status: 'acknowledged' });
    const done = (await admin.get(`/api/v1/device-commands?f.batchId=${sent.body.batchId}`)).body.items[0];
    expect(done).toMatchObject({ status: 'acknowledged', answer: '3 allocations loaded' });
    expect(done.answeredAt).not.toBeNull();
    // A second answer is refused; the first stands.
    const twice = await call(controller.auth, 'POST', `/api/v1/controller/commands/${cmd.id}/result`, { ok: false });
    expect(twice.status).toBe(422);
    // Answered commands are no longer handed out.
    const next = await call(controller.auth, 'GET', '/api/v1/controller/commands');
    expect(next.body.commands.map((c: { id: string }) => c.id)).not.toContain(cmd.id);
  });

  it('answers through the demo simulator: failed for a pump the site does not have', async () => {
    const ok = await send(admin, { deviceIds: [controller.id], kind: 'open_pump', params: { pump: 1 } });
    const bad = await send(admin, { deviceIds: [controller.id], kind: 'close_pump', params: { pump: 7 } });
    expect(await answerPending(srv.url, controller.auth)).toBeGreaterThanOrEqual(2);
    const status = async (batch: string) =>
      (await admin.get(`/api/v1/device-commands?f.batchId=${batch}`)).body.items[0];
    expect(await status(ok.body.batchId)).toMatchObject({ status: 'acknowledged' });
    expect(await status(bad.body.batchId)).toMatchObject({
      status: 'failed',
      answer: expect.stringContaining('no pump 7'),
    });
  });

  it('expires a command not fetched, and one fetched but not answered, after their time-outs', async () => {
    const a = await send(admin, { deviceIds: [controller.id], kind: 'restart' });
    const queuedId = a.body.commands[0].id;
    await call(controller.auth, 'GET', '/api/v1/controller/commands');
    const b = await send(admin, { deviceIds: [controller.id], kind: 'resync_config' });
    const fresh = b.body.commands[0].id;
    // Push the first (delivered) past its answer time-out and the second (queued) past its delivery one.
    await srv.database.db.execute(
      sql`update device_commands set expires_at = now() - interval '1 second' where id in (${queuedId}, ${fresh})`,
    );
    expect(await commandsRepository(srv.database.db).expireDue()).toBeGreaterThanOrEqual(2);
    const items = (await admin.get('/api/v1/device-commands?pageSize=200')).body.items as {
      id: string;
      status: string;
      answer: string;
    }[];
    expect(items.find((c) => c.id === queuedId)).toMatchObject({
      status: 'expired',
      answer: expect.stringContaining('No answer'),
    });
    expect(items.find((c) => c.id === fresh)).toMatchObject({
      status: 'expired',
      answer: expect.stringContaining('Not fetched'),
    });
    // An expired command is neither handed out nor answerable.
    const pending = await call(controller.auth, 'GET', '/api/v1/controller/commands');
    expect(pending.body.commands.map((c: { id: string }) => c.id)).not.toContain(fresh);
    expect(
      (await call(controller.auth, 'POST', `/api/v1/controller/commands/${fresh}/result`, { ok: true })).status,
    ).toBe(422);
  });

  it('checks parameters and targets, and never crosses accounts', async () => {
    const noPump = await send(admin, { deviceIds: [controller.id], kind: 'set_pump_price', params: { price: 1.2 } });
    expect(noPump.status).toBe(400);
    expect(noPump.body.fieldErrors['params.pump']).toBeDefined();
    const http = await send(admin, {
      deviceIds: [controller.id],
      kind: 'firmware_url',
      params: { url: 'http://x.test/f' },
    });
    expect(http.status).toBe(400);
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const cross = await send(boss, { deviceIds: [controller.id], kind: 'restart' });
    expect(cross.status).toBe(400);
    expect((await boss.get('/api/v1/device-commands?pageSize=200')).body.items).toEqual([]);
    const handheld = await admin.send('POST', '/api/v1/field-devices', {
      kind: 'handheld',
      serial: `HH-${u()}`,
      name: 'hh',
    });
    expect((await send(admin, { deviceIds: [handheld.body.id], kind: 'restart' })).status).toBe(400);
    // A handheld's key does not open the controller API.
    const hh = deviceAuthorization(handheld.body.id, handheld.body.key);
    expect((await call(hh, 'GET', '/api/v1/controller/commands')).status).toBe(401);
  });

  it('retiring a controller stops its key and expires its open commands', async () => {
    const r = await admin.send('POST', '/api/v1/field-devices', {
      kind: 'controller',
      serial: `R-${u()}`,
      name: 'Retiring',
      storeId: f.store,
    });
    const auth = deviceAuthorization(r.body.id, r.body.key);
    const sent = await send(admin, { deviceIds: [r.body.id], kind: 'restart' });
    const ret = await admin.send('POST', `/api/v1/field-devices/${r.body.id}/retire`, {});
    expect(ret.status).toBe(200);
    expect(ret.body.retiredAt).not.toBeNull();
    expect(ret.body.keyHint).toBeNull();
    expect((await call(auth, 'GET', '/api/v1/controller/commands')).status).toBe(401);
    const c = (await admin.get(`/api/v1/device-commands?f.batchId=${sent.body.batchId}`)).body.items[0];
    expect(c.status).toBe('expired');
    // Rotating gives a working new key to a live device; the old one stops.
    const rot = await admin.send('POST', `/api/v1/field-devices/${controller.id}/rotate-key`, {});
    expect(rot.status).toBe(200);
    expect((await call(controller.auth, 'GET', '/api/v1/controller/commands')).status).toBe(401);
    controller.auth = deviceAuthorization(controller.id, rot.body.key);
    expect((await call(controller.auth, 'GET', '/api/v1/controller/commands')).status).toBe(200);
  });
});
