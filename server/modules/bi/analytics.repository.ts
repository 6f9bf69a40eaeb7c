import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsBoard } from '../../../src/contract/analytics';
import type { DbOrTx } from '../../db/client';
import { inLocalDays, localDay, localMidnight } from '../../lib/local-day';
import { accountZoneOf } from './datasets.sql';

export interface BoardQuery {
  accountId: number;
  /** Store-local days, whole months: `from` is a month's first day. */
  from: string;
  to: string;
  storeId?: string;
}

/** An exception without a store counts on the account's zone. */
const exceptionZone = sql`coalesce(s.timezone, ${accountZoneOf(sql`x.account_id`)}, 'UTC')`;
const month = (day: SQL) => sql`to_char(${day}, 'YYYY-MM')`;
const andStore = (col: SQL, id: string | undefined) => (id ? sql` and ${col} = ${id}::uuid` : sql``);

/**
 * The board's figures, one set-based statement each (ADR 041). Every day is the store's local day,
 * as in the reports. Litres per month read the `dispense_days` rollup (ADR 034: a few hundred rows
 * per month instead of every dispense); the others need the records themselves.
 */
export function analyticsRepository(db: DbOrTx) {
  const rows = async <T>(q: SQL) => (await db.execute(q)).rows as T[];
  return {
    litresByMonth: (q: BoardQuery) =>
      rows<AnalyticsBoard['litresByMonth'][number]>(sql`
        select ${month(sql`dd.day`)} as month, s.code as store, round(sum(dd.litres), 1)::float8 as litres
        from dispense_days dd
        join stores s on s.account_id = dd.account_id and s.id = dd.store_id
        where dd.account_id = ${q.accountId} and dd.day between ${q.from}::date and ${q.to}::date
          ${andStore(sql`dd.store_id`, q.storeId)}
        group by 1, 2 having sum(dd.litres) <> 0
        order by 1, 2`),

    topConsumers: (q: BoardQuery) =>
      rows<AnalyticsBoard['topConsumers'][number]>(sql`
        select e.fleet_no as "fleetNo", e.description, round(sum(d.litres), 1)::float8 as litres,
          sum(case when d.reversal_of is null then 1 else -1 end)::int as dispenses
        from dispenses d
        join stores s on s.account_id = d.account_id and s.id = d.store_id
        join equipment e on e.account_id = d.account_id and e.id = d.equipment_id
        where d.account_id = ${q.accountId} and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, q.from, q.to)}
          ${andStore(sql`d.store_id`, q.storeId)}
        group by e.id, e.fleet_no, e.description
        having sum(d.litres) > 0
        order by litres desc, e.fleet_no
        limit 10`),

    // Each fill of an odometer machine over the distance since its previous fill (the first fill of
    // the period has none and is left out, as in the consumption report); implausible rises (a
    // meter reset or a typo: none or over 5,000 km) are left out too.
    consumptionTrend: (q: BoardQuery) =>
      rows<AnalyticsBoard['consumptionTrend'][number]>(sql`
        with fills as (
          select ${localDay(sql`d.dispensed_at`, sql`s.timezone`)} as day, d.litres,
            d.meter - lag(d.meter) over (partition by d.equipment_id order by d.dispensed_at, d.id) as km
          from dispenses d
          join stores s on s.account_id = d.account_id and s.id = d.store_id
          where d.account_id = ${q.accountId} and d.reversal_of is null and d.meter is not null and d.meter_type = 'km'
            and not exists (select 1 from dispenses x where x.account_id = d.account_id and x.reversal_of = d.id)
            and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, q.from, q.to)}
            ${andStore(sql`d.store_id`, q.storeId)}
        )
        select ${month(sql`day`)} as month,
          round(100 * sum(litres) / nullif(sum(km), 0), 2)::float8 as "lPer100km",
          round(sum(litres), 1)::float8 as litres
        from fills where km > 0 and km <= 5000
        group by 1 order by 1`),

    // Per tank and month: the last reading of the month (one index probe each), the change since the
    // previous month's last reading, and the book movements between the two readings.
    varianceTrend: (q: BoardQuery) =>
      rows<AnalyticsBoard['varianceTrend'][number]>(sql`
        with months as (
          select m::date as first from generate_series(${q.from}::date - interval '1 month', ${q.to}::date, interval '1 month') m
        ),
        closes as (
          select t.id as tank_id, m.first, rd.read_at, rd.gross_litres
          from tanks t
          join stores s on s.account_id = t.account_id and s.id = t.store_id
          cross join months m
          join lateral (
            select r.read_at, r.gross_litres from tank_readings r
            where r.account_id = t.account_id and r.tank_id = t.id
              and r.read_at >= ${localMidnight(sql`m.first`, sql`s.timezone`)}
              and r.read_at < ${localMidnight(sql`(m.first + interval '1 month')::date`, sql`s.timezone`)}
            order by r.read_at desc limit 1
          ) rd on true
          where t.account_id = ${q.accountId} and t.deleted_at is null ${andStore(sql`t.store_id`, q.storeId)}
        ),
        pairs as (
          select tank_id, first, read_at, gross_litres,
            lag(read_at) over w as prev_at, lag(gross_litres) over w as prev_litres, lag(first) over w as prev_first
          from closes window w as (partition by tank_id order by first)
        )
        select ${month(sql`p.first`)} as month,
          round(sum(p.gross_litres - p.prev_litres - mv.book), 1)::float8 as "varianceLitres",
          round(sum(mv.dispensed), 1)::float8 as "throughputLitres"
        from pairs p
        cross join lateral (
          select coalesce(sum(m.litres) filter (where m.kind <> 'opening'), 0) as book,
            coalesce(-sum(m.litres) filter (where m.kind in ('dispense', 'reversal')), 0) as dispensed
          from stock_movements m
          where m.account_id = ${q.accountId} and m.tank_id = p.tank_id and m.at > p.prev_at and m.at <= p.read_at
        ) mv
        where p.prev_first = p.first - interval '1 month' and p.first >= ${q.from}::date
        group by 1 order by 1`),

    exceptionsByWeek: (q: BoardQuery) =>
      rows<AnalyticsBoard['exceptionsByWeek'][number]>(sql`
        select to_char(date_trunc('week', ${localDay(sql`x.raised_at`, exceptionZone)}), 'YYYY-MM-DD') as week,
          x.severity, count(*)::int as count
        from exceptions x
        left join stores s on s.account_id = x.account_id and s.id = x.store_id
        where x.account_id = ${q.accountId}
          and ${inLocalDays(sql`x.raised_at`, exceptionZone, q.from, q.to)}
          ${andStore(sql`x.store_id`, q.storeId)}
        group by 1, 2 order by 1, 2`),
  };
}
