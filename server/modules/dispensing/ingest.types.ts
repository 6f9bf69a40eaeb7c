import type { ZodType } from 'zod';
import { fieldRepository } from './field.repository';
import type { Tx } from '../../db/client';
import type { AccessClaims } from '../auth/tokens';

/** A record that cannot be stored: it is answered as `rejected` with this status and reason. */
export class RecordError extends Error {
  constructor(readonly httpStatus: number, message: string, readonly fieldErrors?: Record<string, string[]>) {
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
}

/** What differs between dispenses, transfers and receipts; the batch runner does the rest. */
export interface KindHandler<T extends { id: string }, P> {
  entity: string;
  schema: ZodType<T, unknown>;
  /** May this user store this record (beyond the endpoint's rule)? */
  allowed(roles: readonly string[], record: T): boolean;
  /** The stored record's payload hash, for telling a replay from a clash. */
  storedHash(ctx: IngestContext, id: string): Promise<string | undefined>;
  /** Optional: the stored hashes of many ids in one query (replays of a whole batch are common). */
  storedHashes?(ctx: IngestContext, ids: string[]): Promise<Map<string, string>>;
  /**
   * Looks up what the record refers to in this account; throws RecordError when it cannot be
   * stored. This is the only place a record may be refused: nothing is written before it, so a
   * refusal needs no savepoint.
   */
  prepare(ctx: IngestContext, record: T): Promise<P>;
  /** Inserts the row unless (account, id) exists; true when this call inserted it. */
  insert(ctx: IngestContext, record: T, prepared: P, payloadHash: string): Promise<boolean>;
  /** Stock movements and exceptions for a newly stored record; returns the exception codes. Never refuses. */
  effects(ctx: IngestContext, record: T, prepared: P): Promise<string[]>;
}

/** The ingest repository for this context, sharing the batch's reference-data cache. */
export const repoOf = (ctx: IngestContext) => fieldRepository(ctx.tx, ctx.auth.accountId, ctx.cache);
