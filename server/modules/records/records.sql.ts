import crypto from 'node:crypto';
import { is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { costCentres, dispenses, employees, equipment, products, stores, tanks, users } from '../../db/schema';
import { isCalendarDay } from '../../../src/contract/records';
import { localDay as localDayOf } from '../../lib/local-day';
import type { Expr, FilterSpec } from '../../lib/resource';

/**
 * SQL pieces the record lists, the detail, the correction and the pivot share.
 *
 * Derived ids (ADR 014): a dispense's reversal and its replacement get ids computed from the
 * original's id, the same way here in JS and in SQL. So the primary key itself makes a second
 * reversal impossible (even under concurrency), and "is this dispense reversed?" is a key lookup
 * without an index on `reversal_of`. md5 is used as a fixed mixing function, not for security;
 * the version nibble is set to 8 (RFC 9562 custom) and the variant to binary 10.
 */
export type DerivedKind = 'reversal' | 'replacement';

export function derivedId(kind: DerivedKind, id: string): string {
  const h = crypto.createHash('md5').update(`${kind}:${id.toLowerCase()}`).digest('hex').split('');
  h[12] = '8';
  h[16] = '8';
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The same derivation in SQL (`id` is a uuid expression). */
export const derivedIdSql = (kind: DerivedKind, id: Expr): SQL =>
  sql`(overlay(overlay(md5(${`${kind}:`} || lower(${id}::text)) placing '8' from 13 for 1) placing '8' from 17 for 1)::uuid)`;

/** Does a reversal of this dispense exist? (a primary-key lookup) */
export const isReversedSql = (d: { accountId: AnyPgColumn; id: AnyPgColumn } = dispenses): SQL =>
  sql`exists (select 1 from ${dispenses} r where r.account_id = ${d.accountId} and r.id = ${derivedIdSql('reversal', d.id)})`;

/** Names of referenced rows, as correlated subqueries on the (account_id, id) keys. */
const nameIn = (
  table: { accountId: AnyPgColumn; id: AnyPgColumn },
  column: SQL | AnyPgColumn,
  account: Expr,
  id: Expr,
) => sql<string | null>`(select ${column} from ${table} where ${table.accountId} = ${account} and ${table.id} = ${id})`;

export const names = {
  store: (account: Expr, id: Expr) => nameIn(stores, stores.code, account, id),
  tank: (account: Expr, id: Expr) => nameIn(tanks, tanks.code, account, id),
  product: (account: Expr, id: Expr) => nameIn(products, products.code, account, id),
  equipment: (account: Expr, id: Expr) => nameIn(equipment, equipment.fleetNo, account, id),
  employee: (account: Expr, id: Expr) => nameIn(employees, employees.name, account, id),
  costCentre: (account: Expr, id: Expr) => nameIn(costCentres, costCentres.code, account, id),
  /** Names beside the codes above (lists show codes; exports write both). */
  storeName: (account: Expr, id: Expr) => nameIn(stores, stores.name, account, id),
  tankName: (account: Expr, id: Expr) => nameIn(tanks, tanks.name, account, id),
  productName: (account: Expr, id: Expr) => nameIn(products, products.name, account, id),
  costCentreName: (account: Expr, id: Expr) => nameIn(costCentres, costCentres.name, account, id),
  user: (id: Expr) => sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${id})`,
  tankStore: (account: Expr, tankId: Expr) =>
    sql<
      string | null
    >`(select ${tanks.storeId} from ${tanks} where ${tanks.accountId} = ${account} and ${tanks.id} = ${tankId})`,
  tankProduct: (account: Expr, tankId: Expr) =>
    sql<
      string | null
    >`(select ${tanks.productId} from ${tanks} where ${tanks.accountId} = ${account} and ${tanks.id} = ${tankId})`,
  /** A tank's store's time zone. */
  tankZone: (account: Expr, tankId: Expr) =>
    sql<string>`(select s.timezone from ${tanks} t join ${stores} s on s.account_id = t.account_id and s.id = t.store_id where t.account_id = ${account} and t.id = ${tankId})`,
  storeZone: (account: Expr, storeId: Expr) =>
    sql<string>`(select s.timezone from ${stores} s where s.account_id = ${account} and s.id = ${storeId})`,
};

const isDay = (v: string[]) => v.length === 1 && isCalendarDay(v[0]);

/**
 * `f.from` / `f.to` as calendar days in the record's store's time zone. The first condition is a
 * plain range one day wider than any zone's offset, so the (account, time) index narrows the rows;
 * the second decides exactly on the local date.
 */
export const localDay = {
  from: (at: Expr, zone: Expr): FilterSpec => ({
    build: (v) =>
      isDay(v)
        ? sql`(${at} >= ((${v[0]}::date - 1)::timestamp at time zone 'UTC') and ${localDayOf(at, zone)} >= ${v[0]}::date)`
        : { error: 'Use one date (YYYY-MM-DD)' },
  }),
  to: (at: Expr, zone: Expr): FilterSpec => ({
    build: (v) =>
      isDay(v)
        ? sql`(${at} < ((${v[0]}::date + 2)::timestamp at time zone 'UTC') and ${localDayOf(at, zone)} <= ${v[0]}::date)`
        : { error: 'Use one date (YYYY-MM-DD)' },
  }),
};

/** Any of the ids, as `f.x=a,b` gives them; ids are checked so bad input is a 400, not a 500. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const idList = (v: string[]): SQL | { error: string } => {
  const bad = v.find((x) => !UUID.test(x));
  return bad === undefined
    ? sql.join(
        v.map((x) => sql`${x}::uuid`),
        sql`, `,
      )
    : { error: `"${bad}" is not an id` };
};

/**
 * Rows whose tank (expression) is at one of the stores / holds one of the products. Not
 * correlated on the account (so it runs once): a row's tank is always of the row's account (the
 * composite foreign keys), and the list's scope already pins the account.
 */
export const tankIn = (tankId: Expr, column: 'store_id' | 'product_id'): FilterSpec => ({
  build: (v) => {
    const ids = idList(v);
    if ('error' in ids) return ids;
    return sql`${tankId} in (select t.id from ${tanks} t where t.${sql.raw(column)} in (${ids}))`;
  },
});

/**
 * Select-list fields for a list spec. Drizzle writes the columns at the top level of a select-list
 * expression of a one-table query without their table name, so inside a correlated subquery
 * `"id"` would name the subquery's own column. One more level of nesting keeps them qualified.
 */
export function qualified<F extends Record<string, Expr>>(fields: F): Record<keyof F, Expr> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, is(v, SQL) ? sql`${v}` : v])) as Record<
    keyof F,
    Expr
  >;
}

/** numeric comes back as text from raw SQL; null stays null. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
