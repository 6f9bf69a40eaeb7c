import { AppError } from '../errors';
import type { ConflictBody } from '../../../src/contract/resource';
import type { ErrorBody } from '../../../src/contract/errors';

/** 409 with the row as it is now, so the form can show what changed and offer to reload. */
export class ConflictError extends AppError {
  constructor(
    code: ConflictBody['code'],
    message: string,
    readonly current: unknown,
  ) {
    super(409, code, message, 'Conflict');
  }

  override body(): ErrorBody & { current: unknown } {
    return { ...super.body(), current: this.current };
  }
}

export const staleError = (current: unknown) =>
  new ConflictError(
    'stale',
    'Someone else changed this record since you opened it. Review the current values and try again.',
    current,
  );
export const deletedError = (current: unknown) =>
  new ConflictError('deleted', 'This record has been deleted. Restore it before changing it.', current);
export const notDeletedError = (current: unknown) =>
  new ConflictError('not_deleted', 'This record is not deleted.', current);

export const fieldError = (code: string, fieldErrors: Record<string, string[]>, message?: string) =>
  new AppError(
    422,
    code,
    message ?? Object.values(fieldErrors)[0]?.[0] ?? 'Some fields are not valid.',
    'Invalid input',
    fieldErrors,
  );

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error inside a Drizzle error, if any. */
export function pgErrorOf(err: unknown): PgError | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as PgError).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface ConstraintMap {
  unique: Record<string, { field: string; message: string }>;
  references: Record<string, { field: string; message: string }>;
}

/**
 * Maps a unique violation (23505) to 422 `duplicate` and a foreign-key violation (23503) to 422
 * `invalid_reference`, on the field the constraint is about, and a check violation (23514) to 422
 * `validation`. Anything else is returned unchanged.
 */
export function mapDbError(err: unknown, map: ConstraintMap): unknown {
  const pg = pgErrorOf(err);
  if (!pg?.constraint) return err;
  if (pg.code === '23505') {
    const hit = map.unique[pg.constraint];
    return fieldError('duplicate', { [hit?.field ?? '_']: [hit?.message ?? 'This value is already in use.'] });
  }
  if (pg.code === '23503') {
    const hit = map.references[pg.constraint];
    if (hit) return fieldError('invalid_reference', { [hit.field]: [hit.message] });
    return fieldError('invalid_reference', { _: ['A referenced record does not exist.'] });
  }
  // The contract schemas check the same rules first; this only catches a rule they missed.
  if (pg.code === '23514') return fieldError('validation', { _: [`The record breaks the rule ${pg.constraint}.`] });
  return err;
}
