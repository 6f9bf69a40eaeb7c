import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { startSimulator } from '../../gauges/simulator';
import { createSecrets, loadSecretKey } from '../../lib/secrets';
import { ingestFixture, post, type IngestFixture, type Session } from '../dispensing/fixture.testutil';
import { attempt, signature } from './webhooks';

/**
 * The webhook events (ADR 048) against a local receiver: dispense.recorded and delivery.received
 * from the batch ingest (one per created record, none on replay), exception.raised/resolved from
 * the exceptions' trigger, signed; other accounts' webhooks get nothing; the catalogue and
 * `/ManageIntegration` routes per role.
 */
let srv: TestServer;
let f: IngestFixture;
let boss: Session;
let north: Session;
let receiver: http.Server;
let url: string;
let hookId: string;
let northHook: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const SECRET = 'whsec-events-0123456789';
const ALL = ['dispense.recorded', 'delivery.received', 'exception.raised', 'exception.resolved'];

beforeAll(async () => {
  // The receiver is on loopback: saving its address needs private targets allowed (ADR 071).
  srv = await startServer({ webhookAllowPrivate: true });
  f = await ingestFixture(srv);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  north = await session(srv.url, ...DEMO.boss, 'North Haulage');
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  // The admin of the account sets the webhook up (/Integration); another account has one too.
  const made = await f.admin.send('POST', '/api/v1/integrations', {
    type: 'webhook',
    name: 'Events hook',
    url,
    events: ALL,
    secret: SECRET,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  hookId = made.body.id;
  const other = await north.send('POST', '/api/v1/integrations', { type: 'webhook', name: 'North', url, events: ALL });
  expect(other.status).toBe(201);
  northHook = other.body.id;
});
afterAll(async () => {
  receiver?.close();
  await srv?.close();
});

type Row = {
  id: string;
  integration_id: string;
  event: string;
  payload: Record<string, unknown>;
};
const deliveries = async (event: string) =>
  (
    await srv.database.db.execute<Row>(
      sql`select id, integration_id, event, payload from webhook_deliveries where event = ${event} order by created_at, id`,
    )
  ).rows;
const box = () => createSecrets(loadSecretKey(undefined, srv.dataDir));

const dispense = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tankA,
  equipmentId: f.e2,
  litres: 10,
  meter: 600,
  dispensedAt: '2026-11-16T10:00:00Z',
  deviceId: 'events-test',
  ...over,
});

describe('dispense.recorded', () => {
  it('writes one delivery per created record, none for a replay or a refused record, and signs it', async () => {
    const batch = [
      dispense({ meter: 610, dispensedAt: '2026-11-16T10:00:00Z' }),
      dispense({ meter: 620, dispensedAt: '2026-11-16T11:00:00Z' }),
      dispense({ meter: 630, dispensedAt: '2026-11-16T12:00:00Z' }),
    ];
    const bad = dispense({ tankId: crypto.randomUUID() });
    const res = await post(f.driver, 'dispenses', [...batch, bad]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
      'rejected',
    ]);
    let rows = await deliveries('dispense.recorded');
    // One transaction writes them all (one created_at): deliveries carry no order among themselves.
    expect(rows.map((r) => r.payload.id).sort()).toEqual(batch.map((d) => d.id).sort());
    expect(rows.every((r) => r.integration_id === hookId)).toBe(true);
    expect(rows.find((r) => r.payload.id === batch[0].id)?.payload).toMatchObject({
      storeId: f.store,
      tankId: f.tankA,
      productId: f.product,
      equipmentId: f.e2,
      litres: 10,
      source: 'app',
      exceptions: res.body.results[0].exceptions,
    });
    // The device sends the batch again (its answer was lost): nothing new is stored or sent.
    const again = await post(f.driver, 'dispenses', batch);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    rows = await deliveries('dispense.recorded');
    expect(rows).toHaveLength(3);

    received.length = 0;
    expect(await attempt(srv.database.db, box(), rows[0].id, false, { allowPrivate: true })).toBe('delivered');
    const [got] = received;
    const ts = String(got.headers['x-fams-timestamp']);
    expect(got.headers['x-fams-event']).toBe('dispense.recorded');
    expect(got.headers['x-fams-signature']).toBe(signature(SECRET, ts, got.body));
    expect(JSON.parse(got.body)).toMatchObject({
      id: rows[0].id,
      event: 'dispense.recorded',
      data: { id: rows[0].payload.id },
    });
  });

  it('a disabled webhook gets nothing; ThebigBoss disables one of any account on /ManageIntegration', async () => {
    expect((await f.admin.get('/api/v1/admin/integrations')).status).toBe(403);
    expect((await f.admin.send('POST', `/api/v1/admin/integrations/${northHook}/disable`, {})).status).toBe(403);
    const list = await boss.get('/api/v1/admin/integrations?pageSize=200');
    expect(list.status).toBe(200);
    const names = list.body.items.map((i: { accountName: string; name: string }) => `${i.accountName}/${i.name}`);
    expect(names).toEqual(expect.arrayContaining(['Demo Fuels/Events hook', 'North Haulage/North']));
    expect((await boss.send('POST', `/api/v1/admin/integrations/${northHook}/disable`, {})).body).toEqual({
      id: northHook,
      enabled: false,
    });
    expect((await north.get(`/api/v1/integrations/${northHook}`)).body.enabled).toBe(false);
    expect((await boss.send('POST', `/api/v1/admin/integrations/${crypto.randomUUID()}/disable`, {})).status).toBe(404);
    // Another account's webhook never received any event of this account.
    const theirs = await srv.database.db.execute(
      sql`select count(*)::int as n from webhook_deliveries where integration_id = ${northHook}`,
    );
    expect(theirs.rows[0]).toEqual({ n: 0 });
  });
});

describe('exception.raised and exception.resolved', () => {
  it('are written in the transaction that raises or resolves the exception', async () => {
    // E1 may take at most 40 L per transaction: 45 L is stored and raises an exception.
    const d = dispense({ equipmentId: f.e1, meter: 1100, litres: 45, dispensedAt: '2026-11-17T10:00:00Z' });
    const res = await post(f.driver, 'dispenses', [d]);
    expect(res.body.results[0].status).toBe('created');
    expect(res.body.results[0].exceptions.length).toBeGreaterThan(0);
    const recorded = (await deliveries('dispense.recorded')).find((r) => r.payload.id === d.id)!;
    expect(recorded.payload.exceptions).toEqual(res.body.results[0].exceptions);
    const raised = (await deliveries('exception.raised')).filter((r) => r.payload.entityId === d.id);
    expect(raised.map((r) => r.payload.code).sort()).toEqual(res.body.results[0].exceptions);
    expect(raised[0].payload).toMatchObject({ entity: 'dispense', status: 'open', equipmentId: f.e1 });
    expect(String(raised[0].payload.raisedAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const exceptionId = String(raised[0].payload.id);
    expect((await f.admin.send('POST', `/api/v1/exceptions/${exceptionId}/acknowledge`, {})).status).toBe(200);
    expect(await deliveries('exception.resolved')).toHaveLength(0);
    const done = await f.admin.send('POST', `/api/v1/exceptions/${exceptionId}/resolve`, {
      reason: 'explained',
      text: 'Extra can for the generator',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const resolved = await deliveries('exception.resolved');
    expect(resolved).toHaveLength(1);
    expect(resolved[0].payload).toMatchObject({
      id: exceptionId,
      status: 'resolved',
      resolutionReason: 'explained',
      resolution: 'Extra can for the generator',
    });
  });
});

describe('delivery.received', () => {
  it('is written once per receipt stored through the ingest', async () => {
    const r = {
      id: crypto.randomUUID(),
      tankId: f.tankB,
      supplier: 'Fuel Co',
      deliveryNote: 'DN-1',
      litres: 1500,
      receivedAt: '2026-11-18T09:00:00Z',
      deviceId: 'events-test',
    };
    expect((await post(f.admin, 'receipts', [r])).body.results[0].status).toBe('created');
    expect((await post(f.admin, 'receipts', [r])).body.results[0].status).toBe('duplicate');
    const rows = await deliveries('delivery.received');
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({ id: r.id, tankId: f.tankB, litres: 1500, deliveryNote: 'DN-1' });
  });
});

describe('delivery.received from a gauge', () => {
  it('is written once per delivery the gauge detects, with source gauge, and reaches the receiver', async () => {
    const gauge = await startSimulator({
      tanks: [{ tankNumber: 1, capacity: 20_000, volume: 3000, drawPerHour: 0 }],
      noise: false,
    });
    try {
      const made = await boss.send('POST', '/api/v1/gauge-devices', {
        name: `Events console ${crypto.randomUUID().slice(0, 6)}`,
        storeId: f.store,
        protocol: 'tls_tcp',
        host: gauge.host,
        port: gauge.port,
        pollIntervalS: 60,
        tankMap: [{ tankNumber: 1, tankId: f.tankB }],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      gauge.deliver(1, 4000);
      const before = (await deliveries('delivery.received')).length;
      // "Test connection" polls the console: the delivery is stored and its event written.
      expect((await boss.send('POST', `/api/v1/gauge-devices/${made.body.id}/test`)).body.ok).toBe(true);
      let rows = (await deliveries('delivery.received')).filter((r) => r.payload.source === 'gauge');
      expect(rows).toHaveLength(1);
      expect(rows[0].integration_id).toBe(hookId);
      expect(rows[0].payload).toMatchObject({
        tankId: f.tankB,
        litres: expect.closeTo(4000, 0),
        supplier: null,
        deliveryNote: null,
        source: 'gauge',
        gaugeDeviceId: made.body.id,
      });
      const stored = await srv.database.db.execute<{ id: string }>(
        sql`select id from gauge_deliveries where gauge_device_id = ${made.body.id}`,
      );
      expect(stored.rows.map((r) => r.id)).toEqual([rows[0].payload.id]);
      expect(String(rows[0].payload.receivedAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // Polled again, the console still lists it: nothing new is sent.
      expect((await boss.send('POST', `/api/v1/gauge-devices/${made.body.id}/test`)).body.ok).toBe(true);
      rows = (await deliveries('delivery.received')).filter((r) => r.payload.source === 'gauge');
      expect(rows).toHaveLength(1);
      expect((await deliveries('delivery.received')).length).toBe(before + 1);

      received.length = 0;
      expect(await attempt(srv.database.db, box(), rows[0].id, false, { allowPrivate: true })).toBe('delivered');
      const body = JSON.parse(received[0].body);
      expect(received[0].headers['x-fams-event']).toBe('delivery.received');
      expect(body.data).toEqual(rows[0].payload);
    } finally {
      await gauge.close();
    }
  });
});

describe('integration catalogue (/IntegrationSetup)', () => {
  it('lets only ThebigBoss offer or withdraw a type; a type not offered cannot be created', async () => {
    expect((await f.admin.get('/api/v1/integration-types')).status).toBe(403);
    expect(
      (await f.admin.send('PUT', '/api/v1/integration-types/csv_drop', { enabled: false, accountTypes: null })).status,
    ).toBe(403);
    const types = await boss.get('/api/v1/integration-types');
    expect(types.body.items.find((t: { type: string }) => t.type === 'webhook')).toMatchObject({
      enabled: true,
      accountTypes: null,
    });
    expect((await f.admin.get('/api/v1/integration-types/offered')).body.types).toContain('csv_drop');
    const put = await boss.send('PUT', '/api/v1/integration-types/csv_drop', {
      enabled: true,
      accountTypes: ['No such type'],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ type: 'csv_drop', enabled: true, accountTypes: ['No such type'] });
    expect((await f.admin.get('/api/v1/integration-types/offered')).body.types).not.toContain('csv_drop');
    const refused = await f.admin.send('POST', '/api/v1/integrations', {
      type: 'csv_drop',
      name: 'Drop',
      datasets: ['dispenses'],
      frequency: 'hourly',
      folder: 'drops',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors.type[0]).toMatch(/not offered/);
    expect(
      (await boss.send('PUT', '/api/v1/integration-types/nope', { enabled: true, accountTypes: null })).status,
    ).toBe(400);
  });
});
