import { is, SQL, sql, Table, type DriverValueDecoder } from 'drizzle-orm';

/** Drizzle keeps an expression's decoder (its `mapWith`) in a field its types do not show. */
type Decoded = { decoder: DriverValueDecoder<unknown, unknown> };

/**
 * A list's selected fields with every `sql` expression nested one level. When a query reads one
 * table, Drizzle writes a column that sits at the top level of a selected expression without its
 * table's name (PgDialect.buildSelection, `isSingleTable`), so inside a correlated subquery
 * `${t.accountId}` resolved to the subquery's own table's column (a site's tank count once counted
 * every tank of the account). Nested, the column keeps its `"table"."column"`. Only for a list that
 * reads a table: a list over a raw `from` names its own aliases.
 */
export function qualifiedFields<F extends Record<string, unknown>>(from: unknown, fields: F): F {
  if (!is(from, Table)) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields))
    out[key] = is(f, SQL) ? sql`${f}`.mapWith((f as unknown as Decoded).decoder) : f;
  return out as F;
}
