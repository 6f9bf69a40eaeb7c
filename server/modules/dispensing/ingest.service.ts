import crypto from 'node:crypto';
import type { IngestResult } from '../../../src/contract/dispensing';
import type { Database, Db, Tx } from '../../db/client';
import { auditMany, type AuditEntry } from '../../lib/audit';
import { fieldErrorsOf } from '../../lib/errors';
import type { AccessClaims } from '../auth/tokens';
import type { WebhookEmitter } from '../integrations/webhooks';
import { RecordError, repoOf, type IngestContext, type Item, type KindHandler } from './ingest.types';

/** Key order must not change the hash: sort object keys recursively. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
export const hashOf = (record: unknown) => crypto.createHash('sha256').update(stableJson(record)).digest('base64url');

/** The id a rejected record is answered under: its own when it has a string id, else ''. */
const rawIdOf = (raw: unknown) =>
  raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '';

const rejected = (id: string, e: RecordError): IngestResult => ({
  id,
  status: 'rejected',
  httpStatus: e.httpStatus,
  reason: e.message,
  fieldErrors: e.fieldErrors,
  exceptions: [],
});
export const clash = () =>
  new RecordError(422, 'Another record with this id was stored with different content.', {
    id: ['This id is already used by a different record'],
  });

/** Postgres errors that mean "run the same transaction again": deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * Stores a batch of field records in one transaction (one commit for the batch), set-based: each
 * step (stored hashes, references, the insert, stock movements, history checks, exceptions, audit)
 * is one statement for all the records (ADR 016). A record is refused only before anything of it
 * is written (validation, references, an id clash), so one bad record never leaves a trace or
 * takes the others down, and no savepoints are needed. Idempotent on the client id within the
 * account: a replay answers `duplicate` with the original exceptions; the same id with other
 * content is refused (422). Results are answered only after the commit. A database failure fails
 * the whole request (5xx) and nothing of it is kept — the device retries it. Two batches moving the
 * same tanks can still deadlock (e.g. on a unique key); Postgres aborts one and it is run again here.
 */
export async function ingestBatch<T extends { id: string }, P>(
  database: Pick<Database, 'db' | 'beside'>,
  handler: KindHandler<T, P>,
  auth: AccessClaims,
  records: unknown[],
  events?: BatchEvents,
  opts: { fromDevice?: boolean } = {},
): Promise<IngestResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction((tx) =>
        ingestInTx(tx, handler, auth, records, events, database.beside, opts.fromDevice ? auth.userId : undefined),
      );
    } catch (e) {
      const code =
        (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw e;
    }
  }
}

/**
 * Webhooks of the records a batch stores (ADR 048): the kind's event for each created record, with
 * `extra` (where the batch came from) in its data, written in the batch's transaction by one
 * insert for the whole batch; nothing for replays, clashes or refusals.
 */
export interface BatchEvents {
  emitter: WebhookEmitter;
  extra?: Record<string, unknown>;
}

interface Candidate<T> {
  index: number;
  record: T;
  hash: string;
}

async function ingestInTx<T extends { id: string }, P>(
  tx: Tx,
  handler: KindHandler<T, P>,
  auth: AccessClaims,
  records: unknown[],
  events?: BatchEvents,
  beside?: () => Db | null,
  recordedBy?: number,
): Promise<IngestResult[]> {
  const ctx: IngestContext = { tx, auth, now: new Date(), cache: new Map(), beside, recordedBy };
  const results: IngestResult[] = new Array(records.length);
  const duplicates: { index: number; id: string }[] = [];
  const hook = events && handler.webhook;
  const payloads: Record<string, unknown>[] = [];
  /** The subscribed webhooks when the kind read them with its references; else `emit` reads them. */
  let webhooks: string[] | undefined;

  // Validation first: only a record the contract accepts (so an id that is a UUID) reaches SQL.
  const valid: Candidate<T>[] = [];
  records.forEach((raw, index) => {
    const parsed = handler.schema.safeParse(raw);
    if (!parsed.success) {
      results[index] = {
        id: rawIdOf(raw),
        status: 'rejected',
        httpStatus: 400,
        reason: 'The record has invalid fields.',
        fieldErrors: fieldErrorsOf(parsed.error.issues),
        exceptions: [],
      };
    } else if (!handler.allowed(auth.roles, parsed.data)) {
      results[index] = {
        id: parsed.data.id,
        status: 'rejected',
        httpStatus: 403,
        reason: 'You are not allowed to record this.',
        exceptions: [],
      };
    } else {
      valid.push({ index, record: parsed.data, hash: '' });
    }
  });

  for (const segment of segments(valid)) {
    const replay = (c: Candidate<T>, stored: string) => {
      if (stored !== c.hash) results[c.index] = rejected(c.record.id, clash());
      else duplicates.push({ index: c.index, id: c.record.id });
    };
    // Stored hashes and references: one query where the kind can (lookupAll), else two. The payload
    // hashes are made while that query runs (ADR 063).
    const looking = handler.lookupAll
      ? handler.lookupAll(
          ctx,
          segment.map((c) => c.record),
        )
      : null;
    looking?.catch(() => undefined);
    for (const c of segment) c.hash = hashOf(c.record);
    const looked = looking ? await looking : null;
    webhooks = looked?.webhooks ?? webhooks;
    const known = looked
      ? looked.known
      : await handler.storedHashes(
          ctx,
          segment.map((c) => c.record.id),
        );
    const freshAt: number[] = [];
    const fresh = segment.filter((c, k) => {
      const stored = known.get(c.record.id);
      if (stored !== undefined) replay(c, stored);
      else freshAt.push(k);
      return stored === undefined;
    });
    const refs = looked
      ? freshAt.map((k) => looked.refs[k])
      : fresh.length
        ? await handler.prepareAll(
            ctx,
            fresh.map((c) => c.record),
          )
        : [];
    const items: (Item<T, P> & { index: number })[] = [];
    fresh.forEach((c, i) => {
      const r = refs[i];
      if (r instanceof RecordError) results[c.index] = rejected(c.record.id, r);
      else items.push({ index: c.index, record: c.record, refs: r, hash: c.hash });
    });
    // An entry exists exactly for each stored record, in its transaction, written with the rows
    // where the kind can (one statement), else right after them.
    const entry = (it: Item<T, P>): AuditEntry => ({
      accountId: auth.accountId,
      userId: auth.userId,
      action: 'create',
      entity: handler.entity,
      entityId: it.record.id,
      after: it.record,
    });
    const { inserted, refused, audited } = items.length
      ? await handler.insertAll(ctx, items, entry)
      : { inserted: new Set<string>(), refused: undefined, audited: true };
    // From here the transaction has written: a later read must see it, so it is read in the transaction.
    ctx.beside = undefined;
    const created = items.filter((it) => inserted.has(it.record.id));
    // Not inserted: a concurrent request stored the same id between our check and our insert
    // (the insert waited for its commit), or this kind refused it as it stored.
    const taken = items.filter((it) => !inserted.has(it.record.id) && !refused?.has(it.record.id));
    const now = taken.length
      ? await handler.storedHashes(
          ctx,
          taken.map((it) => it.record.id),
        )
      : new Map<string, string>();
    for (const it of items) {
      const no = refused?.get(it.record.id);
      if (no) results[it.index] = rejected(it.record.id, no);
    }
    for (const it of taken) replay({ index: it.index, record: it.record, hash: it.hash }, now.get(it.record.id)!);

    if (!created.length) continue;
    // Written before the effects: from the stock movements to the commit the batch holds its tanks' stock rows.
    if (!audited) await auditMany(tx, created.map(entry));
    const codes = await handler.effectsAll(ctx, created);
    created.forEach((it, i) => {
      results[it.index] = { id: it.record.id, status: 'created', httpStatus: 201, exceptions: codes[i] };
      if (hook) payloads.push({ ...hook.data(it, codes[i]), ...events.extra });
    });
  }
  if (hook && payloads.length)
    await (webhooks
      ? events.emitter.emitTo(tx, auth.accountId, hook.event, webhooks, payloads)
      : events.emitter.emit(tx, auth.accountId, hook.event, payloads));

  if (duplicates.length) {
    const raised = await repoOf(ctx).exceptionCodes(duplicates.map((d) => d.id));
    for (const { index, id } of duplicates)
      results[index] = { id, status: 'duplicate', httpStatus: 200, exceptions: raised.get(id) ?? [] };
  }
  return results;
}

/**
 * The batch cut where an id comes again, so ids are unique within each part: a part is stored
 * after the one before it, in the same transaction, exactly as if the records came one by one
 * (the repeat then meets the stored record and is a replay or a clash).
 */
function segments<C extends { record: { id: string } }>(all: readonly C[]): C[][] {
  const out: C[][] = [[]];
  let seen = new Set<string>();
  for (const c of all) {
    if (seen.has(c.record.id)) {
      out.push([]);
      seen = new Set();
    }
    seen.add(c.record.id);
    out[out.length - 1].push(c);
  }
  return out.filter((s) => s.length);
}
