import { and, sql, type SQL } from 'drizzle-orm';
import { filtersOf, type ListQuery } from '../../../src/contract/list';
import { isCalendarDay } from '../../../src/contract/records';
import { dispenseDays as dd } from '../../db/schema';
import { filter, type Actor, type FilterSpec } from '../../lib/resource';

/**
 * `/FiltersDispensing` totals from the day rollups (migration 0015, ADR 034) when the query allows:
 * no search and only filters the rollup keeps (store-local days, store, tank, product). Then the
 * totals read a few thousand rollup rows instead of every dispense; any other query sums the rows.
 * The rollups are exact (statement triggers), and `day` is the store-local day the list's
 * `f.from` / `f.to` test, so both paths give the same figures.
 */
const day = (op: '>=' | '<='): FilterSpec => ({
  build: (v) =>
    v.length === 1 && isCalendarDay(v[0])
      ? sql`${dd.day} ${sql.raw(op)} ${v[0]}::date`
      : { error: 'Use one date (YYYY-MM-DD)' },
});
const byRollup: Record<string, FilterSpec> = {
  from: day('>='),
  to: day('<='),
  storeId: filter.uuid(dd.storeId, false),
  tankId: filter.uuid(dd.tankId, false),
  productId: filter.uuid(dd.productId, false),
};

/** A one-row select of `rows`, `litres`, `count` equal to the list's totals, or undefined. */
export function dispenseDaysTotals(actor: Actor, query: ListQuery): SQL | undefined {
  if ((query.q ?? '').trim()) return undefined;
  const conds: SQL[] = [sql`${dd.accountId} = ${actor.accountId}`];
  for (const [field, values] of Object.entries(filtersOf(query))) {
    const built = byRollup[field]?.build(values);
    if (!built || 'error' in built) return undefined;
    conds.push(built);
  }
  return sql`select coalesce(sum(${dd.rows}), 0)::int as rows, coalesce(sum(${dd.litres}), 0) as litres,
    coalesce(sum(${dd.net}), 0)::int as count from ${dd} where ${and(...conds)}`;
}
