import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountDb } from './db';
import { dip, dispense, FakeServer } from './fakeServer.testutil';
import { addRecord, countOutbox, fixRecord, listRecent, RecordInvalidError } from './outbox';
import { runSync } from './sync';

/** Manual dips go through the same outbox and sync engine as dispenses (issue 5, source 3). */
let db: AccountDb;
let n = 1000;
beforeEach(async () => {
  db = new AccountDb(n++);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('outbox with dips', () => {
  it('stores a dip as queued with the contract defaults, and syncs it to /dips/batch exactly once', async () => {
    const input = dip({ waterHeightMm: undefined, temperatureC: undefined, note: ' after delivery ' });
    const rec = await addRecord(db, 'dips', input, { userId: 3 });
    expect(rec).toMatchObject({ kind: 'dips', state: 'queued', userId: 3 });
    expect(rec.payload).toMatchObject({ waterHeightMm: 0, temperatureC: null, note: 'after delivery' });

    const server = new FakeServer();
    server.faults.push({ type: 'lostAnswer' });
    await runSync(db, server.transport());
    expect((await db.outbox.get(input.id))?.state).toBe('queued'); // stored, but the answer was lost
    await runSync(db, server.transport(), { force: true });
    expect((await db.outbox.get(input.id))?.state).toBe('synced');
    expect(server.requests.map((r) => r.kind)).toEqual(['dips', 'dips']);
    expect(server.rows.size).toBe(1);
  });

  it('refuses a dip without a height or with a negative one, and writes nothing', async () => {
    const err = await addRecord(db, 'dips', { ...dip(), productHeightMm: undefined as unknown as number }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RecordInvalidError);
    expect(Object.keys((err as RecordInvalidError).fieldErrors)).toEqual(['productHeightMm']);
    await expect(addRecord(db, 'dips', dip({ waterHeightMm: -1 }))).rejects.toBeInstanceOf(RecordInvalidError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a dip the server rejects is fixed and resent under the same id, while dispenses still go', async () => {
    const server = new FakeServer();
    const bad = dip();
    await addRecord(db, 'dips', bad);
    const d = await addRecord(db, 'dispenses', dispense());
    server.refuse.set(bad.id, 'Unknown tank.');
    const out = await runSync(db, server.transport());
    expect(out).toMatchObject({ synced: 1, rejected: 1 });
    expect(await db.outbox.get(bad.id)).toMatchObject({ state: 'rejected', lastError: 'Unknown tank.' });
    expect((await db.outbox.get(d.id))?.state).toBe('synced');

    server.refuse.delete(bad.id);
    await fixRecord(db, bad.id, { ...bad, productHeightMm: 1300 });
    await runSync(db, server.transport());
    expect(await db.outbox.get(bad.id)).toMatchObject({
      state: 'synced',
      payload: { id: bad.id, productHeightMm: 1300 },
    });
    expect(await countOutbox(db)).toMatchObject({ waiting: 0, rejected: 0, synced: 2 });
    expect((await listRecent(db, 'dips')).map((r) => r.id)).toEqual([bad.id]);
  });
});
