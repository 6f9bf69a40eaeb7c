import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../src/contract/calendar';
import { EPA_ALLOWANCE_LITRES, EPA_ALLOWANCE_SHARE } from '../../../src/contract/report-catalog';
import { andEq, inLocalDays, localDay, localMidnight } from '../../lib/local-day';
import type { ReportQuery } from './reports.repository';

/**
 * The tank reports (ADR 035): each is one statement over the tanks of the run, their stock
 * movements (the book, ADR 014: every change of a tank's stock is one signed movement) and their
 * readings, on each store's own local days.
 */

/** The run's tanks with their store's zone (`tk`), filtered by store, product and tank. */
const tanksOfRun = (q: ReportQuery) => sql`
  select t.id, t.code, t.name, t.product_id, s.code as store_code, s.name as store_name, s.timezone as tz
  from tanks t join stores s on s.account_id = t.account_id and s.id = t.store_id
  where t.account_id = ${q.accountId} and t.deleted_at is null
    ${andEq(sql`t.store_id`, q.filters.storeId)} ${andEq(sql`t.product_id`, q.filters.productId)}
    ${andEq(sql`t.id`, q.filters.tankId)}`;

/** Movements of the run's days per tank and local day: receipts, dispensed (net of reversals), the rest. */
const movementsByDay = (q: ReportQuery) => sql`
  select m.tank_id, ${localDay(sql`m.at`, sql`tk.tz`)} as day,
    coalesce(sum(m.litres) filter (where m.kind = 'receipt'), 0) as receipts,
    coalesce(-sum(m.litres) filter (where m.kind in ('dispense', 'reversal')), 0) as dispensed,
    coalesce(sum(m.litres) filter (where m.kind = 'transfer_in'), 0) as transfers_in,
    coalesce(-sum(m.litres) filter (where m.kind = 'transfer_out'), 0) as transfers_out,
    coalesce(sum(m.litres) filter (where m.kind in ('adjustment', 'opening')), 0) as adjustments,
    sum(m.litres) as net
  from stock_movements m join tk on tk.id = m.tank_id
  where m.account_id = ${q.accountId} and ${inLocalDays(sql`m.at`, sql`tk.tz`, q.from, q.to)}
  group by m.tank_id, day`;

/** Book stock of each tank when its first local day of the run starts. */
const bookAtStart = (q: ReportQuery) => sql`
  select m.tank_id, sum(m.litres) as book
  from stock_movements m join tk on tk.id = m.tank_id
  where m.account_id = ${q.accountId} and m.at < ${localMidnight(sql`${q.from}::date`, sql`tk.tz`)}
  group by m.tank_id`;

/** The last reading of each tank and local day (gauge, dip or import), from the day before the run. */
const closingReadings = (q: ReportQuery) => sql`
  select distinct on (r.tank_id, ${localDay(sql`r.read_at`, sql`tk.tz`)})
    r.tank_id, ${localDay(sql`r.read_at`, sql`tk.tz`)} as day, r.gross_litres as measured
  from tank_readings r join tk on tk.id = r.tank_id
  where r.account_id = ${q.accountId} and ${inLocalDays(sql`r.read_at`, sql`tk.tz`, addDays(q.from, -1), q.to)}
  order by r.tank_id, ${localDay(sql`r.read_at`, sql`tk.tz`)}, r.read_at desc`;

const r2 = (x: SQL) => sql`round(${x}, 2)::float8`;

/**
 * EPA monthly inventory control (40 CFR 280.43(a)) per tank and local day: the opening is the
 * previous day's closing — its measured stock, or on a day without one the last measurement plus
 * the movements since (the book before the run's first measurement) — book = opening + receipts −
 * dispensed ± transfers and adjustments, over/short = measured − book. The period line per tank
 * sums the days; it passes when |over/short| ≤ 1 % of the dispensed litres + 130 gal (492.1 L).
 */
export const tankReconciliation = (q: ReportQuery) => sql`
  with tk as (${tanksOfRun(q)}),
  mv as (${movementsByDay(q)}),
  st as (${bookAtStart(q)}),
  rd as (${closingReadings(q)}),
  daily as (
    select tk.id, tk.code, tk.name, tk.store_code, tk.store_name, d.day,
      coalesce(mv.receipts, 0) as receipts, coalesce(mv.dispensed, 0) as dispensed,
      coalesce(mv.transfers_in - mv.transfers_out + mv.adjustments, 0) as other, coalesce(mv.net, 0) as net,
      rd.measured, coalesce(before.measured, st.book, 0) as start,
      -- Days since the last measurement share a group: 0 before the first one of the run.
      count(rd.measured) over (partition by tk.id order by d.day) as g
    from tk
    cross join (select g::date as day from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') g) d
    left join mv on mv.tank_id = tk.id and mv.day = d.day
    left join st on st.tank_id = tk.id
    left join rd on rd.tank_id = tk.id and rd.day = d.day
    left join rd before on before.tank_id = tk.id and before.day = ${q.from}::date - 1
  ),
  -- A day's closing stock: its measurement, else the last measurement (or the start) plus the movements since.
  closed as (
    select *, case when measured is not null then measured
      when g = 0 then start + sum(net) over w
      else first_value(measured) over w + sum(net) over w - first_value(net) over w end as closing
    from daily
    window w as (partition by id, g order by day)
  ),
  booked as (
    select *, opening + net as book, measured - (opening + net) as variance
    from (select *, coalesce(lag(closing) over (partition by id order by day), start) as opening from closed) o
  )
  select store_code as store, store_name as "storeName", code as tank, name as "tankName", day::text as day, 0 as part,
    ${r2(sql`opening`)} as opening, ${r2(sql`receipts`)} as receipts, ${r2(sql`dispensed`)} as dispensed,
    ${r2(sql`other`)} as other, ${r2(sql`book`)} as book, ${r2(sql`measured`)} as measured,
    ${r2(sql`variance`)} as variance, null::float8 as allowed, null as result
  from booked
  union all
  select store_code, store_name, code, name, 'Period', 1,
    ${r2(sql`(array_agg(opening order by day))[1]`)}, ${r2(sql`sum(receipts)`)}, ${r2(sql`sum(dispensed)`)},
    ${r2(sql`sum(other)`)}, ${r2(sql`(array_agg(book order by day desc))[1]`)},
    ${r2(sql`(array_agg(measured order by day desc) filter (where measured is not null))[1]`)},
    ${r2(sql`sum(variance)`)},
    ${r2(sql`${EPA_ALLOWANCE_SHARE}::numeric * greatest(sum(dispensed), 0) + ${EPA_ALLOWANCE_LITRES}::numeric`)},
    case when count(measured) = 0 then 'No measurements'
      when abs(sum(variance)) <= ${EPA_ALLOWANCE_SHARE}::numeric * greatest(sum(dispensed), 0) + ${EPA_ALLOWANCE_LITRES}::numeric
      then 'Pass' else 'Fail' end
  from booked
  group by id, store_code, store_name, code, name
  order by store, tank, part, day`;

/** Per tank: the book at the start, each kind of movement, the book at the end and the last measurement. */
export const stockMovement = (q: ReportQuery) => sql`
  with tk as (${tanksOfRun(q)}),
  mv as (${movementsByDay(q)}),
  st as (${bookAtStart(q)}),
  last as (
    select distinct on (r.tank_id) r.tank_id, r.gross_litres as measured, r.read_at
    from tank_readings r join tk on tk.id = r.tank_id
    where r.account_id = ${q.accountId} and ${inLocalDays(sql`r.read_at`, sql`tk.tz`, q.from, q.to)}
    order by r.tank_id, r.read_at desc
  ),
  sums as (
    select tk.id, coalesce(st.book, 0) as opening,
      coalesce(sum(mv.receipts), 0) as receipts, coalesce(sum(mv.dispensed), 0) as dispensed,
      coalesce(sum(mv.transfers_in), 0) as transfers_in, coalesce(sum(mv.transfers_out), 0) as transfers_out,
      coalesce(sum(mv.adjustments), 0) as adjustments, coalesce(st.book, 0) + coalesce(sum(mv.net), 0) as closing
    from tk left join st on st.tank_id = tk.id left join mv on mv.tank_id = tk.id
    group by tk.id, st.book
  ),
  -- Book at the instant of the last reading, so "measured − book" compares the same moment.
  book_at_reading as (
    select last.tank_id, sum(m.litres) as book
    from last join stock_movements m on m.account_id = ${q.accountId} and m.tank_id = last.tank_id and m.at <= last.read_at
    group by last.tank_id
  )
  select tk.store_code as store, tk.store_name as "storeName", tk.code as tank, tk.name as "tankName",
    p.code as product, p.name as "productName",
    ${r2(sql`x.opening`)} as opening, ${r2(sql`x.receipts`)} as receipts, ${r2(sql`x.dispensed`)} as dispensed,
    ${r2(sql`x.transfers_in`)} as "transfersIn", ${r2(sql`x.transfers_out`)} as "transfersOut",
    ${r2(sql`x.adjustments`)} as adjustments, ${r2(sql`x.closing`)} as closing,
    ${r2(sql`last.measured`)} as measured, ${r2(sql`last.measured - b.book`)} as variance
  from tk join sums x on x.id = tk.id
  left join products p on p.account_id = ${q.accountId} and p.id = tk.product_id
  left join last on last.tank_id = tk.id
  left join book_at_reading b on b.tank_id = tk.id
  order by tk.store_code, p.code nulls last, tk.code`;

/**
 * Each receipt of the run's days beside the delivery the tank's gauge measured for it (matched by
 * the gauge module, ADR 027), and the deliveries the gauge saw that no receipt matched.
 */
export const deliveries = (q: ReportQuery) => sql`
  with tk as (${tanksOfRun(q)})
  select * from (
    select ${localDay(sql`r.received_on`, sql`tk.tz`)}::text as day, tk.store_code as store, tk.store_name as "storeName",
      tk.code as tank, tk.name as "tankName", r.supplier, r.delivery_note as "deliveryNote",
      r.litres::float8 as litres, g.litres::float8 as "gaugeLitres",
      round(g.litres - r.litres, 2)::float8 as difference,
      case when r.litres <> 0 and g.litres is not null then round((g.litres - r.litres) / r.litres * 100, 2)::float8 end
        as "differencePct",
      r.received_on as at
    from receipts r join tk on tk.id = r.tank_id
    left join gauge_deliveries g on g.account_id = r.account_id and g.matched_receipt_id = r.id
    where r.account_id = ${q.accountId} and ${inLocalDays(sql`r.received_on`, sql`tk.tz`, q.from, q.to)}
    union all
    select ${localDay(sql`g.started_at`, sql`tk.tz`)}::text, tk.store_code, tk.store_name, tk.code, tk.name,
      '(no receipt)', '', null, g.litres::float8, null, null, g.started_at
    from gauge_deliveries g join tk on tk.id = g.tank_id
    where g.account_id = ${q.accountId} and g.matched_receipt_id is null
      and ${inLocalDays(sql`g.started_at`, sql`tk.tz`, q.from, q.to)}
  ) x
  order by day, at, store, tank`;
