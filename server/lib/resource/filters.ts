import { sql, type SQL } from 'drizzle-orm';
import type { Expr, FilterSpec } from './types';

/**
 * Filter builders for `f.<field>=v1,v2` (list.ts): a list means "any of". For references and
 * other nullable fields the value `null` matches rows without one (`f.storeId=null`).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NULL = 'null';

const list = (values: readonly unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function anyOf(
  expr: Expr,
  values: string[],
  valid: (v: string) => boolean,
  what: string,
  nullable: boolean,
): SQL | { error: string } {
  const wantsNull = nullable && values.includes(NULL);
  const rest = values.filter((v) => !(nullable && v === NULL));
  const bad = rest.find((v) => !valid(v));
  if (bad !== undefined) return { error: `"${bad}" is not ${what}` };
  const parts: SQL[] = [];
  if (rest.length) parts.push(sql`${expr} in (${list(rest)})`);
  if (wantsNull) parts.push(sql`${expr} is null`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** YYYY-MM-DD, or a full ISO date-time. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The calendar date must exist: JS rolls 2026-02-30 over to March, PostgreSQL refuses it. */
const realDate = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd;
};
const isDateLike = (v: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(v) && realDate(v.slice(0, 10)) && (DATE.test(v) || !Number.isNaN(Date.parse(v)));

export const filter = {
  uuid: (expr: Expr, nullable = true): FilterSpec => ({
    build: (v) => anyOf(expr, v, (x) => UUID.test(x), 'an id', nullable),
  }),
  /** Exact text as stored (uses plain indexes: audit entity, action, ids). */
  exact: (expr: Expr): FilterSpec => ({ build: (v) => sql`${expr} in (${list(v)})` }),
  /** Exact text, case-insensitive. */
  text: (expr: Expr): FilterSpec => ({
    build: (v) => sql`lower(${expr}) in (${list(v.map((x) => x.toLowerCase()))})`,
  }),
  oneOf: (expr: Expr, allowed: readonly string[], nullable = false): FilterSpec => ({
    build: (v) => anyOf(expr, v, (x) => allowed.includes(x), `one of ${allowed.join(', ')}`, nullable),
  }),
  bool: (expr: Expr): FilterSpec => ({
    build: (v) => {
      if (v.length !== 1 || (v[0] !== 'true' && v[0] !== 'false')) return { error: 'Use true or false' };
      return v[0] === 'true' ? sql`${expr} = true` : sql`${expr} = false`;
    },
  }),
  int: (expr: Expr): FilterSpec => ({
    build: (v) => anyOf(expr, v, (x) => /^-?\d{1,15}$/.test(x), 'a whole number', false),
  }),
  /** Rows whose text array holds any of the values (case-insensitive), e.g. equipment tags. */
  textArrayHas: (expr: Expr): FilterSpec => ({
    build: (v) =>
      sql`exists (select 1 from unnest(${expr}) as x(v) where lower(x.v) in (${list(v.map((x) => x.toLowerCase()))}))`,
  }),
  /** Rows whose uuid array holds any of the ids. */
  uuidArrayHas: (expr: Expr): FilterSpec => ({
    build: (v) => (v.every((x) => UUID.test(x)) ? sql`${expr} && array[${list(v)}]::uuid[]` : { error: 'Not an id' }),
  }),
  /** On or after a date (start of day, UTC) or an instant. */
  from: (expr: Expr): FilterSpec => ({
    build: (v) =>
      v.length === 1 && isDateLike(v[0])
        ? sql`${expr} >= ${v[0]}::timestamptz`
        : { error: 'Use one date (YYYY-MM-DD) or date-time' },
  }),
  /** Up to and including a date (whole day, UTC), or before an instant. */
  to: (expr: Expr): FilterSpec => ({
    build: (v) => {
      if (v.length !== 1 || !isDateLike(v[0])) return { error: 'Use one date (YYYY-MM-DD) or date-time' };
      return DATE.test(v[0]) ? sql`${expr} < ${v[0]}::date + 1` : sql`${expr} <= ${v[0]}::timestamptz`;
    },
  }),
  custom: (build: FilterSpec['build']): FilterSpec => ({ build }),
};
