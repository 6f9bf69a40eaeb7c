import crypto from 'node:crypto';
import { stable } from '../upsert';

/**
 * The id an imported history record is stored under: a UUID made from sha256 of the account, the
 * kind and the old system's reference, or, without one, the record's own normalised values. The same
 * row imported again gets the same id, so the ingest answers `duplicate` (ADR 037).
 */
export function recordId(accountId: number, kind: string, reference: string, record: Record<string, unknown>): string {
  const basis = reference ? `ref:${reference}` : `row:${stable(record)}`;
  const b = crypto.createHash('sha256').update(`${accountId}|${kind}|${basis}`).digest().subarray(0, 16);
  // Version 5 layout (name-based, SHA) and the RFC 4122 variant, so it is a UUID every check accepts.
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
