import type { FieldRecordKind } from '@/contract/dispensing';
import { session } from '@/lib/session';
import { accountDb, getDeviceId, type InputOf, type OutboxRecord } from './db';
import { addRecord, countOutbox, discardRecord, fixRecord } from './outbox';
import { registerBackgroundSync, requestSync } from './runner';

/**
 * What the field screens call (QuickDispense, QuickDispense24, transfers, manual receipts): save
 * to the outbox of the account in use (shown at once in recent records), then try to send.
 */

/** The input a screen builds; `id` and `deviceId` are filled in when missing. */
export type RecordDraft<K extends FieldRecordKind> = Omit<InputOf<K>, 'id' | 'deviceId'> & {
  id?: string;
  deviceId?: string;
};

/** A new client id. Make it once when the form opens, so a double submit stays one record. */
export const newRecordId = (): string => crypto.randomUUID();

function currentDb() {
  const id = session.account?.id;
  if (id === undefined) throw new Error('No account is selected on this device');
  return accountDb(id);
}

/**
 * Validates with the contract, stores as `queued`, asks for a sync. Throws RecordInvalidError
 * (with fieldErrors for the form) or StorageFullError (disk full: tell the user, nothing saved).
 */
export async function saveRecord<K extends FieldRecordKind>(kind: K, draft: RecordDraft<K>): Promise<OutboxRecord<K>> {
  const input = {
    ...draft,
    id: draft.id ?? newRecordId(),
    deviceId: draft.deviceId ?? (await getDeviceId()),
  } as InputOf<K>;
  const rec = await addRecord(currentDb(), kind, input, { userId: session.user?.uid ?? null });
  void registerBackgroundSync();
  void requestSync();
  return rec;
}

/** Fix-and-resend a rejected record: new content, same id, back in the queue. */
export async function resendRecord<K extends FieldRecordKind>(id: string, input: InputOf<K>): Promise<OutboxRecord<K>> {
  const rec = await fixRecord(currentDb(), id, input);
  void requestSync({ force: true });
  return rec;
}

/** Gives up a rejected record on purpose (the only way a record is removed before syncing). */
export async function discardRejected(id: string): Promise<void> {
  await discardRecord(currentDb(), id);
}

/** "Send now": ignores back-off delays. */
export function sendNow(): Promise<void> {
  return requestSync({ force: true });
}

/** Records of an account not yet on the server (queued, sending or rejected), e.g. before logout. */
export async function unsyncedCount(accountId = session.account?.id): Promise<number> {
  if (accountId === undefined) return 0;
  const c = await countOutbox(accountDb(accountId));
  return c.waiting + c.rejected;
}
