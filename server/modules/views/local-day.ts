import { sql, type SQL } from 'drizzle-orm';
import { utcWindow } from '../../../src/contract/views';

/** The store-local calendar day of an instant (`tz` is the store's IANA zone). */
export const localDay = (ts: SQL, tz: SQL): SQL => sql`(${ts} at time zone ${tz})::date`;

/**
 * Instants on store-local days `from`..`to`. The UTC window comes first so the planner can use the
 * `(account_id, <time>)` indexes; the exact local-day test then drops the few rows at the edges.
 */
export function inLocalDays(ts: SQL, tz: SQL, from: string, to: string): SQL {
  const { lo, hi } = utcWindow(from, to);
  return sql`${ts} >= ${lo}::timestamptz and ${ts} < ${hi}::timestamptz and ${localDay(ts, tz)} between ${from}::date and ${to}::date`;
}

/** `and <expr> = <id>` when the filter is set, nothing otherwise. */
export const andEq = (expr: SQL, id: string | undefined): SQL => (id ? sql` and ${expr} = ${id}::uuid` : sql``);
