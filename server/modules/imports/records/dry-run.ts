import type { IngestResult } from '../../../../src/contract/dispensing';
import type { Db } from '../../../db/client';
import { fieldErrorsOf } from '../../../lib/errors';
import type { AccessClaims } from '../../auth/tokens';
import { clash, hashOf } from '../../dispensing/ingest.service';
import { RecordError, type IngestContext, type KindHandler } from '../../dispensing/ingest.types';

const refused = (id: string, httpStatus: number, reason: string, fieldErrors?: Record<string, string[]>) =>
  ({ id, status: 'rejected', httpStatus, reason, fieldErrors, exceptions: [] }) satisfies IngestResult;

/**
 * What `ingestBatch` would answer for these records, read-only (a preview writes nothing): the
 * contract's validation, the kind's rule, a stored record with the same id (a replay or a clash)
 * and the kind's reference checks. Stock, history checks and exceptions are only judged by the run.
 */
export async function dryRun(
  db: Db,
  handler: KindHandler<{ id: string }, unknown>,
  auth: AccessClaims,
  records: unknown[],
): Promise<IngestResult[]> {
  if (!records.length) return [];
  return db.transaction(
    async (tx) => {
      const ctx: IngestContext = { tx, auth, now: new Date(), cache: new Map() };
      const results: IngestResult[] = new Array(records.length);
      const valid: { index: number; record: { id: string }; hash: string }[] = [];
      records.forEach((raw, index) => {
        const id = String((raw as { id: string }).id);
        const parsed = handler.schema.safeParse(raw);
        if (!parsed.success)
          results[index] = refused(id, 400, 'The record has invalid fields.', fieldErrorsOf(parsed.error.issues));
        else if (!handler.allowed(auth.roles, parsed.data))
          results[index] = refused(id, 403, 'You are not allowed to record this.');
        else valid.push({ index, record: parsed.data, hash: hashOf(parsed.data) });
      });
      const stored = await handler.storedHashes(
        ctx,
        valid.map((v) => v.record.id),
      );
      // A repeat within the file meets the first as the run would meet it stored.
      const seen = new Map(stored);
      const fresh: typeof valid = [];
      for (const v of valid) {
        const hash = seen.get(v.record.id);
        if (hash === undefined) {
          seen.set(v.record.id, v.hash);
          fresh.push(v);
        } else if (hash === v.hash)
          results[v.index] = { id: v.record.id, status: 'duplicate', httpStatus: 200, exceptions: [] };
        else {
          const e = clash();
          results[v.index] = refused(v.record.id, e.httpStatus, e.message, e.fieldErrors);
        }
      }
      const refs = fresh.length
        ? await handler.prepareAll(
            ctx,
            fresh.map((v) => v.record),
          )
        : [];
      fresh.forEach((v, i) => {
        const r = refs[i];
        results[v.index] =
          r instanceof RecordError
            ? refused(v.record.id, r.httpStatus, r.message, r.fieldErrors)
            : { id: v.record.id, status: 'created', httpStatus: 201, exceptions: [] };
      });
      return results;
    },
    { accessMode: 'read only' },
  );
}
