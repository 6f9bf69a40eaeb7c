import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BATCH } from '@/contract/dispensing';
import { AccountDb } from './db';
import { dispense, FakeServer, transfer } from './fakeServer.testutil';
import { addRecord, countOutbox, getMeta, listByState, META } from './outbox';
import { runSync, syncReportHeaders } from './sync';

let db: AccountDb;
let server: FakeServer;
let clock: number;
const now = () => clock;
const opts = () => ({ now, random: () => 0.5 });
let nextAccount = 1000;

beforeEach(async () => {
  db = new AccountDb(nextAccount++);
  await db.open();
  server = new FakeServer();
  clock = Date.parse('2025-03-01T08:00:00Z');
});
afterEach(async () => {
  await db.delete();
});

async function queue(n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await addRecord(db, 'dispenses', dispense({ litres: i + 1 }), { now: clock + i })).id);
  return ids;
}
const states = async () => (await db.outbox.toArray()).map((r) => r.state);

describe('sync engine against every server answer', () => {
  it('all created → synced, kept as history, last sync time stored', async () => {
    await queue(3);
    const out = await runSync(db, server.transport(), opts());
    expect(out).toMatchObject({ status: 'done', synced: 3, rejected: 0, requests: 1 });
    expect(await states()).toEqual(['synced', 'synced', 'synced']);
    expect(server.rows.size).toBe(3);
    expect(await getMeta(db, META.lastSyncAt)).toBe(clock);
  });

  it('lost answer after commit → back-off, retry → duplicate → synced, exactly one server row each', async () => {
    const ids = await queue(2);
    server.faults.push({ type: 'lostAnswer' });
    const first = await runSync(db, server.transport(), opts());
    expect(first.status).toBe('backoff');
    expect(server.rows.size).toBe(2); // the server did commit
    expect(await states()).toEqual(['queued', 'queued']);
    clock = first.retryAt!;
    const second = await runSync(db, server.transport(), opts());
    expect(second).toMatchObject({ status: 'done', synced: 2 });
    expect(await states()).toEqual(['synced', 'synced']);
    expect(server.rows.size).toBe(2);
    expect(server.arrival).toEqual(ids);
  });

  it('500 then success: back-off with jitter, nothing lost', async () => {
    await queue(2);
    server.faults.push({ type: 'status', status: 500 });
    const first = await runSync(db, server.transport(), opts());
    expect(first.status).toBe('backoff');
    const recs = await db.outbox.toArray();
    expect(recs.every((r) => r.state === 'queued' && r.attempts === 1 && r.lastError === 'Status 500')).toBe(true);
    expect(first.retryAt).toBeGreaterThan(clock);
    // Not due yet: no request at all.
    const early = await runSync(db, server.transport(), opts());
    expect(early.requests).toBe(0);
    clock = first.retryAt!;
    expect(await runSync(db, server.transport(), opts())).toMatchObject({ synced: 2 });
    expect(server.rows.size).toBe(2);
  });

  it('back-off grows with each failure', async () => {
    await queue(1);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      server.faults.push({ type: 'network' });
      const out = await runSync(db, server.transport(), opts());
      delays.push(out.retryAt! - clock);
      clock = out.retryAt!;
    }
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[3]).toBeGreaterThan(delays[0] * 4);
  });

  it('429 with Retry-After: the next attempt is not before it', async () => {
    await queue(1);
    server.faults.push({ type: 'status', status: 429, retryAfter: '120' });
    const out = await runSync(db, server.transport(), opts());
    expect(out.status).toBe('backoff');
    const [rec] = await db.outbox.toArray();
    expect(rec.nextAttemptAt).toBeGreaterThanOrEqual(clock + 120_000);
    clock += 119_000;
    expect((await runSync(db, server.transport(), opts())).requests).toBe(0);
    clock += 2_000;
    expect(await runSync(db, server.transport(), opts())).toMatchObject({ synced: 1, requests: 1 });
  });

  it('"send now" ignores the back-off delay', async () => {
    await queue(1);
    server.faults.push({ type: 'status', status: 503 });
    await runSync(db, server.transport(), opts());
    expect(await runSync(db, server.transport(), { ...opts(), force: true })).toMatchObject({ synced: 1 });
  });

  it('401 → one refresh → retried with the new token → synced', async () => {
    await queue(2);
    server.validToken = 'token-2'; // the access token expired
    const t = server.transport('token-1');
    const out = await runSync(db, t, opts());
    expect(out).toMatchObject({ status: 'done', synced: 2 });
    expect(server.refreshCalls).toBe(1);
    expect(server.requests.map((r) => r.token)).toEqual(['token-1', 'token-2']);
  });

  it('401 and the refresh fails → records stay queued, no loss, synced once a session exists', async () => {
    await queue(3);
    server.validToken = 'token-9';
    server.nextToken = null; // the refresh cookie is gone
    const out = await runSync(db, server.transport('token-1'), opts());
    expect(out.status).toBe('auth');
    expect(server.refreshCalls).toBe(1);
    expect(await states()).toEqual(['queued', 'queued', 'queued']);
    expect((await db.outbox.toArray()).every((r) => r.nextAttemptAt === 0)).toBe(true);
    // The user signs in again: the queue goes at once.
    expect(await runSync(db, server.transport('token-9'), opts())).toMatchObject({ synced: 3 });
    expect(server.rows.size).toBe(3);
  });

  it('one record refused in a batch of 3 → it is rejected with the reason, the two others synced', async () => {
    const [a, b, c] = await queue(3);
    server.refuse.set(b, 'Unknown equipment');
    const out = await runSync(db, server.transport(), opts());
    expect(out).toMatchObject({ synced: 2, rejected: 1 });
    const rec = await db.outbox.get(b);
    expect(rec).toMatchObject({
      state: 'rejected',
      lastError: 'Unknown equipment',
      fieldErrors: { equipmentId: ['Unknown equipment'] },
    });
    expect((await db.outbox.get(a))?.state).toBe('synced');
    expect((await db.outbox.get(c))?.state).toBe('synced');
    expect(await countOutbox(db)).toMatchObject({ waiting: 0, rejected: 1, synced: 2 });
  });

  it('a whole-request 422 on a batch of 3 is split so only the bad record is rejected', async () => {
    const [, b] = await queue(3);
    server.faults.push({ type: 'status', status: 422, body: { title: 'Error', message: 'Bad batch', code: 'X' } });
    // After the split each record goes alone; make the second one fail as a whole request.
    const t = server.transport();
    const post = t.post;
    t.post = async (kind, body) => {
      const id = (body.records[0] as { id: string }).id;
      if (body.records.length === 1 && id === b)
        return { status: 422, body: { title: 'Error', message: 'Litres make no sense', code: 'X' }, retryAfter: null };
      return post(kind, body);
    };
    const out = await runSync(db, t, opts());
    expect(out).toMatchObject({ synced: 2, rejected: 1 });
    expect(await db.outbox.get(b)).toMatchObject({ state: 'rejected', lastError: 'Litres make no sense' });
  });

  it('404 of the endpoint itself (not deployed yet) keeps the records queued with back-off', async () => {
    await queue(2);
    server.faults.push({
      type: 'status',
      status: 404,
      body: { title: 'Error', message: 'Not found.', code: 'NOT_FOUND' },
    });
    const out = await runSync(db, server.transport(), opts());
    expect(out.status).toBe('backoff');
    expect(await states()).toEqual(['queued', 'queued']);
  });

  it('crash between send and confirm: `sending` at restart is resent → duplicate → synced', async () => {
    const ids = await queue(2);
    // The first run sent and the server committed, then the tab died before the answer was written.
    await runSync(db, server.transport(), opts());
    await db.outbox.toCollection().modify({ state: 'sending', syncedAt: null });
    const out = await runSync(db, server.transport(), opts());
    expect(out).toMatchObject({ synced: 2, requests: 1 });
    expect(await states()).toEqual(['synced', 'synced']);
    expect(server.rows.size).toBe(2);
    expect(server.requests[1].ids).toEqual(ids);
  });

  it('order is preserved per kind, and every kind is sent', async () => {
    const ids: string[] = [];
    const tids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await addRecord(db, 'dispenses', dispense())).id);
      if (i % 2) tids.push((await addRecord(db, 'transfers', transfer())).id);
    }
    await runSync(db, server.transport(), { ...opts(), batchSize: 4 });
    expect(server.arrival.filter((id) => ids.includes(id))).toEqual(ids);
    expect(server.arrival.filter((id) => tids.includes(id))).toEqual(tids);
    expect(server.requests.map((r) => [r.kind, r.ids.length])).toEqual([
      ['dispenses', 4],
      ['dispenses', 2],
      ['transfers', 3],
    ]);
  });

  it(`batches are split at MAX_BATCH (${MAX_BATCH})`, async () => {
    const records = Array.from({ length: MAX_BATCH + 3 }, (_, i) => dispense({ litres: i + 1 }));
    await db.outbox.bulkAdd(
      records.map((payload, i) => ({
        id: payload.id,
        kind: 'dispenses' as const,
        payload: {
          ...payload,
          employeeId: null,
          costCentreId: null,
          meter: 12345,
          gps: null,
          employeeBy: null,
          acceptedWarnings: [],
          note: '',
        },
        seq: i + 1,
        createdAt: clock,
        state: 'queued' as const,
        attempts: 0,
        lastError: null,
        fieldErrors: null,
        nextAttemptAt: 0,
        userId: 1,
        syncedAt: null,
        exceptions: [],
      })),
    );
    const out = await runSync(db, server.transport(), opts());
    expect(out.synced).toBe(MAX_BATCH + 3);
    expect(server.requests.map((r) => r.ids.length)).toEqual([MAX_BATCH, 3]);
    expect(server.arrival).toEqual(records.map((r) => r.id));
  });

  it('a batch is written as one read and one write per step, not one per record (live queries see one change)', async () => {
    const counted = new AccountDb(nextAccount++);
    let outboxWrites = 0;
    counted.use({
      stack: 'dbcore',
      name: 'count-writes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const t = down.table(name);
          return name === 'outbox'
            ? {
                ...t,
                mutate: (req) => {
                  const n = 'values' in req ? req.values.length : 'keys' in req ? req.keys.length : 1;
                  if (n > 0) outboxWrites += 1; // an empty request (nothing matched) writes nothing
                  return t.mutate(req);
                },
              }
            : t;
        },
      }),
    });
    await counted.open();
    try {
      for (let i = 0; i < 5; i++)
        await addRecord(counted, 'dispenses', dispense({ litres: i + 1 }), { now: clock + i });
      outboxWrites = 0;
      const out = await runSync(counted, server.transport(), opts());
      expect(out).toMatchObject({ status: 'done', synced: 5, requests: 1 });
      // Take the batch and mark it `sending`, settle the answers (`sending` at restart: none; pruning: nothing).
      expect(outboxWrites).toBe(2);
      expect((await counted.outbox.toArray()).map((r) => r.state)).toEqual(Array(5).fill('synced'));
      expect(await getMeta(counted, META.lastSyncAt)).toBe(clock);
    } finally {
      await counted.delete();
    }
  });

  it('a record that left the device while its batch was out is not written back by the answer', async () => {
    const ids = await queue(3);
    const transport = server.transport();
    const out = await runSync(
      db,
      {
        ...transport,
        post: async (kind, body) => {
          await db.outbox.delete(ids[1]); // e.g. another context removed it meanwhile
          return transport.post(kind, body);
        },
      },
      opts(),
    );
    expect(out).toMatchObject({ status: 'done', synced: 3 });
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => [r.id, r.state])).toEqual([
      [ids[0], 'synced'],
      [ids[2], 'synced'],
    ]);
  });

  it('two concurrent runners: only one sends', async () => {
    await queue(3);
    server.delayMs = 30;
    const [a, b] = await Promise.all([
      runSync(db, server.transport(), opts()),
      runSync(db, server.transport(), opts()),
    ]);
    expect([a.status, b.status].sort()).toEqual(['done', 'locked']);
    expect(server.requests).toHaveLength(1);
    expect(server.rows.size).toBe(3);
    expect(await listByState(db, 'synced')).toHaveLength(3);
  });
});

describe('sync report', () => {
  it('sends device id, outbox size and app version with every batch request', async () => {
    await queue(3);
    await addRecord(db, 'transfers', transfer(), { now: clock + 10 });
    const out = await runSync(db, server.transport(), {
      ...opts(),
      batchSize: 2,
      deviceId: async () => 'device-abc',
      appVersion: '9.9.9',
    });
    expect(out).toMatchObject({ status: 'done', synced: 4, requests: 3 });
    // The outbox as each request left: the batch being sent counts (sending), synced ones do not.
    expect(server.requests.map((r) => r.report)).toEqual([
      { deviceId: 'device-abc', outbox: 4, version: '9.9.9' },
      { deviceId: 'device-abc', outbox: 2, version: '9.9.9' },
      { deviceId: 'device-abc', outbox: 1, version: '9.9.9' },
    ]);
  });

  it('as headers the server reads, and none without a report', () => {
    expect(syncReportHeaders({ deviceId: 'd1', outbox: 7, version: '1.2.3' })).toEqual({
      'x-fams-device': 'd1',
      'x-fams-outbox': '7',
      'x-fams-version': '1.2.3',
    });
    expect(syncReportHeaders(undefined)).toEqual({});
  });
});
