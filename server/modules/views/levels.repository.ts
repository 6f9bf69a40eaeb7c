import { sql, type SQL } from 'drizzle-orm';
import type { Interval, SeriesGroup } from '../../../src/contract/views';
import type { DbOrTx } from '../../db/client';
import { labelOf, type FlowPoint, type Scope } from './figures.repository';
import { andEq, inLocalDays } from '../../lib/local-day';

const GROUP_KEY: Record<SeriesGroup, SQL> = {
  store: sql`b.store_id`,
  tank: sql`b.tank_id`,
  product: sql`b.product_id`,
};

/**
 * Tank levels over time: per tank the gross volume of its last reading of each store-local day,
 * then the last of those in each week or month, then summed over the tanks of a store or product.
 * A tank without a reading in a bucket adds nothing to it (there is no level to show).
 */
export function levelsRepository(db: DbOrTx) {
  return {
    async series(s: Scope, group: SeriesGroup, interval: Interval): Promise<FlowPoint[]> {
      const res = await db.execute(sql`
        with daily as (
          select distinct on (r.tank_id, 4) r.tank_id, t.store_id, t.product_id, (r.read_at at time zone st.timezone)::date as day, r.gross_litres
          from tank_readings r join tanks t on t.account_id = r.account_id and t.id = r.tank_id
            join stores st on st.account_id = t.account_id and st.id = t.store_id
          where r.account_id = ${s.accountId} and ${inLocalDays(sql`r.read_at`, sql`st.timezone`, s.from, s.to)}
            ${andEq(sql`t.store_id`, s.storeId)}${andEq(sql`r.tank_id`, s.tankId)}${andEq(sql`t.product_id`, s.productId)}
          order by r.tank_id, 4, r.read_at desc
        ), b as (
          select distinct on (d.tank_id, 4) d.tank_id, d.store_id, d.product_id, date_trunc(${interval}, d.day::timestamp)::date as bucket, d.gross_litres
          from daily d order by d.tank_id, 4, d.day desc
        )
        select to_char(g.bucket, 'YYYY-MM-DD') as bucket, g.key::text as key, ${labelOf(group, s.accountId)} as label, g.litres, null::int as count
        from (select b.bucket, ${GROUP_KEY[group]} as key, sum(b.gross_litres)::float8 as litres from b group by 1, 2) g
        order by g.bucket, g.key`);
      return res.rows as unknown as FlowPoint[];
    },
  };
}
