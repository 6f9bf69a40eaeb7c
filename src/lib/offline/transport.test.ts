import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountDb } from './db';
import { dispense } from './fakeServer.testutil';
import { busyReasons, clearBusy, isBusy, markBusy, whenIdle } from './busy';
import { fetchTransport } from './fetchTransport';
import { addRecord } from './outbox';
import { runSync } from './sync';

const target = { accountId: 3, accountKey: 'acc-key', userId: 9, userKey: 'user-key' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('service-worker transport (fetch + refresh cookie)', () => {
  const db = new AccountDb(77);
  afterEach(async () => {
    await db.outbox.clear();
  });

  it('gets a token from the refresh cookie first, then sends with the identity headers', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchFn = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/auth/refresh')) return json(200, { token: 'sw-token', expiresAt: Date.now() + 60_000 });
      const { records } = JSON.parse(String(init.body)) as { records: Array<{ id: string }> };
      return json(200, {
        results: records.map((r) => ({ id: r.id, status: 'created', httpStatus: 201, exceptions: [] })),
      });
    }) as typeof fetch;
    await addRecord(db, 'dispenses', dispense());
    const out = await runSync(db, fetchTransport(target, fetchFn));
    expect(out).toMatchObject({ status: 'done', synced: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/dispenses/batch']);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ accountId: 3 });
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(calls[1].init.headers).toMatchObject({
      Authorization: 'Bearer sw-token',
      userId: '9',
      accountId: '3',
      accountKey: 'acc-key',
      userKey: 'user-key',
      // The sync report: this installation's id (device database), its outbox, the build's version.
      'x-fams-device': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-fams-outbox': '1',
      'x-fams-version': expect.any(String),
    });
  });

  it('a refused refresh stops the run with the records still queued', async () => {
    const fetchFn = (async () =>
      json(401, { title: 'Error', message: 'Please sign in.', code: 'UNAUTHENTICATED' })) as unknown as typeof fetch;
    await addRecord(db, 'dispenses', dispense());
    const out = await runSync(db, fetchTransport(target, fetchFn));
    expect(out.status).toBe('auth');
    expect((await db.outbox.toArray())[0].state).toBe('queued');
  });

  it('passes Retry-After through', async () => {
    const fetchFn = (async (url: string) =>
      url.endsWith('/auth/refresh')
        ? json(200, { token: 't', expiresAt: 1 })
        : json(429, { title: 'Error', message: 'Slow down', code: 'RATE' }, { 'Retry-After': '30' })) as typeof fetch;
    await addRecord(db, 'dispenses', dispense());
    const now = Date.now();
    const out = await runSync(db, fetchTransport(target, fetchFn), { now: () => now });
    expect(out.status).toBe('backoff');
    expect(out.retryAt).toBeGreaterThanOrEqual(now + 30_000);
  });
});

describe('busy registry', () => {
  it('the sync marks itself busy while it runs (an update never reloads mid-send)', async () => {
    const db = new AccountDb(78);
    await addRecord(db, 'dispenses', dispense());
    let busyDuringSend = false;
    await runSync(db, {
      refresh: async () => true,
      post: async (_k, body) => {
        busyDuringSend = isBusy() && busyReasons().includes('records are being sent');
        const ids = (body.records as Array<{ id: string }>).map((r) => r.id);
        return {
          status: 200,
          body: { results: ids.map((id) => ({ id, status: 'created', httpStatus: 201 })) },
          retryAfter: null,
        };
      },
    });
    expect(busyDuringSend).toBe(true);
    expect(isBusy()).toBe(false);
    await db.delete();
  });

  it('idle waiters resume once the last holder clears', async () => {
    markBusy('form:/QuickDispense', 'a form has unsaved input');
    expect(isBusy()).toBe(true);
    expect(busyReasons()).toEqual(['a form has unsaved input']);
    let idle = false;
    const wait = whenIdle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    clearBusy('form:/QuickDispense');
    await wait;
    expect(idle).toBe(true);
  });
});
