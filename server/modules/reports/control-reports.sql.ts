import { sql } from 'drizzle-orm';
import { EXCEPTION_LABELS } from '../../../src/contract/exceptions';
import { andEq, inLocalDays, localDay } from '../../lib/local-day';
import type { ReportQuery } from './reports.repository';

/**
 * Consumption, allocation usage and the exceptions summary (ADR 035), one statement each, on each
 * store's own local days.
 */

/** A unit uses more (less) than this share over (under) its type's median: marked High (Low). */
export const OUTLIER_SHARE = 0.3;

/**
 * Per equipment: the fills of the run that carry a meter (originals not reversed), litres from the
 * second fill on (the first fill's fuel was burnt before the period's first reading) over the
 * meter's rise — L/100 km for odometers, L/h for hour meters — beside the median of its type.
 */
export const consumption = (q: ReportQuery) => sql`
  with f as (
    select d.equipment_id, d.meter, d.meter_type, d.litres, d.dispensed_at
    from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
    where d.account_id = ${q.accountId} and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, q.from, q.to)}
      and d.reversal_of is null and d.litres > 0
      and not exists (select 1 from dispenses r where r.account_id = d.account_id and r.reversal_of = d.id)
      ${andEq(sql`d.store_id`, q.filters.storeId)} ${andEq(sql`d.product_id`, q.filters.productId)}
      ${andEq(sql`d.cost_centre_id`, q.filters.costCentreId)}
  ),
  per as (
    select f.equipment_id, count(*)::int as fills, sum(f.litres) as litres,
      count(f.meter)::int as metered, min(f.meter) as meter_from, max(f.meter) as meter_to,
      mode() within group (order by f.meter_type) filter (where f.meter is not null) as meter_type,
      sum(f.litres) filter (where f.meter is not null)
        - (array_agg(f.litres order by f.meter, f.dispensed_at) filter (where f.meter is not null))[1] as burnt
    from f group by f.equipment_id
  ),
  rated as (
    select per.*, e.fleet_no, e.description, e.type_id,
      coalesce(per.meter_type, e.meter_type, et.meter_type) as unit,
      case when per.metered >= 2 and per.meter_to > per.meter_from then
        per.burnt / (per.meter_to - per.meter_from)
          * case when coalesce(per.meter_type, e.meter_type, et.meter_type) = 'km' then 100 else 1 end
      end as rate,
      coalesce(et.code, '') as type
    from per
    join equipment e on e.account_id = ${q.accountId} and e.id = per.equipment_id
    left join equipment_types et on et.account_id = e.account_id and et.id = e.type_id
  ),
  typical as (
    select type_id, unit, percentile_cont(0.5) within group (order by rate) as median
    from rated where rate is not null group by type_id, unit
  )
  select r.fleet_no as "fleetNo", r.description, r.type,
    case r.unit when 'km' then 'L/100 km' when 'hours' then 'L/h' else '' end as unit,
    r.fills, round(r.litres, 2)::float8 as litres,
    r.meter_from::float8 as "meterFrom", r.meter_to::float8 as "meterTo",
    round(r.meter_to - r.meter_from, 1)::float8 as used,
    round(r.rate, 2)::float8 as rate, round(t.median::numeric, 2)::float8 as "typeRate",
    case when r.rate is null or t.median is null or t.median = 0 then ''
      when r.rate > t.median * ${1 + OUTLIER_SHARE} then 'High'
      when r.rate < t.median * ${1 - OUTLIER_SHARE} then 'Low' else '' end as outlier
  from rated r
  left join typical t on t.type_id is not distinct from r.type_id and t.unit is not distinct from r.unit
  order by r.fleet_no`;

/**
 * Per live, active allocation: its subject's dispenses of its product (at its store, or any) per
 * local day and calendar month, beside the limits. A dispense counts for every allocation whose
 * subject it carries (its equipment, employee or cost centre), as the ingest checks them.
 */
export const allocationUsage = (q: ReportQuery) => sql`
  with daily as (
    select d.store_id, d.product_id, d.equipment_id, d.employee_id, d.cost_centre_id,
      ${localDay(sql`d.dispensed_at`, sql`s.timezone`)} as day, sum(d.litres) as litres
    from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
    where d.account_id = ${q.accountId} and ${inLocalDays(sql`d.dispensed_at`, sql`s.timezone`, q.from, q.to)}
      ${andEq(sql`d.store_id`, q.filters.storeId)} ${andEq(sql`d.product_id`, q.filters.productId)}
    group by 1, 2, 3, 4, 5, 6
  ),
  al as (
    select a.* from allocations a
    where a.account_id = ${q.accountId} and a.deleted_at is null and a.active
      ${q.filters.storeId ? sql` and (a.store_id is null or a.store_id = ${q.filters.storeId}::uuid)` : sql``}
      ${andEq(sql`a.product_id`, q.filters.productId)}
  ),
  per_day as (
    select al.id, x.day, sum(x.litres) as litres
    from al join daily x on x.product_id = al.product_id and (al.store_id is null or x.store_id = al.store_id)
      and (x.equipment_id = al.equipment_id or x.employee_id = al.employee_id or x.cost_centre_id = al.cost_centre_id)
    group by al.id, x.day
  ),
  per_month as (
    select id, date_trunc('month', day) as month, sum(litres) as litres from per_day group by id, month
  ),
  used as (
    select al.id, coalesce(sum(pd.litres), 0) as litres, max(pd.litres) as peak_day,
      count(*) filter (where pd.litres > al.daily_limit)::int as days_over
    from al left join per_day pd on pd.id = al.id group by al.id
  ),
  monthly as (
    select al.id, max(pm.litres) as peak_month, count(*) filter (where pm.litres > al.monthly_limit)::int as months_over
    from al left join per_month pm on pm.id = al.id group by al.id
  )
  select coalesce(e.fleet_no, em.number || ' ' || em.name, cc.code || ' ' || cc.name) as subject,
    p.code as product, p.name as "productName", coalesce(s.code, 'Any store') as store,
    round(u.litres, 2)::float8 as litres, al.daily_limit::float8 as "dailyLimit",
    round(u.peak_day, 2)::float8 as "peakDay", u.days_over as "daysOver",
    al.monthly_limit::float8 as "monthlyLimit", round(m.peak_month, 2)::float8 as "peakMonth",
    m.months_over as "monthsOver"
  from al join used u on u.id = al.id join monthly m on m.id = al.id
  join products p on p.account_id = al.account_id and p.id = al.product_id
  left join stores s on s.account_id = al.account_id and s.id = al.store_id
  left join equipment e on e.account_id = al.account_id and e.id = al.equipment_id
  left join employees em on em.account_id = al.account_id and em.id = al.employee_id
  left join cost_centres cc on cc.account_id = al.account_id and cc.id = al.cost_centre_id
  order by subject, p.code, s.code nulls first`;

const typeLabel = sql`case e.code ${sql.join(
  Object.entries(EXCEPTION_LABELS).map(([code, label]) => sql`when ${code} then ${label}`),
  sql` `,
)} else e.code end`;

/**
 * Exceptions raised on the run's days (the store's local day; the account's zone for those
 * without a store) per type and severity: how many, in which state now, the median hours to resolve.
 */
export const exceptionsSummary = (q: ReportQuery) => sql`
  select ${typeLabel} as type, e.severity, count(*)::int as raised,
    count(*) filter (where e.status = 'open')::int as open,
    count(*) filter (where e.status = 'acknowledged')::int as acknowledged,
    count(*) filter (where e.status = 'resolved')::int as resolved,
    round((percentile_cont(0.5) within group (order by extract(epoch from e.resolved_at - e.raised_at) / 3600)
      filter (where e.status = 'resolved'))::numeric, 1)::float8 as "hoursToResolve"
  from exceptions e
  left join stores s on s.account_id = e.account_id and s.id = e.store_id
  where e.account_id = ${q.accountId}
    and ${inLocalDays(sql`e.raised_at`, sql`coalesce(s.timezone, ${q.zone})`, q.from, q.to)}
    ${andEq(sql`e.store_id`, q.filters.storeId)}
  group by e.code, e.severity
  order by type, case e.severity when 'critical' then 0 when 'warning' then 1 else 2 end`;
