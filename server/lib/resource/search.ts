import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Expr, SearchField } from './types';

/**
 * Searches a referenced row's text (a dispense's fleet no. through its equipment id): the
 * reference must be one of the actor's account's rows whose columns match. The ids are an array
 * computed once per query (an InitPlan), so the referencing table's `(account_id, <fk>)` index
 * serves the search and several fields combine as a bitmap OR; the equivalent correlated name
 * lookup ran once per row (ADR 034). Ids are unique only within an account, which is why the
 * list's scope (which pins the account) must stay beside this condition — it always does.
 */
export function refMatches(
  fk: Expr,
  table: { accountId: AnyPgColumn; id: AnyPgColumn },
  columns: AnyPgColumn[],
): SearchField {
  return (pattern, actor) =>
    sql`${fk} = any(array(select ${table.id} from ${table} where ${table.accountId} = ${actor.accountId} and (${sql.join(
      columns.map((c) => sql`${c} ilike ${pattern}`),
      sql` or `,
    )})))`;
}
