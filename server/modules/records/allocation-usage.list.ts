import { sql, type SQL } from 'drizzle-orm';
import { filtersOf, type ListQuery } from '../../../src/contract/list';
import { ALLOCATION_SUBJECTS } from '../../../src/contract/setup/allocations';
import { RECORD_LISTS, isCalendarDay, type AllocationUsageRow } from '../../../src/contract/records';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { filter, listChunks, runList, type Actor, type ListSpec } from '../../lib/resource';

/**
 * `/FiltersAllocation`: per allocation, what its subject drew of its product on a day and in that
 * day's month, against the limits. Counted exactly as the ingest counts it when it checks a new
 * dispense (`fieldRepository.usage` + `checkDispenseAllowed`): the subject is the equipment, else
 * the employee, else the cost centre; every dispense of that subject and product counts at any
 * store, reversals netting out. Days are the allocation's store's, or for an any-store allocation
 * the account's first store's (by code).
 *
 * Each subject branch is its own indexed range read (one-time filters pick the branch), so the
 * cost grows with the subject's month of dispenses, not with the account's.
 */
const col = (name: string) => sql.raw(`"u"."${name}"`);

function usageSource(accountId: number, day: string | null): SQL {
  const branch = (subject: SQL, match: SQL) => sql`
    select x.litres, x.dispensed_at from dispenses x
    where ${subject} and x.account_id = a.account_id and ${match} and x.product_id = a.product_id
      and x.dispensed_at >= b.m0 and x.dispensed_at < b.m1`;
  return sql`(
    select a.id, a.product_id, a.store_id, a.active, a.note, a.daily_limit, a.monthly_limit,
      case when a.equipment_id is not null then 'equipment' when a.employee_id is not null then 'employee' else 'costCentre' end as subject_type,
      coalesce(
        (select e.fleet_no from equipment e where e.account_id = a.account_id and e.id = a.equipment_id),
        (select p.number || ' ' || p.name from employees p where p.account_id = a.account_id and p.id = a.employee_id),
        (select c.code || ' ' || c.name from cost_centres c where c.account_id = a.account_id and c.id = a.cost_centre_id)) as subject_label,
      (select pr.code from products pr where pr.account_id = a.account_id and pr.id = a.product_id) as product_code,
      (select pr.name from products pr where pr.account_id = a.account_id and pr.id = a.product_id) as product_name,
      (select s.code from stores s where s.account_id = a.account_id and s.id = a.store_id) as store_code,
      (select s.name from stores s where s.account_id = a.account_id and s.id = a.store_id) as store_name,
      dd.d::text as day, u.used_today, u.used_month,
      case when a.daily_limit > 0 then round(u.used_today / a.daily_limit * 100, 1) end as daily_pct,
      case when a.monthly_limit > 0 then round(u.used_month / a.monthly_limit * 100, 1) end as monthly_pct,
      (u.used_today > coalesce(a.daily_limit, 'infinity'::numeric) or u.used_month > coalesce(a.monthly_limit, 'infinity'::numeric)) as over_limit
    from allocations a
    cross join lateral (select coalesce(
      (select s.timezone from stores s where s.account_id = a.account_id and s.id = a.store_id),
      (select s.timezone from stores s where s.account_id = a.account_id and s.deleted_at is null order by s.code limit 1),
      'UTC') as tz) z
    cross join lateral (select coalesce(${day}::date, (now() at time zone z.tz)::date) as d) dd
    cross join lateral (select
      (dd.d::timestamp at time zone z.tz) as d0, ((dd.d + 1)::timestamp at time zone z.tz) as d1,
      (date_trunc('month', dd.d)::timestamp at time zone z.tz) as m0,
      ((date_trunc('month', dd.d) + interval '1 month')::timestamp at time zone z.tz) as m1) b
    cross join lateral (
      select coalesce(sum(x.litres) filter (where x.dispensed_at >= b.d0 and x.dispensed_at < b.d1), 0) as used_today,
        coalesce(sum(x.litres), 0) as used_month
      from (
        ${branch(sql`a.equipment_id is not null`, sql`x.equipment_id = a.equipment_id`)}
        union all
        ${branch(sql`a.equipment_id is null and a.employee_id is not null`, sql`x.employee_id = a.employee_id`)}
        union all
        ${branch(sql`a.equipment_id is null and a.employee_id is null`, sql`x.cost_centre_id = a.cost_centre_id`)}
      ) x) u
    where a.account_id = ${accountId} and a.deleted_at is null
  ) u`;
}

function usageSpec(accountId: number, day: string | null): ListSpec {
  return {
    from: usageSource(accountId, day),
    fields: {
      id: col('id'),
      subjectType: col('subject_type'),
      subjectLabel: col('subject_label'),
      productId: col('product_id'),
      productCode: col('product_code'),
      productName: col('product_name'),
      storeId: col('store_id'),
      storeCode: col('store_code'),
      storeName: col('store_name'),
      active: col('active'),
      dailyLimit: col('daily_limit'),
      monthlyLimit: col('monthly_limit'),
      usedToday: col('used_today'),
      usedThisMonth: col('used_month'),
      dailyPct: col('daily_pct'),
      monthlyPct: col('monthly_pct'),
      overLimit: col('over_limit'),
      day: col('day'),
      note: col('note'),
    },
    // The source is already the actor's account only; this keeps the engine's contract.
    scope: () => sql`true`,
    id: col('id'),
    search: [col('subject_label'), col('note')],
    sort: {
      subjectLabel: sql`lower(${col('subject_label')})`,
      usedToday: col('used_today'),
      usedThisMonth: col('used_month'),
      dailyPct: col('daily_pct'),
      monthlyPct: col('monthly_pct'),
    },
    defaultSort: RECORD_LISTS.allocations.defaultSort,
    filters: {
      productId: filter.uuid(col('product_id'), false),
      storeId: filter.uuid(col('store_id')),
      subjectType: filter.oneOf(col('subject_type'), ALLOCATION_SUBJECTS),
      overLimit: filter.bool(col('over_limit')),
      active: filter.bool(col('active')),
    } satisfies Record<(typeof RECORD_LISTS.allocations.filters)[number], unknown>,
  };
}

/** `f.date` chooses the day; it shapes the source rather than filtering rows, so it is taken out here. */
function split(actor: Actor, query: ListQuery): { spec: ListSpec; rest: ListQuery } {
  const { 'f.date': date, ...rest } = query as ListQuery & { 'f.date'?: string };
  const day = filtersOf({ 'f.date': date })['date']?.[0] ?? null;
  if (day !== null && !isCalendarDay(day))
    throw badRequest('Some filters are not valid.', { 'f.date': ['Use one date (YYYY-MM-DD)'] });
  return { spec: usageSpec(actor.accountId, day), rest: rest as ListQuery };
}

type Raw = Record<keyof AllocationUsageRow, unknown>;
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toRow = (r: Raw): AllocationUsageRow => ({
  id: r.id as string,
  subjectType: r.subjectType as AllocationUsageRow['subjectType'],
  subjectLabel: r.subjectLabel as string | null,
  productId: r.productId as string,
  productCode: r.productCode as string | null,
  productName: r.productName as string | null,
  storeId: r.storeId as string | null,
  storeCode: r.storeCode as string | null,
  storeName: r.storeName as string | null,
  active: r.active as boolean,
  dailyLimit: n(r.dailyLimit),
  monthlyLimit: n(r.monthlyLimit),
  usedToday: Number(r.usedToday),
  usedThisMonth: Number(r.usedThisMonth),
  dailyPct: n(r.dailyPct),
  monthlyPct: n(r.monthlyPct),
  overLimit: r.overLimit as boolean,
  day: r.day as string,
  note: r.note as string,
});

export function allocationUsage(db: DbOrTx) {
  return {
    async list(actor: Actor, query: ListQuery) {
      const { spec, rest } = split(actor, query);
      const r = await runList<Raw>(db, spec, actor, rest);
      return { items: r.rows.map(toRow), total: r.total, page: r.page, pageSize: r.pageSize, next: r.next };
    },
    async *chunks(actor: Actor, query: ListQuery, extraKeys: readonly string[]) {
      const { spec, rest } = split(actor, query);
      for await (const rows of listChunks<Raw>(db, spec, actor, rest, extraKeys)) yield rows.map(toRow);
    },
  };
}
