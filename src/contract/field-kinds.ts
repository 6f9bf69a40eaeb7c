/**
 * The field record kinds and the batch limit as plain values, without zod: the sync engine and the
 * field screens need them on their first render, the record schemas only with the first save or
 * sync answer (ADR 017). dispensing.ts re-exports them.
 */

/** Batches of up to this many records go to `POST /api/v1/<kind>/batch`. */
export const MAX_BATCH = 500;

export const FIELD_RECORD_KINDS = ['dispenses', 'transfers', 'receipts', 'dips'] as const;
export type FieldRecordKind = (typeof FIELD_RECORD_KINDS)[number];
