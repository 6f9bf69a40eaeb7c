import type { ZodType } from 'zod';
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
}

/** What differs between dispenses, transfers and receipts; the batch runner does the rest. */
export interface KindHandler<T extends { id: string }, P> {
  entity: string;
  schema: ZodType<T, unknown>;
  /** May this user store this record (beyond the endpoint's rule)? */
  allowed(roles: readonly string[], record: T): boolean;
  /** The stored record's payload hash, for telling a replay from a clash. */
  storedHash(ctx: IngestContext, id: string): Promise<string | undefined>;
  /** Looks up what the record refers to in this account; throws RecordError when it cannot be stored. */
  prepare(ctx: IngestContext, record: T): Promise<P>;
  /** Inserts the row unless (account, id) exists; true when this call inserted it. */
  insert(ctx: IngestContext, record: T, prepared: P, payloadHash: string): Promise<boolean>;
  /** Stock movements and exceptions for a newly stored record; returns the exception codes. */
  effects(ctx: IngestContext, record: T, prepared: P): Promise<string[]>;
}
