import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { executeText } from './prepared';

/** A PostgreSQL array literal of strings (for an array column sent as one text value). */
const arrayLiteral = (items: readonly unknown[]) =>
  `{${items.map((s) => (s === null ? 'NULL' : `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

/** One cell as the text its column's input function reads. */
function cell(v: unknown, isArray: boolean, isJson: boolean): string | null {
  if (v === null || v === undefined) return null;
  if (isJson) return JSON.stringify(v);
  if (isArray) return arrayLiteral(v as unknown[]);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/**
 * Writes the rows by `rowsShape`'s statement for the keys they carry (a key a row lacks is NULL
 * there, not the column default); answers the ids of the rows written (all, or those not skipped
 * by `onConflictDoNothing`).
 */
export async function insertRows<T extends PgTable & { id: unknown }>(
  db: DbOrTx,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  opts: { onConflictDoNothing?: boolean } = {},
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const keys = new Set<string>();
  for (const r of rows) for (const k in r) keys.add(k);
  const shape = rowsShape(table, [...keys] as (keyof T['$inferInsert'] & string)[], opts);
  const res = await executeText<{ id: string }>(
    db,
    shape.text,
    shape.params(rows as readonly Record<string, unknown>[]),
  );
  return new Set(res.rows.map((r) => r.id));
}

/** The statement of one shape of rows (table, keys, conflict rule): its text, built once, and its parameters. */
interface RowsShape {
  /** `insert … select … from unnest($<from>::text[], …) … returning id`, parameters from `from` on. */
  text: string;
  /** One text[] parameter per key, in key order: each cell as the text its column's input function reads. */
  params(rows: readonly Record<string, unknown>[]): (string | null)[][];
}
const shapes = new WeakMap<PgTable, Map<string, RowsShape>>();

/**
 * ONE `insert … select from unnest($1::text[], $2::text[], …)` for any number of rows of a table:
 * one parameter per column whatever the count (a VALUES list needs one per cell and stops at
 * 65,535; json_to_recordset measured several times slower than unnest for 500 rows), each cell cast
 * to its column's type as a parameter would be. Names and types come from the Drizzle table, so a
 * row is written in the table's own terms. The statement alone (`returning id`), so it can also be
 * a CTE of a larger statement (one round trip for several steps). Plain text with numbered
 * parameters, built once per (table, keys, conflict rule, first parameter) and kept (ADR 063): only
 * the parameters are made per request. `keys` are the Drizzle property names; `from` the number of
 * the first parameter.
 */
export function rowsShape<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  opts: { onConflictDoNothing?: boolean; from?: number } = {},
): RowsShape {
  const from = opts.from ?? 1;
  const id = `${keys.join(',')}|${opts.onConflictDoNothing ? 1 : 0}|${from}`;
  let byTable = shapes.get(table);
  if (!byTable) shapes.set(table, (byTable = new Map()));
  const known = byTable.get(id);
  if (known) return known;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const cols = keys.map((k) => {
    const c = columns[k];
    if (!c) throw new Error(`${getTableName(table)} has no column ${k}`);
    const type = c.getSQLType();
    return { k, name: c.name, type, isArray: type.endsWith('[]'), isJson: type === 'jsonb' || type === 'json' };
  });
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const text = `insert into ${quote(getTableName(table))} (${cols.map((c) => quote(c.name)).join(', ')})
    select ${cols.map((c, i) => `"c${i}"::${c.type}`).join(', ')}
    from unnest(${cols.map((_, i) => `$${from + i}::text[]`).join(', ')}) as u(${cols.map((_, i) => `"c${i}"`).join(', ')})
    ${opts.onConflictDoNothing ? 'on conflict do nothing ' : ''}returning id`;
  const shape: RowsShape = {
    text,
    params: (rows) => cols.map((c) => rows.map((r) => cell(r[c.k], c.isArray, c.isJson))),
  };
  byTable.set(id, shape);
  return shape;
}
