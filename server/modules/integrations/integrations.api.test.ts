import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { createSecrets, loadSecretKey } from '../../lib/secrets';
import { attempt, signature } from './webhooks';

/**
 * Integrations and webhooks (issue 15, ADR 040) against a local receiver on loopback: the secret
 * sealed at rest, signed deliveries, a failed attempt retried, the last one failing the delivery,
 * replay, and the account and role rules.
 */
let srv: TestServer;
type S = Awaited<ReturnType<typeof session>>;
let boss: S;
let admin: S;
let receiver: http.Server;
let url: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let answers: number[] = [];
const SECRET = 'whsec-0123456789-abcdef';
const allow = { allowPrivate: true };

beforeAll(async () => {
  // The receiver is on loopback: saving its address needs private targets allowed (ADR 071).
  srv = await startServer({ webhookAllowPrivate: true });
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  admin = await session(srv.url, ...DEMO.admin);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver?.close();
  await srv?.close();
});

const box = () => createSecrets(loadSecretKey(undefined, srv.dataDir));
let hookId: string;

describe('integrations', () => {
  it('keeps the secret sealed: the database holds no clear secret and answers never include it', async () => {
    const r = await boss.send('POST', '/api/v1/integrations', {
      type: 'webhook',
      name: 'ERP hook',
      url,
      events: ['dispense.recorded', 'ping'],
      secret: SECRET,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    hookId = r.body.id;
    expect(r.body.hasSecret).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
    const row = await srv.database.db.execute(
      sql`select row_to_json(i)::text as j from integrations i where id = ${hookId}`,
    );
    const text = (row.rows[0] as { j: string }).j;
    expect(text).not.toContain(SECRET);
    expect(text).toMatch(/"secret_sealed":"v1\./);
    const audit = await srv.database.db.execute(
      sql`select coalesce(string_agg(coalesce(before::text, '') || after::text, ''), '') as j from audit_log where entity_id = ${hookId}`,
    );
    expect((audit.rows[0] as { j: string }).j).not.toContain(SECRET);
    // Saving without a secret keeps the current one.
    const got = (await boss.get(`/api/v1/integrations/${hookId}`)).body;
    const put = await boss.send('PUT', `/api/v1/integrations/${hookId}`, {
      type: 'webhook',
      name: 'ERP hook',
      url,
      events: got.events,
      enabled: true,
      version: got.version,
    });
    expect(put.status).toBe(200);
    expect(put.body.hasSecret).toBe(true);
  });

  it('lets admins read and write their own; other accounts see nothing', async () => {
    expect((await admin.get('/api/v1/integrations')).status).toBe(200);
    const own = await admin.send('POST', '/api/v1/integrations', { type: 'webhook', name: 'x', url });
    expect(own.status).toBe(201);
    expect((await admin.send('DELETE', `/api/v1/integrations/${own.body.id}?version=${own.body.version}`)).status).toBe(
      200,
    );
    expect((await admin.get('/api/v1/integration-types')).status).toBe(403);
    expect((await boss.get('/api/v1/integration-types')).body.items.map((t: { type: string }) => t.type)).toContain(
      'sap',
    );
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await north.get(`/api/v1/integrations/${hookId}`)).status).toBe(404);
    expect((await north.get('/api/v1/webhook-deliveries')).body.items).toEqual([]);
    expect((await north.send('POST', `/api/v1/integrations/${hookId}/ping`, {})).status).toBe(404);
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.get('/api/v1/webhook-deliveries')).status).toBe(403);
    expect((await manager.send('POST', '/api/v1/integrations', { type: 'webhook', name: 'y', url })).status).toBe(403);
  });
});

describe('webhook deliveries', () => {
  it('signs each POST; a failed attempt is logged and retried, then delivered; replay makes a new delivery', async () => {
    const ping = await boss.send('POST', `/api/v1/integrations/${hookId}/ping`, {});
    expect(ping.status).toBe(200);
    const [id] = ping.body.deliveries;
    answers = [500];
    received.length = 0;
    expect(await attempt(srv.database.db, box(), id, false, allow)).toBe('retry');
    let log = (await admin.get(`/api/v1/webhook-deliveries?q=ping`)).body.items.find(
      (d: { id: string }) => d.id === id,
    );
    expect(log).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'HTTP 500' });
    expect(await attempt(srv.database.db, box(), id, false, allow)).toBe('delivered');
    log = (await admin.get(`/api/v1/webhook-deliveries?q=ping`)).body.items.find((d: { id: string }) => d.id === id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    // The receiver can check every request with the shared secret.
    expect(received).toHaveLength(2);
    for (const r of received) {
      expect(r.headers['x-fams-event']).toBe('ping');
      expect(r.headers['x-fams-delivery']).toBe(id);
      const ts = String(r.headers['x-fams-timestamp']);
      expect(r.headers['x-fams-signature']).toBe(signature(SECRET, ts, r.body));
      expect(r.headers['x-fams-signature']).not.toBe(signature('wrong-secret-000000', ts, r.body));
      expect(JSON.parse(r.body)).toMatchObject({ id, event: 'ping', data: { integrationId: hookId } });
    }
    // A delivered one is not sent again.
    expect(await attempt(srv.database.db, box(), id, false, allow)).toBe('gone');
    const integ = (await admin.get(`/api/v1/integrations/${hookId}`)).body;
    expect(integ).toMatchObject({ lastStatus: 'ok', lastError: 'ping: HTTP 500' });
    expect(integ.lastRunAt).not.toBeNull();

    const replay = await boss.send('POST', `/api/v1/webhook-deliveries/${id}/replay`, {});
    expect(replay.status).toBe(200);
    const again = replay.body.deliveries[0];
    expect(await attempt(srv.database.db, box(), again, false, allow)).toBe('delivered');
    expect(JSON.parse(received[2].body)).toMatchObject({ id: again, event: 'ping' });
    const row = (await admin.get('/api/v1/webhook-deliveries?pageSize=200')).body.items.find(
      (d: { id: string }) => d.id === again,
    );
    expect(row.replayOf).toBe(id);
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.send('POST', `/api/v1/webhook-deliveries/${id}/replay`, {})).status).toBe(403);
  });

  it('fails the delivery on its last attempt; a private address unless allowed fails at once, never contacted', async () => {
    const [id] = (await boss.send('POST', `/api/v1/integrations/${hookId}/ping`, {})).body.deliveries;
    received.length = 0;
    expect(await attempt(srv.database.db, box(), id, false, {})).toBe('failed');
    expect(received).toEqual([]);
    let log = (await admin.get('/api/v1/webhook-deliveries?pageSize=200')).body.items.find(
      (d: { id: string }) => d.id === id,
    );
    expect(log).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: null,
      lastError: 'refused: internal address',
    });
    const [next] = (await boss.send('POST', `/api/v1/integrations/${hookId}/ping`, {})).body.deliveries;
    answers = [503];
    expect(await attempt(srv.database.db, box(), next, true, allow)).toBe('failed');
    log = (await admin.get('/api/v1/webhook-deliveries?pageSize=200')).body.items.find(
      (d: { id: string }) => d.id === next,
    );
    expect(log).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 503 });
  });
});
