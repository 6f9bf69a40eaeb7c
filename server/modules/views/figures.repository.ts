import { sql, type SQL } from 'drizzle-orm';
import type { DayFigures, Interval, SeriesGroup } from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { andEq, inLocalDays } from '../../lib/local-day';

/**
 * Litres in and out of tanks by store-local day, set-based: one UNION ALL of the records (each
 * branch filtered by account, time window and filters on its own indexes), aggregated once.
 * See src/contract/views.ts for where each figure counts.
 */
export interface Scope {
  accountId: number;
  from: string;
  to: string;
  storeId?: string;
  tankId?: string;
  productId?: string;
}

export type MovementKind = 'dispense' | 'receipt' | 'transfer_out' | 'transfer_in';

const ALL_KINDS: readonly MovementKind[] = ['dispense', 'receipt', 'transfer_out', 'transfer_in'];

/**
 * One row per record and side: kind, id, local day, store, tank, product, litres, n (+1, or −1 for
 * a reversal). Every branch names its columns: a union of one branch takes the names from it.
 */
function branch(kind: MovementKind, s: Scope): SQL {
  const f = (store: SQL, tank: SQL, product: SQL) =>
    sql`${andEq(store, s.storeId)}${andEq(tank, s.tankId)}${andEq(product, s.productId)}`;
  switch (kind) {
    case 'dispense':
      return sql`select 'dispense'::text as kind, d.id, (d.dispensed_at at time zone st.timezone)::date as day, d.store_id, d.tank_id,
          d.product_id, d.litres, case when d.reversal_of is null then 1 else -1 end as n
        from dispenses d join stores st on st.account_id = d.account_id and st.id = d.store_id
        where d.account_id = ${s.accountId} and ${inLocalDays(sql`d.dispensed_at`, sql`st.timezone`, s.from, s.to)}
          ${f(sql`d.store_id`, sql`d.tank_id`, sql`d.product_id`)}`;
    case 'receipt':
      return sql`select 'receipt'::text as kind, r.id, (r.received_on at time zone st.timezone)::date as day, t.store_id, r.tank_id, t.product_id,
          r.litres, 1 as n
        from receipts r join tanks t on t.account_id = r.account_id and t.id = r.tank_id
          join stores st on st.account_id = t.account_id and st.id = t.store_id
        where r.account_id = ${s.accountId} and ${inLocalDays(sql`r.received_on`, sql`st.timezone`, s.from, s.to)}
          ${f(sql`t.store_id`, sql`r.tank_id`, sql`t.product_id`)}`;
    case 'transfer_out':
    case 'transfer_in': {
      const tankCol = sql.raw(kind === 'transfer_out' ? 'x.from_tank_id' : 'x.to_tank_id');
      const sign = kind === 'transfer_out' ? sql`'transfer_out'::text` : sql`'transfer_in'::text`;
      return sql`select ${sign} as kind, x.id, (x.transferred_at at time zone st.timezone)::date as day, t.store_id, t.id as tank_id,
          t.product_id, x.litres, 1 as n
        from transfers x join tanks t on t.account_id = x.account_id and t.id = ${tankCol}
          join stores st on st.account_id = t.account_id and st.id = t.store_id
        where x.account_id = ${s.accountId} and ${inLocalDays(sql`x.transferred_at`, sql`st.timezone`, s.from, s.to)}
          ${f(sql`t.store_id`, sql`t.id`, sql`t.product_id`)}`;
    }
  }
}

const movements = (s: Scope, kinds: readonly MovementKind[] = ALL_KINDS): SQL =>
  sql`(${sql.join(
    kinds.map((k) => branch(k, s)),
    sql` union all `,
  )})`;

/** The figures of DayFigures from rows of `movements`, as float8 litres and int counts. */
const FIGURES = sql`
  coalesce(sum(m.litres) filter (where m.kind = 'dispense'), 0)::float8 as "dispensed",
  coalesce(sum(m.litres) filter (where m.kind = 'receipt'), 0)::float8 as "received",
  coalesce(sum(m.litres) filter (where m.kind = 'transfer_out'), 0)::float8 as "transferredOut",
  coalesce(sum(m.litres) filter (where m.kind = 'transfer_in'), 0)::float8 as "transferredIn",
  coalesce(sum(m.n) filter (where m.kind = 'dispense'), 0)::int as "dispenses",
  (count(*) filter (where m.kind = 'receipt'))::int as "receipts",
  (count(distinct m.id) filter (where m.kind in ('transfer_out', 'transfer_in')))::int as "transfers"`;

const GROUP_KEY: Record<SeriesGroup, SQL> = {
  store: sql`m.store_id`,
  tank: sql`m.tank_id`,
  product: sql`m.product_id`,
};

export interface FlowPoint {
  bucket: string;
  key: string;
  label: string | null;
  litres: number;
  count: number;
}
export type DayFiguresRow = DayFigures & { date: string };
export type DaySummaryRaw = DayFigures & {
  storeId: string;
  storeCode: string;
  storeName: string;
  productId: string;
  productCode: string;
  productName: string;
};

/** Display name of a group key (`g.key`), for the chart legend. */
export const labelOf = (group: SeriesGroup, accountId: number): SQL => {
  const tpl = {
    store: sql`st.code || ' — ' || st.name`,
    tank: sql`st.code || ' ' || t.code || ' · ' || p.name`,
    product: sql`p.name`,
  }[group];
  const from = {
    store: sql`from stores st where st.account_id = ${accountId} and st.id = g.key`,
    tank: sql`from tanks t join stores st on st.account_id = t.account_id and st.id = t.store_id
      join products p on p.account_id = t.account_id and p.id = t.product_id where t.account_id = ${accountId} and t.id = g.key`,
    product: sql`from products p where p.account_id = ${accountId} and p.id = g.key`,
  }[group];
  return sql`(select ${tpl} ${from})`;
};

export function figuresRepository(db: DbOrTx) {
  const rows = async <T>(q: SQL) => (await db.execute(q)).rows as T[];
  return {
    /** Dispensed or received litres per bucket and store/tank/product. */
    flowSeries(s: Scope, kind: 'dispense' | 'receipt', group: SeriesGroup, interval: Interval) {
      return rows<FlowPoint>(sql`
        select to_char(g.bucket, 'YYYY-MM-DD') as bucket, g.key::text as key, ${labelOf(group, s.accountId)} as label, g.litres, g.count
        from (
          select date_trunc(${interval}, m.day::timestamp)::date as bucket, ${GROUP_KEY[group]} as key,
            sum(m.litres)::float8 as litres, sum(m.n)::int as count
          from ${movements(s, [kind])} m group by 1, 2
        ) g order by g.bucket, g.key`);
    },

    /** Every day of the range that has a record, with its figures. */
    byDay(s: Scope) {
      return rows<DayFiguresRow>(sql`
        select to_char(m.day, 'YYYY-MM-DD') as date, ${FIGURES}
        from ${movements(s)} m group by m.day order by m.day`);
    },

    /** One day's figures by store and product. */
    byStoreProduct(s: Scope) {
      return rows<DaySummaryRaw>(sql`
        select g.*, st.code as "storeCode", st.name as "storeName", p.code as "productCode", p.name as "productName"
        from (select m.store_id::text as "storeId", m.product_id::text as "productId", ${FIGURES} from ${movements(s)} m group by 1, 2) g
          join stores st on st.account_id = ${s.accountId} and st.id = g."storeId"::uuid
          join products p on p.account_id = ${s.accountId} and p.id = g."productId"::uuid
        order by st.code, p.code`);
    },
  };
}
