import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { createSecrets, loadSecretKey } from '../../lib/secrets';
import { attempt, signature } from './webhooks';
import { sweepWebhooks } from './webhooks.jobs';

/**
 * Where a webhook may be sent (ADR 071), on a server that does NOT allow private targets, against
 * receivers on 127.0.0.1: an internal address is refused on save when it is an IP, and at delivery
 * whatever its spelling or name — never contacted, logged as "refused: internal address" with no
 * status, failed at once; allowed, the same target is delivered to. Redirects are not followed.
 * A delivery of a webhook deleted or switched off is failed without a request, and the sweep does
 * not queue it again.
 */
let srv: TestServer;
type S = Awaited<ReturnType<typeof session>>;
let boss: S;
let admin: S;
let receiver: http.Server;
let other: http.Server;
let port: number;
let otherPort: number;
const received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const receivedByOther: string[] = [];
let answer: (res: http.ServerResponse) => void;
const SECRET = 'whsec-targets-0123456789';

const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  srv = await startServer(); // webhookAllowPrivate off, as in production
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  admin = await session(srv.url, ...DEMO.admin);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      answer(res);
    });
  });
  other = http.createServer((req, res) => {
    receivedByOther.push(req.url ?? '');
    res.end('ok');
  });
  port = await listen(receiver);
  otherPort = await listen(other);
});
afterAll(async () => {
  receiver?.close();
  other?.close();
  await srv?.close();
});
beforeEach(() => {
  received.length = 0;
  receivedByOther.length = 0;
  answer = (res) => res.end('ok');
});

const box = () => createSecrets(loadSecretKey(undefined, srv.dataDir));
const db = () => srv.database.db;
const name = (what: string) => `${what} ${crypto.randomUUID().slice(0, 6)}`;

/** A webhook saved with a public address, then pointed at `url` as if saved before the check. */
async function hookAt(url: string): Promise<string> {
  const r = await admin.send('POST', '/api/v1/integrations', {
    type: 'webhook',
    name: name('Hook'),
    url: 'https://hooks.example.com/fams',
    events: ['ping'],
    secret: SECRET,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await db().execute(sql`update integrations set url = ${url} where id = ${r.body.id}`);
  return r.body.id;
}
const ping = async (id: string): Promise<string> => {
  const r = await admin.send('POST', `/api/v1/integrations/${id}/ping`, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.deliveries[0];
};
const logOf = async (id: string) =>
  (await admin.get('/api/v1/webhook-deliveries?pageSize=200')).body.items.find((d: { id: string }) => d.id === id);

describe('saving a webhook', () => {
  it('refuses an address whose host is an internal IP, in any spelling; a name is saved', async () => {
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
    ]) {
      const r = await admin.send('POST', '/api/v1/integrations', {
        type: 'webhook',
        name: name('Internal'),
        url,
        events: ['ping'],
      });
      expect(r.status, url).toBe(400);
      expect(r.body.fieldErrors.url[0], url).toMatch(/internal address/);
    }
    const named = await admin.send('POST', '/api/v1/integrations', {
      type: 'webhook',
      name: name('Named'),
      url: `http://localhost:${port}/hook`,
      events: ['ping'],
    });
    expect(named.status).toBe(201);
    // Changing a saved one to an internal IP is refused too.
    const put = await admin.send('PUT', `/api/v1/integrations/${named.body.id}`, {
      type: 'webhook',
      name: named.body.name,
      url: `http://127.0.0.1:${port}/hook`,
      events: ['ping'],
      enabled: true,
      version: named.body.version,
    });
    expect(put.status).toBe(400);
    expect(put.body.fieldErrors.url).toBeDefined();
  });
});

describe('delivering to an internal target', () => {
  it('never contacts it, fails at once with "refused: internal address", no status, whatever listens there; allowed, delivers', async () => {
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://127.0.0.1:${port}/hook`,
      // DNS: a name that resolves to loopback is refused the same way.
      `http://localhost:${port}/hook`,
      // Nothing listens on this port: the log reads the same (no port probing).
      'http://127.0.0.1:1/hook',
    ]) {
      const hook = await hookAt(url);
      const id = await ping(hook);
      expect(await attempt(db(), box(), id, false, {}), url).toBe('failed');
      expect(await logOf(id), url).toMatchObject({
        status: 'failed',
        attempts: 1,
        responseStatus: null,
        lastError: 'refused: internal address',
      });
      const integ = (await admin.get(`/api/v1/integrations/${hook}`)).body;
      expect(integ, url).toMatchObject({ lastStatus: 'error', lastError: 'ping: refused: internal address' });
      // Not retried: the delivery is over.
      expect(await attempt(db(), box(), id, false, {})).toBe('gone');
    }
    expect(received).toEqual([]);

    // Allowed (FAMS_WEBHOOK_ALLOW_PRIVATE=1), the same target is delivered to, signed.
    const hook = await hookAt(`http://[::ffff:127.0.0.1]:${port}/hook`);
    const again = await ping(hook);
    expect(await attempt(db(), box(), again, false, { allowPrivate: true })).toBe('delivered');
    expect(received).toHaveLength(1);
    const ts = String(received[0].headers['x-fams-timestamp']);
    expect(received[0].headers['x-fams-signature']).toBe(signature(SECRET, ts, received[0].body));
    expect(await logOf(again)).toMatchObject({ status: 'delivered', responseStatus: 200, lastError: null });
  });

  it('does not follow a redirect to another port', async () => {
    answer = (res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/elsewhere` });
      res.end();
    };
    const hook = await hookAt(`http://127.0.0.1:${port}/hook`);
    const id = await ping(hook);
    expect(await attempt(db(), box(), id, false, { allowPrivate: true })).toBe('retry');
    expect(received).toHaveLength(1);
    expect(receivedByOther).toEqual([]);
    expect(await logOf(id)).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      lastError: 'redirect not followed',
    });
  });
});

describe('a webhook deleted or switched off', () => {
  it('fails its pending delivery without a request and does not retry it', async () => {
    const off = await hookAt(`http://127.0.0.1:${port}/off`);
    const offDelivery = await ping(off);
    const disabled = await boss.send('POST', `/api/v1/admin/integrations/${off}/disable`, {});
    expect(disabled.status).toBe(200);
    expect(await attempt(db(), box(), offDelivery, false, { allowPrivate: true })).toBe('cancelled');
    expect(await logOf(offDelivery)).toMatchObject({ status: 'failed', lastError: 'integration disabled' });
    expect(await attempt(db(), box(), offDelivery, false, { allowPrivate: true })).toBe('gone');

    const gone = await hookAt(`http://127.0.0.1:${port}/gone`);
    const goneDelivery = await ping(gone);
    const row = (await admin.get(`/api/v1/integrations/${gone}`)).body;
    expect((await admin.send('DELETE', `/api/v1/integrations/${gone}?version=${row.version}`)).status).toBe(200);
    expect(await attempt(db(), box(), goneDelivery, true, { allowPrivate: true })).toBe('cancelled');
    expect(await logOf(goneDelivery)).toMatchObject({ status: 'failed', lastError: 'integration deleted' });
    expect(received).toEqual([]);
  });

  it('is not queued again by the sweep, which fails its pending deliveries', async () => {
    const live = await hookAt(`http://127.0.0.1:${port}/live`);
    const off = await hookAt(`http://127.0.0.1:${port}/off`);
    const liveDelivery = await ping(live);
    const offDelivery = await ping(off);
    expect((await boss.send('POST', `/api/v1/admin/integrations/${off}/disable`, {})).status).toBe(200);
    const queued: string[] = [];
    const fakeBoss = {
      insert: async (jobs: { id: string }[]) => void queued.push(...jobs.map((j) => j.id)),
    } as unknown as PgBoss;
    await sweepWebhooks({ database: srv.database, boss: fakeBoss });
    expect(queued).toContain(liveDelivery);
    expect(queued).not.toContain(offDelivery);
    expect(await logOf(offDelivery)).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'integration disabled',
    });
    expect(received).toEqual([]);
  });
});
