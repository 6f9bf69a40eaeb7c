/**
 * The headers of the device's sync report, without zod: the sync engine is in the field screens'
 * first download (ADR 017). diagnostic.ts re-exports them.
 */

/** Sent by the sync engine with every batch (src/lib/offline/sync.ts), read by the ingest. */
export const SYNC_REPORT_HEADERS = {
  device: 'x-fams-device',
  outbox: 'x-fams-outbox',
  version: 'x-fams-version',
} as const;
