import { sql } from 'drizzle-orm';
import type { BreakdownRow, LitresTotals } from '../../../src/contract/dashboard';
import type { DbOrTx } from '../../db/client';

/** Reads behind the KPI cards and the wall board; the only place of this module that touches the database. */

export interface DispensingFigures {
  totals: LitresTotals;
  byStore: BreakdownRow[];
  byProduct: BreakdownRow[];
}

const ZERO: LitresTotals = { today: 0, last7d: 0, last30d: 0, countToday: 0 };

export function dashboardRepository(db: DbOrTx, accountId: number) {
  return {
    /**
     * Litres dispensed today, in the last 7 and the last 30 days, each in the store's own
     * calendar (a day starts at midnight where the store is), in total, by store and by product.
     * Reversals are negative records, so they net out; records dated after the store's today (a
     * device clock ahead) are left out. Shape matters for speed: one range scan of the
     * (account, dispensed_at) index over the widest window, a hash join to the stores' bounds (the
     * per-store bounds are in FILTERs — as join conditions they lead the planner to one index
     * scan per store), summed per store and product first, so the grouping sets see a few rows.
     */
    async dispensing(now: Date): Promise<DispensingFigures> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const day = (offset: string) =>
        sql`((date_trunc('day', ${at} at time zone timezone) + ${offset}::interval) at time zone timezone)`;
      const res = await db.execute(sql`
        with b as (
          select id, code, name, ${day('0 days')} as d0, ${day('-6 days')} as d7, ${day('-29 days')} as d30, ${day('1 day')} as d1
          from stores where account_id = ${accountId}
        ), x as (
          select d.store_id, d.product_id,
                 sum(d.litres) filter (where d.dispensed_at >= b.d0 and d.dispensed_at < b.d1) as today,
                 sum(d.litres) filter (where d.dispensed_at >= b.d7 and d.dispensed_at < b.d1) as last7d,
                 sum(d.litres) filter (where d.dispensed_at >= b.d30 and d.dispensed_at < b.d1) as last30d,
                 count(*) filter (where d.dispensed_at >= b.d0 and d.dispensed_at < b.d1 and d.reversal_of is null) as n
          from dispenses d join b on b.id = d.store_id
          where d.account_id = ${accountId}
            and d.dispensed_at >= (select min(d30) from b) and d.dispensed_at < (select max(d1) from b)
          group by d.store_id, d.product_id
        )
        select case when grouping(b.id) = 0 then 'store' when grouping(p.id) = 0 then 'product' else 'all' end as kind,
               coalesce(b.id, p.id) as id, coalesce(b.code, p.code) as code, coalesce(b.name, p.name) as name,
               coalesce(sum(x.today), 0) as today, coalesce(sum(x.last7d), 0) as last7d, coalesce(sum(x.last30d), 0) as last30d,
               coalesce(sum(x.n), 0)::int as "countToday"
        from x
        join b on b.id = x.store_id
        join products p on p.account_id = ${accountId} and p.id = x.product_id
        group by grouping sets ((b.id, b.code, b.name), (p.id, p.code, p.name), ())
        order by 5 desc, 3`);
      const out: DispensingFigures = { totals: ZERO, byStore: [], byProduct: [] };
      for (const r of res.rows as Record<string, unknown>[]) {
        const figures = {
          today: Number(r.today),
          last7d: Number(r.last7d),
          last30d: Number(r.last30d),
          countToday: Number(r.countToday),
        };
        if (r.kind === 'all') out.totals = figures;
        else
          (r.kind === 'store' ? out.byStore : out.byProduct).push({
            id: String(r.id),
            code: String(r.code),
            name: String(r.name),
            ...figures,
          });
      }
      return out;
    },

    /** Exceptions not resolved yet (open or acknowledged), and how many of them are critical. */
    async openExceptions(): Promise<{ count: number; critical: number }> {
      const res = await db.execute(sql`
        select count(*)::int as count, count(*) filter (where severity = 'critical')::int as critical
        from exceptions where account_id = ${accountId} and status in ('open', 'acknowledged')`);
      const r = res.rows[0] as { count: number; critical: number };
      return { count: Number(r.count), critical: Number(r.critical) };
    },
  };
}
