import { sql } from 'drizzle-orm';
import { BASELINE_DAYS } from '../../../src/contract/consumption';
import type { DbOrTx } from '../../db/client';

/** A fill of the check window with its rate and its vehicle's baseline from the year before the window. */
export interface JudgedFill {
  id: string;
  equipmentId: string;
  storeId: string;
  fleetNo: string;
  at: string;
  litres: number;
  distance: number;
  rate: number;
  meterType: 'km' | 'hours';
  median: number;
  mad: number;
  n: number;
}

/** The reads and writes of the consumption check (`consumption.sweep.ts`); the only place it touches the database. */
export function consumptionRepository(db: DbOrTx) {
  return {
    /**
     * The fuel fills (AdBlue and other products are topped up at random: left out) between `since`
     * and `until` with their rate (litres over the meter travelled since the vehicle's previous fill
     * of that product) and, per vehicle and product, the median and MAD of the rates of the year
     * before `since` — the same figures `src/contract/consumption.ts` works out in memory, in one
     * statement: reversals and reversed dispenses left out (a corrected fill counts once, as its
     * replacement).
     */
    async judgedFills(accountId: number, since: Date, until: Date): Promise<JudgedFill[]> {
      const from = new Date(since.getTime() - BASELINE_DAYS * 86_400_000);
      const res = await db.execute(sql`
        with f as (
          select d.id, d.equipment_id, d.product_id, d.store_id, d.dispensed_at as at, d.litres::float8 as litres,
            coalesce(d.meter_type, 'km') as mt, (d.meter - lag(d.meter) over w)::float8 as distance
          from dispenses d join products p on p.account_id = d.account_id and p.id = d.product_id and p.kind = 'fuel'
          where d.account_id = ${accountId} and d.dispensed_at >= ${from.toISOString()}::timestamptz
            and d.dispensed_at <= ${until.toISOString()}::timestamptz and d.meter is not null and d.reversal_of is null
            and d.id not in (select reversal_of from dispenses where account_id = ${accountId} and reversal_of is not null)
          window w as (partition by d.equipment_id, d.product_id order by d.dispensed_at, d.id)
        ), r as (
          select *, case when mt = 'hours' then litres / distance else litres / distance * 100 end as rate
          from f where distance > 0 and litres > 0
        ), b as (
          select equipment_id, product_id, percentile_cont(0.5) within group (order by rate) as med, count(*)::int as n
          from r where at < ${since.toISOString()}::timestamptz group by 1, 2
        ), m as (
          select r.equipment_id, r.product_id, percentile_cont(0.5) within group (order by abs(r.rate - b.med)) as mad
          from r join b using (equipment_id, product_id) where r.at < ${since.toISOString()}::timestamptz group by 1, 2
        ), j as materialized (
          -- The window's fills on their own, so the joins below read a few thousand rows, not the year.
          select * from r where at >= ${since.toISOString()}::timestamptz
        )
        select j.id, j.equipment_id as "equipmentId", j.store_id as "storeId", e.fleet_no as "fleetNo", j.at, j.litres, j.distance,
          j.rate, j.mt as "meterType", b.med as median, m.mad, b.n
        from j join b using (equipment_id, product_id) join m using (equipment_id, product_id)
          join equipment e on e.account_id = ${accountId} and e.id = j.equipment_id
        order by j.equipment_id, j.at, j.id`);
      return (res.rows as unknown as JudgedFill[]).map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
    },

    async accountsWithDispenses(since: Date): Promise<number[]> {
      const res = await db.execute(sql`
        select a.id from accounts a where not a.blocked
          and exists (select 1 from dispenses d where d.account_id = a.id and d.dispensed_at >= ${since.toISOString()}::timestamptz)
        order by a.id`);
      return (res.rows as Array<{ id: number }>).map((r) => Number(r.id));
    },
  };
}
