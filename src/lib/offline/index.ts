/**
 * The page-side API of the offline layer, for the field screens. The service worker imports the
 * runtime-neutral modules (db, outbox, sync, fetchTransport) directly instead.
 */
export type { InputOf, OutboxRecord, OutboxState, PayloadOf, ReferenceSnapshot } from './db';
export { getDeviceId } from './db';
export { RecordInvalidError, StorageFullError, validatePayload } from './outbox';
export {
  discardRejected,
  newRecordId,
  resendRecord,
  saveRecord,
  sendNow,
  unsyncedCount,
  type RecordDraft,
} from './records';
export { useBusyWhile, useIsBusy, useOutbox, useRecentRecords, useSyncStatus } from './hooks';
export { refreshReference, useReference } from './reference';
export { requestSync, startOfflineSync } from './runner';
export { ago, describeStatus, syncStatus } from './status';
export { clearBusy, isBusy, markBusy } from './busy';
