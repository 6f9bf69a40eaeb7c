import { sql, type SQL } from 'drizzle-orm';
import type { Expr } from './types';

/**
 * Keyset ("after") cursors: the sort keys of the last row of a page, read as text from the
 * database (exact: no lost microseconds or float rounding) and compared back in SQL. PostgreSQL
 * orders NULL after every value ascending and before every value descending, so NULL behaves as
 * "greater than anything" in both directions and the comparisons below follow that.
 */
export interface SortKey {
  expr: Expr;
  desc: boolean;
}

interface CursorBody {
  s: string;
  v: (string | null)[];
}

export function encodeCursor(signature: string, values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: signature, v: values } satisfies CursorBody)).toString('base64url');
}

/** The key values, or null when the cursor is malformed or was made for another sort. */
export function decodeCursor(cursor: string, signature: string, keys: number): (string | null)[] | null {
  try {
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
    if (body.s !== signature || !Array.isArray(body.v) || body.v.length !== keys) return null;
    if (!body.v.every((x) => x === null || typeof x === 'string')) return null;
    return body.v;
  } catch {
    return null;
  }
}

const equal = (k: SortKey, v: string | null): SQL => (v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${v}`);

function beyond(k: SortKey, v: string | null): SQL {
  if (k.desc) return v === null ? sql`${k.expr} is not null` : sql`${k.expr} < ${v}`;
  return v === null ? sql`false` : sql`(${k.expr} > ${v} or ${k.expr} is null)`;
}

/** Rows strictly after the cursor in the order of `keys`: (k0 > v0) or (k0 = v0 and k1 > v1) … */
export function afterCondition(keys: SortKey[], values: (string | null)[]): SQL {
  const branches = keys.map((k, i) => {
    const prefix = keys.slice(0, i).map((p, j) => equal(p, values[j]));
    return sql`(${sql.join([...prefix, beyond(k, values[i])], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** Order by the keys; the direction's default NULL placement matches `beyond` above. */
export const orderBy = (keys: SortKey[]): SQL[] => keys.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`));

/** Each key as text, for the cursor of the last row. */
export const keyFields = (keys: SortKey[]): Record<string, SQL> =>
  Object.fromEntries(keys.map((k, i) => [`__k${i}`, sql<string | null>`(${k.expr})::text`]));
