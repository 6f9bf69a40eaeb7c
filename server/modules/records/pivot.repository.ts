import { sql, type SQL } from 'drizzle-orm';
import type { PivotDimension, PivotMeasure } from '../../../src/contract/records';
import type { DbOrTx } from '../../db/client';
import { priceInForce } from '../../lib/price-in-force';
import { localDay } from './records.sql';

/**
 * The pivot's SQL. Dimensions and measures are chosen from these fixed fragments by name (the
 * query schema only lets whitelisted names through); user values (dates, ids) are parameters.
 * `d` is dispenses, `s` its store (for the local day), `p` its product (for the price).
 */
const local = sql`(d.dispensed_at at time zone s.timezone)`;
/**
 * Each dimension as a cheap grouping key (a uuid, or a date in the store's zone) and how a key is
 * written out. Keys are grouped first and formatted after grouping, so the text work is done once
 * per group rather than once per dispense.
 */
export const DIMENSION_SQL: Record<PivotDimension, { key: SQL; text: (k: SQL) => SQL }> = {
  store: { key: sql`d.store_id`, text: (k) => sql`${k}::text` },
  product: { key: sql`d.product_id`, text: (k) => sql`${k}::text` },
  tank: { key: sql`d.tank_id`, text: (k) => sql`${k}::text` },
  equipment: { key: sql`d.equipment_id`, text: (k) => sql`${k}::text` },
  employee: { key: sql`d.employee_id`, text: (k) => sql`${k}::text` },
  costCentre: { key: sql`d.cost_centre_id`, text: (k) => sql`${k}::text` },
  day: { key: sql`${local}::date`, text: (k) => sql`to_char(${k}, 'YYYY-MM-DD')` },
  // ISO weeks (Monday first), e.g. 2026-W07; they sort as text.
  week: { key: sql`date_trunc('week', ${local})::date`, text: (k) => sql`to_char(${k}, 'IYYY-"W"IW')` },
  month: { key: sql`date_trunc('month', ${local})::date`, text: (k) => sql`to_char(${k}, 'YYYY-MM')` },
};

export const MEASURE_SQL: Record<PivotMeasure, SQL> = {
  litres: sql`d.litres`,
  // Cost at the price in force at the dispense's time (ADR 035).
  cost: sql`d.litres * ${priceInForce(sql`d`, sql`s.timezone`, sql`p.price`)}`,
  // A reversal cancels the dispense it reverses, so a corrected dispense counts once.
  count: sql`case when d.reversal_of is null then 1 else -1 end`,
};

/** Labels of an entity dimension's keys (ids); time dimensions are their own labels. */
const LABEL_SQL: Partial<Record<PivotDimension, SQL>> = {
  store: sql`select id::text as key, code || ' — ' || name as label from stores`,
  product: sql`select id::text as key, code || ' — ' || name as label from products`,
  tank: sql`select t.id::text as key, s.code || ' / ' || t.code as label from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id`,
  equipment: sql`select id::text as key, fleet_no as label from equipment`,
  employee: sql`select id::text as key, number || ' ' || name as label from employees`,
  costCentre: sql`select id::text as key, code || ' — ' || name as label from cost_centres`,
};

export interface PivotFilters {
  accountId: number;
  from?: string;
  to?: string;
  storeId?: string;
  productId?: string;
}

/** One figure of the grouping: a cell, a row total (c rolled up), a column total or the grand total. */
export interface PivotFigure {
  r: string | null;
  c: string | null;
  g: number;
  v: string;
}

export function pivotRepository(db: DbOrTx) {
  return {
    /**
     * Cells, row totals, column totals and the grand total in one GROUP BY (grouping sets).
     * `g` is grouping(r, c): 0 cell, 1 row total, 2 column total, 3 grand total.
     */
    async figures(
      rows: PivotDimension,
      cols: PivotDimension | null,
      measure: PivotMeasure,
      f: PivotFilters,
    ): Promise<PivotFigure[]> {
      const conds: SQL[] = [sql`d.account_id = ${f.accountId}`];
      const add = (built: SQL | { error: string }) => {
        if (!('error' in built)) conds.push(built);
      };
      if (f.from) add(localDay.from(sql`d.dispensed_at`, sql`s.timezone`).build([f.from]));
      if (f.to) add(localDay.to(sql`d.dispensed_at`, sql`s.timezone`).build([f.to]));
      if (f.storeId) conds.push(sql`d.store_id = ${f.storeId}::uuid`);
      if (f.productId) conds.push(sql`d.product_id = ${f.productId}::uuid`);
      const r = DIMENSION_SQL[rows];
      const c = cols ? DIMENSION_SQL[cols] : { key: sql`null::text`, text: (k: SQL) => k };
      const sets = cols ? sql`grouping sets ((x.r, x.c), (x.r), (x.c), ())` : sql`grouping sets ((x.r, x.c), ())`;
      const priced =
        measure === 'cost' ? sql`join products p on p.account_id = d.account_id and p.id = d.product_id` : sql``;
      const res = await db.execute(sql`
        select ${r.text(sql`x.r`)} as r, ${c.text(sql`x.c`)} as c, grouping(x.r, x.c)::int as g, sum(x.v)::text as v
        from (
          select ${r.key} as r, ${c.key} as c, ${MEASURE_SQL[measure]} as v
          from dispenses d
          join stores s on s.account_id = d.account_id and s.id = d.store_id
          ${priced}
          where ${sql.join(conds, sql` and `)}
        ) x
        group by ${sets}`);
      return res.rows as unknown as PivotFigure[];
    },

    /** Labels of the keys of an entity dimension, in the account. */
    async labels(dimension: PivotDimension, accountId: number, keys: string[]): Promise<Map<string, string>> {
      const base = LABEL_SQL[dimension];
      const ids = keys.filter((k) => k !== null);
      if (!base || !ids.length) return new Map();
      const alias = dimension === 'tank' ? sql`t.` : sql``;
      const res = await db.execute(
        sql`${base} where ${alias}account_id = ${accountId} and ${alias}id in (${sql.join(
          ids.map((k) => sql`${k}::uuid`),
          sql`, `,
        )})`,
      );
      return new Map((res.rows as { key: string; label: string }[]).map((r) => [r.key, r.label]));
    },
  };
}
