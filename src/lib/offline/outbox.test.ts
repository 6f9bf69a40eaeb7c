import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountDb } from './db';
import { dispense, FakeServer, transfer } from './fakeServer.testutil';
import {
  addRecord,
  countOutbox,
  discardRecord,
  fixRecord,
  HISTORY_MAX,
  listRecent,
  pruneHistory,
  RecordInvalidError,
  StorageFullError,
} from './outbox';
import { runSync } from './sync';

let db: AccountDb;
let n = 1;
beforeEach(async () => {
  db = new AccountDb(n++);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('outbox', () => {
  it('validates with the contract before writing and stores the normalised record as queued', async () => {
    const input = dispense({ note: '  spare can  ' });
    const rec = await addRecord(db, 'dispenses', input, { userId: 7, now: 1000 });
    expect(rec).toMatchObject({
      id: input.id,
      kind: 'dispenses',
      state: 'queued',
      attempts: 0,
      userId: 7,
      createdAt: 1000,
      seq: 1,
    });
    expect(rec.payload).toMatchObject({ note: 'spare can', employeeId: null, acceptedWarnings: [] });
    expect(await db.outbox.get(input.id)).toEqual(rec);
  });

  it('refuses an invalid record with field errors and writes nothing', async () => {
    const err = await addRecord(db, 'dispenses', dispense({ litres: -3 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordInvalidError);
    expect((err as RecordInvalidError).fieldErrors.litres).toEqual(['Litres must be more than 0']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a double tap (same id, same content) is one record; the same id with other content is refused', async () => {
    const input = dispense();
    await addRecord(db, 'dispenses', input);
    await addRecord(db, 'dispenses', input);
    expect(await db.outbox.count()).toBe(1);
    await expect(addRecord(db, 'dispenses', { ...input, litres: 1 })).rejects.toBeInstanceOf(RecordInvalidError);
  });

  it('a full disk is reported as StorageFullError, never swallowed', async () => {
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('quota', 'QuotaExceededError'));
    await expect(addRecord(db, 'dispenses', dispense())).rejects.toBeInstanceOf(StorageFullError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('fix-and-resend: a rejected record gets its new payload, same id, queued, then synced', async () => {
    const server = new FakeServer();
    const input = dispense();
    await addRecord(db, 'dispenses', input);
    server.refuse.set(input.id, 'Unknown equipment');
    await runSync(db, server.transport());
    expect((await db.outbox.get(input.id))?.state).toBe('rejected');
    expect(await countOutbox(db)).toMatchObject({ rejected: 1, waiting: 0 });

    await expect(fixRecord(db, input.id, { ...input, litres: -1 })).rejects.toBeInstanceOf(RecordInvalidError);
    server.refuse.delete(input.id);
    const fixed = await fixRecord(db, input.id, { ...input, litres: 10, id: 'ignored' });
    expect(fixed).toMatchObject({ id: input.id, state: 'queued', attempts: 0, lastError: null, fieldErrors: null });
    expect(fixed.payload).toMatchObject({ id: input.id, litres: 10 });
    await runSync(db, server.transport());
    expect((await db.outbox.get(input.id))?.state).toBe('synced');
    expect(server.rows.size).toBe(1);
  });

  it('only a rejected record can be fixed or discarded', async () => {
    const rec = await addRecord(db, 'dispenses', dispense());
    await expect(discardRecord(db, rec.id)).rejects.toThrow(/rejected/);
    await expect(fixRecord(db, rec.id, rec.payload)).rejects.toThrow(/rejected/);
    await db.outbox.update(rec.id, { state: 'rejected' });
    await discardRecord(db, rec.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('recent records per kind, newest first', async () => {
    const a = await addRecord(db, 'dispenses', dispense());
    const t = await addRecord(db, 'transfers', transfer());
    const b = await addRecord(db, 'dispenses', dispense());
    expect((await listRecent(db, 'dispenses')).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await listRecent(db)).map((r) => r.id)).toEqual([b.id, t.id, a.id]);
  });

  it('history keeps the newest synced per kind and drops old ones, never waiting or rejected ones', async () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    const day = 24 * 3600_000;
    const rows = Array.from({ length: HISTORY_MAX + 5 }, (_, i) => {
      const payload = {
        ...dispense(),
        employeeId: null,
        costCentreId: null,
        meter: 1,
        gps: null,
        employeeBy: null,
        acceptedWarnings: [],
        note: '',
      };
      return {
        id: payload.id,
        kind: 'dispenses' as const,
        payload,
        seq: i + 1,
        createdAt: now - day,
        attempts: 1,
        lastError: null,
        fieldErrors: null,
        nextAttemptAt: 0,
        userId: 1,
        exceptions: [],
        state: (i === 0 ? 'rejected' : i === 1 ? 'queued' : 'synced') as 'synced',
        syncedAt: i === 2 ? now - 40 * day : now - day,
      };
    });
    await db.outbox.bulkAdd(rows);
    const dropped = await pruneHistory(db, now);
    const counts = await countOutbox(db);
    expect(counts).toMatchObject({ rejected: 1, queued: 1, synced: HISTORY_MAX });
    expect(dropped).toBe(3); // one too old, two beyond the newest HISTORY_MAX
    expect(await db.outbox.get(rows[2].id)).toBeUndefined();
  });
});
