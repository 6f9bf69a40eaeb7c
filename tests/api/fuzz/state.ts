/** The database state a refused request must leave unchanged. */
import type { Query } from './types';

/** Tables whose rows change for reasons the fuzz does not judge: failed sign-ins are recorded on purpose. */
const VOLATILE_TABLES = new Set(['login_throttle']);

/** One statement that gives each table's row count and newest row version (xmin). */
export async function stateProbe(query: Query): Promise<() => Promise<Map<string, string>>> {
  const { rows } = await query(
    `select schemaname, tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((r) => String(r.tablename)).filter((t) => !VOLATILE_TABLES.has(t));
  const sql = tables
    .map(
      (t) => `select '${t}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as s from "${t}"`,
    )
    .join(' union all ');
  return async () => new Map((await query(sql)).rows.map((r) => [String(r.t), String(r.s)]));
}

export function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...b.keys()].filter((k) => a.get(k) !== b.get(k));
}
