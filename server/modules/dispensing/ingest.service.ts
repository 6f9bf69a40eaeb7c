import crypto from 'node:crypto';
import type { IngestResult } from '../../../src/contract/dispensing';
import type { Database, Tx } from '../../db/client';
import { auditMany, type AuditEntry } from '../../lib/audit';
import type { AccessClaims } from '../auth/tokens';
import { fieldRepository } from './field.repository';
import { RecordError, type IngestContext, type KindHandler } from './ingest.types';

/** Key order must not change the hash: sort object keys recursively. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
const hashOf = (record: unknown) => crypto.createHash('sha256').update(stableJson(record)).digest('base64url');

function issuesToFields(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
  return out;
}

/** The id a rejected record is answered under: its own when it has a string id, else ''. */
const rawIdOf = (raw: unknown) => (raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '');

/** Postgres errors that mean "run the same transaction again": deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * Stores a batch of field records in one transaction (one commit for the batch), each record with
 * its stock movements, exceptions and audit entry. A record is refused only before anything of it
 * is written (validation, `prepare`, an id clash), so one bad record never leaves a trace or takes
 * the others down, and no savepoints are needed. Idempotent on the client id within the account: a replay answers
 * `duplicate` with the original exceptions; the same id with other content is refused (422).
 * Results are answered only after the commit. A database failure fails the whole request (5xx)
 * and nothing of it is kept — the device retries it. Two batches moving the same tanks in another
 * order can deadlock on the tanks' stock rows; Postgres aborts one and it is run again here.
 */
export async function ingestBatch<T extends { id: string }, P>(
  database: Database, handler: KindHandler<T, P>, auth: AccessClaims, records: unknown[],
): Promise<IngestResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction((tx) => ingestInTx(tx, handler, auth, records));
    } catch (e) {
      const code = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw e;
    }
  }
}

async function ingestInTx<T extends { id: string }, P>(
  tx: Tx, handler: KindHandler<T, P>, auth: AccessClaims, records: unknown[],
): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  const base = { tx, auth, now: new Date(), cache: new Map<string, Promise<unknown>>() };
  // Validation first: only a record the contract accepts (so an id that is a UUID) reaches SQL.
  const parsed = records.map((raw) => ({ raw, parsed: handler.schema.safeParse(raw) }));
  const ids = parsed.flatMap((p) => (p.parsed.success ? [p.parsed.data.id] : []));
  const ctx = { ...base, audits: [] as AuditEntry[], known: (await handler.storedHashes?.(base, ids)) ?? null };
  for (const { raw, parsed: p } of parsed) {
    if (!p.success) {
      results.push({ id: rawIdOf(raw), status: 'rejected', httpStatus: 400, reason: 'The record has invalid fields.', fieldErrors: issuesToFields(p.error.issues), exceptions: [] });
      continue;
    }
    const record = p.data;
    if (!handler.allowed(auth.roles, record)) {
      results.push({ id: record.id, status: 'rejected', httpStatus: 403, reason: 'You are not allowed to record this.', exceptions: [] });
      continue;
    }
    try {
      results.push(await storeOne(ctx, handler, record));
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      results.push({ id: record.id, status: 'rejected', httpStatus: e.httpStatus, reason: e.message, fieldErrors: e.fieldErrors, exceptions: [] });
    }
  }
  // Written once for the batch, in its transaction: an entry exists exactly for each stored record.
  await auditMany(tx, ctx.audits);
  return results;
}

async function storeOne<T extends { id: string }, P>(
  ctx: IngestContext & { audits: AuditEntry[]; known: Map<string, string> | null }, handler: KindHandler<T, P>, record: T,
): Promise<IngestResult> {
  const hash = hashOf(record);
  const repo = fieldRepository(ctx.tx, ctx.auth.accountId);
  const replay = async (stored: string): Promise<IngestResult> => {
    if (stored !== hash) throw new RecordError(422, 'Another record with this id was stored with different content.', { id: ['This id is already used by a different record'] });
    return { id: record.id, status: 'duplicate', httpStatus: 200, exceptions: await repo.exceptionCodes(record.id) };
  };
  const before = ctx.known ? ctx.known.get(record.id) : await handler.storedHash(ctx, record.id);
  if (before !== undefined) return replay(before);
  const prepared = await handler.prepare(ctx, record);
  if (!(await handler.insert(ctx, record, prepared, hash))) {
    // A concurrent request stored the same id between our check and our insert.
    return replay((await handler.storedHash(ctx, record.id))!);
  }
  const exceptions = await handler.effects(ctx, record, prepared).catch((e: unknown) => {
    // A refusal after the insert would leave a partial record: fail the batch instead (see prepare).
    if (e instanceof RecordError) throw new Error(`${handler.entity} effects refused a stored record: ${e.message}`);
    throw e;
  });
  ctx.audits.push({ accountId: ctx.auth.accountId, userId: ctx.auth.userId, action: 'create', entity: handler.entity, entityId: record.id, after: record });
  return { id: record.id, status: 'created', httpStatus: 201, exceptions };
}
