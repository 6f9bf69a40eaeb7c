import Dexie, { type EntityTable } from 'dexie';
import type { z } from 'zod';
import type { FIELD_RECORD_INPUT, FieldRecordKind } from '@/contract/dispensing';
import type { ReferenceData } from '@/contract/setup/reference';

/**
 * The device's IndexedDB (docs/design.md §6). One database per account, so records written for one
 * account can never be sent with another account's token, plus one device-wide database for what
 * must outlive any session (offline unlock, the account the service worker syncs for).
 * Runtime-neutral: imported by the page and by the service worker (no DOM, no session).
 */

export type OutboxState = 'queued' | 'sending' | 'synced' | 'rejected';
export type PayloadOf<K extends FieldRecordKind = FieldRecordKind> = z.output<(typeof FIELD_RECORD_INPUT)[K]>;
export type InputOf<K extends FieldRecordKind = FieldRecordKind> = z.input<(typeof FIELD_RECORD_INPUT)[K]>;

export interface OutboxRecord<K extends FieldRecordKind = FieldRecordKind> {
  /** The client UUID, also `payload.id`: the server's idempotency key. */
  id: string;
  kind: K;
  /** The domain record as the contract parsed it (defaults filled), never a raw Request. */
  payload: PayloadOf<K>;
  /** Creation order on this device; sending follows it per kind. */
  seq: number;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  fieldErrors: Record<string, string[]> | null;
  /** Earliest time the engine may send it again (back-off), epoch ms; 0 = now. */
  nextAttemptAt: number;
  /** Who recorded it (the server attributes it to the token that sends it). */
  userId: number | null;
  syncedAt: number | null;
  /** Exception codes the server raised for the stored record. */
  exceptions: string[];
}

export interface ReferenceSnapshot {
  key: 'current';
  data: ReferenceData;
  fetchedAt: number;
  etag: string | null;
}

/** Small per-account facts: last successful sync, last error. */
export interface MetaRow {
  key: string;
  value: unknown;
}

export class AccountDb extends Dexie {
  outbox!: EntityTable<OutboxRecord, 'id'>;
  reference!: EntityTable<ReferenceSnapshot, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(
    readonly accountId: number,
    options?: ConstructorParameters<typeof Dexie>[1],
  ) {
    super(accountDbName(accountId), options);
    this.version(1).stores({
      outbox: 'id, &seq, state, [state+seq], [kind+seq], [kind+state+seq], syncedAt',
      reference: 'key',
      meta: 'key',
    });
  }
}

export const accountDbName = (accountId: number) => `fams-account-${accountId}`;

const accountDbs = new Map<number, AccountDb>();

/** The account's database (one instance per account per JS context). */
export function accountDb(accountId: number): AccountDb {
  let db = accountDbs.get(accountId);
  if (!db) {
    db = new AccountDb(accountId);
    accountDbs.set(accountId, db);
  }
  return db;
}

/** A stored password verifier for offline unlock (never the password itself). */
export interface VerifierRow {
  userId: number;
  /** Lower-cased names the user may type to sign in (user name, e-mail). */
  loginNames: string[];
  salt: Uint8Array;
  hash: Uint8Array;
  iterations: number;
  createdAt: number;
  failures: number;
  lockedUntil: number;
}

/** Who the user is, as the last online session knew it, to restore an offline session. */
export interface IdentityRow {
  userId: number;
  snapshot: unknown;
  savedAt: number;
}

/**
 * Device-wide: its name is not account-scoped and nothing in the session code clears IndexedDB,
 * so the login page's "clear storage on open" leaves it alone on purpose.
 */
export class DeviceDb extends Dexie {
  verifiers!: EntityTable<VerifierRow, 'userId'>;
  identities!: EntityTable<IdentityRow, 'userId'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(options?: ConstructorParameters<typeof Dexie>[1]) {
    super(DEVICE_DB_NAME, options);
    this.version(1).stores({ verifiers: 'userId, *loginNames', identities: 'userId', meta: 'key' });
  }
}

export const DEVICE_DB_NAME = 'fams-device';

let device: DeviceDb | null = null;
export function deviceDb(): DeviceDb {
  device ??= new DeviceDb();
  return device;
}

/** What the service worker needs to sync without the page: the identity headers, no token. */
export interface SyncTarget {
  accountId: number;
  accountKey: string;
  userId: number;
  userKey: string;
}
const SYNC_TARGET = 'syncTarget';

export async function getSyncTarget(): Promise<SyncTarget | null> {
  const row = await deviceDb().meta.get(SYNC_TARGET);
  return (row?.value as SyncTarget | undefined) ?? null;
}

export async function setSyncTarget(target: SyncTarget | null): Promise<void> {
  if (target) await deviceDb().meta.put({ key: SYNC_TARGET, value: target });
  else await deviceDb().meta.delete(SYNC_TARGET);
}

/** A stable id for this installation (the contract's `deviceId`), kept across sign-outs. */
export async function getDeviceId(): Promise<string> {
  const db = deviceDb();
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('deviceId');
    if (typeof row?.value === 'string') return row.value;
    const id = crypto.randomUUID();
    await db.meta.put({ key: 'deviceId', value: id });
    return id;
  });
}
