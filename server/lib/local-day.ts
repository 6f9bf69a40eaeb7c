import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { utcWindow } from '../../src/contract/calendar';

/**
 * Store-local days in SQL, the one set of pieces for every figure by store-local day (records,
 * quick views, reconciliation, dashboard). `tz` is the store's IANA zone (`stores.timezone`); the
 * day arithmetic on YYYY-MM-DD strings is `src/contract/calendar.ts`.
 */

/** The store-local calendar day of an instant. */
export const localDay = (ts: SQLWrapper, tz: SQLWrapper): SQL => sql`(${ts} at time zone ${tz})::date`;

/** The instant a store-local day starts (`day` is a date expression, e.g. sql`${d}::date + 1`). */
export const localMidnight = (day: SQLWrapper, tz: SQLWrapper): SQL => sql`((${day})::timestamp at time zone ${tz})`;

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
