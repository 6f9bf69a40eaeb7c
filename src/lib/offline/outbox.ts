import Dexie from 'dexie';
import type { FIELD_RECORD_INPUT } from '@/contract/dispensing';
import type { FieldRecordKind } from '@/contract/field-kinds';
import type { AccountDb, InputOf, OutboxRecord, OutboxState, PayloadOf } from './db';

/**
 * The outbox of field records (docs/design.md §6): every write goes through a Dexie transaction, and a
 * record leaves the device only by being pruned from history after the server confirmed it, or by
 * a user discarding a rejected one on purpose. Runtime-neutral (page and service worker).
 */

/** The record did not pass the contract's schema; `fieldErrors` maps field → messages. */
export class RecordInvalidError extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors)[0]?.[0] ?? 'The record is not valid');
    this.name = 'RecordInvalidError';
  }
}

/** The device's storage is full: the record was NOT saved and the user must be told. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super(
      'This device is out of storage: the record was not saved. Free some space (or send waiting records) and try again.',
    );
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

/** Synced records kept as "recent history", per kind: the newest N and none older than D days. */
export const HISTORY_MAX = 200;
export const HISTORY_DAYS = 30;

function isQuotaError(e: unknown): boolean {
  const names = [e, (e as { inner?: unknown } | null)?.inner].map((x) => (x as { name?: string } | null)?.name);
  return names.includes('QuotaExceededError') || names.includes(Dexie.errnames.QuotaExceeded);
}

/** Dexie calls wrapped so a full disk becomes a StorageFullError, never a silent failure. */
async function write<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isQuotaError(e)) throw new StorageFullError(e);
    throw e;
  }
}

/**
 * The contract's record schemas, loaded with the first save: the outbox is in the field screens'
 * first download, zod and the records contract are not (ADR 017).
 */
const recordSchemas = () => import('@/contract/dispensing').then((m) => m.FIELD_RECORD_INPUT);

/** Validates with the contract's schema; returns the normalised payload or throws RecordInvalidError. */
export async function validatePayload<K extends FieldRecordKind>(kind: K, input: unknown): Promise<PayloadOf<K>> {
  return checkPayload(await recordSchemas(), kind, input);
}

/** validatePayload with the schemas at hand: inside a Dexie transaction, which an unrelated await would end. */
function checkPayload<K extends FieldRecordKind>(
  schemas: typeof FIELD_RECORD_INPUT,
  kind: K,
  input: unknown,
): PayloadOf<K> {
  const parsed = schemas[kind].safeParse(input);
  if (parsed.success) return parsed.data as PayloadOf<K>;
  // No prototype: a field named `toString` or `constructor` must not meet Object's own methods.
  const fieldErrors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  throw new RecordInvalidError(fieldErrors);
}

/**
 * Puts a new record in the outbox as `queued`. Saving the same id again with the same content is
 * a no-op (a double tap); the same id with other content is refused, as the server would.
 */
export async function addRecord<K extends FieldRecordKind>(
  db: AccountDb,
  kind: K,
  input: InputOf<K>,
  opts: { userId?: number | null; now?: number } = {},
): Promise<OutboxRecord<K>> {
  const payload = await validatePayload(kind, input);
  const now = opts.now ?? Date.now();
  return write(() =>
    db.transaction('rw', db.outbox, async () => {
      const existing = await db.outbox.get(payload.id);
      if (existing) {
        if (existing.kind === kind && JSON.stringify(existing.payload) === JSON.stringify(payload))
          return existing as OutboxRecord<K>;
        throw new RecordInvalidError({ id: ['Another record already has this id'] });
      }
      const last = await db.outbox.orderBy('seq').last();
      const record: OutboxRecord<K> = {
        id: payload.id,
        kind,
        payload,
        seq: (last?.seq ?? 0) + 1,
        createdAt: now,
        state: 'queued',
        attempts: 0,
        lastError: null,
        fieldErrors: null,
        nextAttemptAt: 0,
        userId: opts.userId ?? null,
        syncedAt: null,
        exceptions: [],
      };
      await db.outbox.add(record as OutboxRecord);
      return record;
    }),
  );
}

/**
 * Fix-and-resend of a rejected record: new payload, same id (the server never stored a rejected
 * one), back to `queued` at its original place in the order.
 */
export async function fixRecord<K extends FieldRecordKind>(
  db: AccountDb,
  id: string,
  input: InputOf<K>,
): Promise<OutboxRecord<K>> {
  const schemas = await recordSchemas();
  return write(() =>
    db.transaction('rw', db.outbox, async () => {
      const rec = (await db.outbox.get(id)) as OutboxRecord<K> | undefined;
      if (!rec) throw new Error('This record is no longer on the device');
      if (rec.state !== 'rejected') throw new Error('Only a rejected record can be changed');
      const payload = checkPayload(schemas, rec.kind as K, { ...input, id });
      const next: OutboxRecord<K> = {
        ...rec,
        payload,
        state: 'queued',
        attempts: 0,
        lastError: null,
        fieldErrors: null,
        nextAttemptAt: 0,
      };
      await db.outbox.put(next as OutboxRecord);
      return next;
    }),
  );
}

/** The user gives up a rejected record on purpose; nothing else may be deleted this way. */
export async function discardRecord(db: AccountDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const rec = await db.outbox.get(id);
    if (!rec) return;
    if (rec.state !== 'rejected') throw new Error('Only a rejected record can be discarded');
    await db.outbox.delete(id);
  });
}

export interface OutboxCounts {
  queued: number;
  sending: number;
  rejected: number;
  synced: number;
  waiting: number;
}

export async function countOutbox(db: AccountDb): Promise<OutboxCounts> {
  const by = (s: OutboxState) => db.outbox.where('state').equals(s).count();
  const [queued, sending, rejected, synced] = await Promise.all([
    by('queued'),
    by('sending'),
    by('rejected'),
    by('synced'),
  ]);
  return { queued, sending, rejected, synced, waiting: queued + sending };
}

/** Newest first; one kind or all. */
export async function listRecent(db: AccountDb, kind?: FieldRecordKind, limit = 50): Promise<OutboxRecord[]> {
  const coll = kind
    ? db.outbox.where('[kind+seq]').between([kind, Dexie.minKey], [kind, Dexie.maxKey])
    : db.outbox.orderBy('seq');
  return coll.reverse().limit(limit).toArray();
}

/** Records in one state, oldest first (the queue as it will be sent). */
export async function listByState(db: AccountDb, state: OutboxState, limit = 500): Promise<OutboxRecord[]> {
  return db.outbox.where('[state+seq]').between([state, Dexie.minKey], [state, Dexie.maxKey]).limit(limit).toArray();
}

/** The next records of one kind to send, in creation order. */
export async function nextBatch(db: AccountDb, kind: FieldRecordKind, limit: number): Promise<OutboxRecord[]> {
  return db.outbox
    .where('[kind+state+seq]')
    .between([kind, 'queued', Dexie.minKey], [kind, 'queued', Dexie.maxKey])
    .limit(limit)
    .toArray();
}

/** Keeps recent history bounded: per kind the newest HISTORY_MAX synced, none older than HISTORY_DAYS. */
export async function pruneHistory(db: AccountDb, now = Date.now()): Promise<number> {
  const cutoff = now - HISTORY_DAYS * 24 * 3600_000;
  return db.transaction('rw', db.outbox, async () => {
    const synced = await db.outbox
      .where('[state+seq]')
      .between(['synced', Dexie.minKey], ['synced', Dexie.maxKey])
      .reverse()
      .toArray();
    const seen = new Map<string, number>();
    const drop: string[] = [];
    for (const r of synced) {
      const n = (seen.get(r.kind) ?? 0) + 1;
      seen.set(r.kind, n);
      if (n > HISTORY_MAX || (r.syncedAt ?? r.createdAt) < cutoff) drop.push(r.id);
    }
    if (drop.length) await db.outbox.bulkDelete(drop);
    return drop.length;
  });
}

export const META = { lastSyncAt: 'lastSyncAt', lastError: 'lastError' } as const;

export async function getMeta<T>(db: AccountDb, key: string): Promise<T | null> {
  return ((await db.meta.get(key))?.value as T | undefined) ?? null;
}

export async function setMeta(db: AccountDb, key: string, value: unknown): Promise<void> {
  await write(() => db.meta.put({ key, value }));
}
