import type { ZodType } from 'zod';
import type { WebhookEvent } from '../../../src/contract/integrations';
import type { AuditEntry } from '../../lib/audit';
import { fieldRepository } from './field.repository';
import type { Db, Tx } from '../../db/client';
import type { AccessClaims } from '../auth/tokens';

/** A record that cannot be stored: it is answered as `rejected` with this status and reason. */
export class RecordError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export interface IngestContext {
  tx: Tx;
  auth: AccessClaims;
  now: Date;
  /**
   * Reference-data lookups shared by the records of one batch (tanks, equipment, allocations,
   * rules do not change while a batch is stored); see `repoOf`.
   */
  cache?: Map<string, Promise<unknown>>;
  /**
   * A connection beside the transaction's for a read that must not see the batch's own writes
   * (ADR 067), or null when none is free now. Set only while the transaction has written nothing
   * of the batch yet (its first part): a read there sees exactly what the transaction would.
   */
  beside?: () => Db | null;
  /**
   * ADR 076: the batch came from a field device's outbox (`POST /<kind>/batch`), so the token's user
   * recorded its records: a dispense that names no employee is the user's employee's. Not set for
   * imports, corrections, the controllers or the demo seed.
   */
  recordedBy?: number;
}

/** A record on its way in: checked, its references found, its payload hash made. */
export interface Item<T, P> {
  record: T;
  refs: P;
  hash: string;
}

/**
 * What differs between dispenses, transfers, receipts and dips; the batch runner does the rest.
 * Every step takes all the records of a batch (in batch order, ids unique), so a step is a
 * handful of statements whatever the batch's size.
 */
export interface KindHandler<T extends { id: string }, P> {
  entity: string;
  schema: ZodType<T, unknown>;
  /** May this user store this record (beyond the endpoint's rule)? */
  allowed(roles: readonly string[], record: T): boolean;
  /** The stored records' payload hashes, for telling a replay from a clash. */
  storedHashes(ctx: IngestContext, ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Looks up what each record refers to in this account, or the RecordError that refuses it.
   * Nothing is written before this, so a refusal needs no savepoint.
   */
  prepareAll(ctx: IngestContext, records: readonly T[]): Promise<(P | RecordError)[]>;
  /**
   * Optional: `storedHashes` and `prepareAll` in one query (one round trip less per batch). `refs`
   * has one entry per record, in order; a stored record's entry is not used (it is a replay or a clash).
   */
  lookupAll?(
    ctx: IngestContext,
    records: readonly T[],
  ): Promise<{
    known: Map<string, string>;
    refs: (P | RecordError)[];
    /** The account's webhooks subscribed to `webhook.event`, read in the same query (ADR 055). */
    webhooks?: string[];
  }>;
  /**
   * Inserts the rows whose (account, id) is free; answers the ids it inserted. `refused`: records
   * this step refused before writing anything of them (the reading store checks as it stores).
   * `audit`: when given, the kind may write the audit entries of the rows it inserted in the same
   * statement and answer `audited: true`; otherwise the batch runner writes them.
   */
  insertAll(
    ctx: IngestContext,
    items: readonly Item<T, P>[],
    audit?: (item: Item<T, P>) => AuditEntry,
  ): Promise<{ inserted: Set<string>; refused?: Map<string, RecordError>; audited?: boolean }>;
  /**
   * Stock movements and exceptions of newly stored records, judged as if they had come one by
   * one in this order; answers each record's exception codes. Never refuses.
   */
  effectsAll(ctx: IngestContext, items: readonly Item<T, P>[]): Promise<string[][]>;
  /** The webhook event a newly stored record raises (ADR 048) and its `data`; never for a replay. */
  webhook?: { event: WebhookEvent; data(item: Item<T, P>, exceptions: string[]): Record<string, unknown> };
}

/** The ingest repository for this context, sharing the batch's reference-data cache. */
export const repoOf = (ctx: IngestContext) => fieldRepository(ctx.tx, ctx.auth.accountId, ctx.cache);
