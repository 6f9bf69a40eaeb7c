import { asc, eq, sql } from 'drizzle-orm';
import { LIMIT_KEYS, type AssignBody, type LimitKey, type PlanFields } from '../../../src/contract/subscriptions';
import type { DbOrTx } from '../../db/client';
import { accounts, plans, subscriptionEvents, subscriptions, users } from '../../db/schema';
import { USAGE_SQL } from '../../lib/plan-limits';
import { filter, type ListSpec } from '../../lib/resource';

const planRow = {
  id: plans.id,
  name: plans.name,
  modules: plans.modules,
  limits: plans.limits,
  period: plans.period,
  price: plans.price,
  currency: plans.currency,
  accounts: sql<number>`(select count(*)::int from subscriptions s where s.plan_id = ${plans.id})`,
};
export type PlanRaw = Omit<typeof plans.$inferSelect, 'createdAt' | 'updatedAt'> & { accounts: number };

export function subscriptionsRepository(db: DbOrTx) {
  return {
    plans: () =>
      db
        .select(planRow)
        .from(plans)
        .orderBy(asc(sql`lower(${plans.name})`)),
    async plan(id: string) {
      const [p] = await db.select(planRow).from(plans).where(eq(plans.id, id));
      return p;
    },
    async planNameTaken(name: string, exceptId?: string) {
      const r = await db.execute(
        sql`select 1 from plans where lower(name) = ${name.trim().toLowerCase()} and id::text <> ${exceptId ?? ''}`,
      );
      return r.rows.length > 0;
    },
    async insertPlan(f: PlanFields) {
      const [p] = await db
        .insert(plans)
        .values({ ...f, price: String(f.price) })
        .returning({ id: plans.id });
      return p!.id;
    },
    async updatePlan(id: string, f: PlanFields) {
      await db
        .update(plans)
        .set({ ...f, price: String(f.price), updatedAt: new Date() })
        .where(eq(plans.id, id));
    },
    /** The account's subscription row, locked for the change (one writer at a time per account). */
    async current(accountId: number, lock = false) {
      const r = await db.execute(sql`select s.plan_id, s.status, s.starts_on::text as starts_on,
        s.renews_on::text as renews_on from subscriptions s where s.account_id = ${accountId}
        ${lock ? sql`for update` : sql``}`);
      return r.rows[0] as { plan_id: string; status: string; starts_on: string; renews_on: string } | undefined;
    },
    async upsert(accountId: number, b: Omit<AssignBody, 'note'>) {
      const v = { planId: b.planId, status: b.status, startsOn: b.startsOn, renewsOn: b.renewsOn };
      await db
        .insert(subscriptions)
        .values({ accountId, ...v })
        .onConflictDoUpdate({ target: subscriptions.accountId, set: { ...v, updatedAt: new Date() } });
    },
    async insertEvent(e: {
      accountId: number;
      planId: string;
      planName: string;
      status: string;
      renewsOn: string;
      userId: number;
      note: string;
    }) {
      await db.insert(subscriptionEvents).values(e);
    },
    history: (accountId: number) =>
      db
        .select({
          at: subscriptionEvents.at,
          planName: subscriptionEvents.planName,
          status: subscriptionEvents.status,
          renewsOn: subscriptionEvents.renewsOn,
          by: users.displayName,
          note: subscriptionEvents.note,
        })
        .from(subscriptionEvents)
        .leftJoin(users, eq(users.id, subscriptionEvents.userId))
        .where(eq(subscriptionEvents.accountId, accountId))
        .orderBy(sql`${subscriptionEvents.at} desc`)
        .limit(100),
    async accountName(accountId: number) {
      const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      return a?.name;
    },
    /** Usage of every limit now (six small counts on indexes that lead with the account). */
    async usage(accountId: number): Promise<Record<LimitKey, number>> {
      const out = {} as Record<LimitKey, number>;
      for (const k of LIMIT_KEYS) out[k] = Number((await db.execute(USAGE_SQL[k](accountId))).rows[0]?.n ?? 0);
      return out;
    },
  };
}

/** Rows alive at the end of the month `m` (exclusive bound `e`), per account. */
const alive = (table: string) =>
  sql.raw(`(select count(*)::int from ${table} x where x.account_id = a.id and x.created_at < mo.e
    and (x.deleted_at is null or x.deleted_at >= mo.e))`);

/**
 * `/SubscriptionReport` (ThebigBoss): every account × the last 12 months. Plan and status are
 * those in force at the month's end (the newest history event before it); the billable amount is
 * the plan's monthly price (a yearly price / 12) while active or past due, nothing in trial or
 * cancelled. Dispenses and litres come from the daily rollup (`dispense_days`), field devices
 * from the distinct devices that sent a dispense that month.
 */
const REPORT = sql`(
  select a.id || ':' || to_char(mo.m, 'YYYY-MM') as id, to_char(mo.m, 'YYYY-MM') as month,
    a.id as account_id, a.name as account_name, ev.plan_name, ev.status,
    ${alive('stores')} as stores, ${alive('tanks')} as tanks, ${alive('equipment')} as equipment,
    ${alive('gauge_devices')} as gauge_devices,
    (select count(*)::int from memberships x where x.account_id = a.id and x.created_at < mo.e) as users,
    (select count(distinct d.device_id)::int from dispenses d where d.account_id = a.id
      and d.dispensed_at >= mo.m and d.dispensed_at < mo.e) as devices,
    coalesce(dd.net, 0)::int as dispenses, coalesce(dd.litres, 0)::float8 as litres,
    case when ev.status in ('active', 'past_due')
      then round(p.price / case p.period when 'year' then 12 else 1 end, 2) else 0 end::float8 as billable,
    p.currency
  from accounts a
  cross join (select m, m + interval '1 month' as e from generate_series(
    date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') m) mo
  left join lateral (select e.plan_id, e.plan_name, e.status from subscription_events e
    where e.account_id = a.id and e.at < mo.e order by e.at desc limit 1) ev on true
  left join plans p on p.id = ev.plan_id
  left join lateral (select sum(x.net) as net, sum(x.litres) as litres from dispense_days x
    where x.account_id = a.id and x.day >= mo.m::date and x.day < mo.e::date) dd on true
) r`;

export const subscriptionReportSpec: ListSpec = {
  from: REPORT,
  fields: {
    id: sql<string>`r.id`,
    month: sql<string>`r.month`,
    accountId: sql<number>`r.account_id`,
    accountName: sql<string>`r.account_name`,
    planName: sql<string | null>`r.plan_name`,
    status: sql<string | null>`r.status`,
    stores: sql<number>`r.stores`,
    tanks: sql<number>`r.tanks`,
    equipment: sql<number>`r.equipment`,
    users: sql<number>`r.users`,
    gaugeDevices: sql<number>`r.gauge_devices`,
    devices: sql<number>`r.devices`,
    dispenses: sql<number>`r.dispenses`,
    litres: sql<number>`r.litres`,
    billable: sql<number>`r.billable`,
    currency: sql<string | null>`r.currency`,
  },
  // Every account: the route's rule (thebigBoss) is the guard; no token's account applies.
  scope: () => sql`true`,
  id: sql`r.id`,
  search: [sql`r.account_name`, sql`coalesce(r.plan_name, '')`],
  sort: {
    month: sql`r.month`,
    accountName: sql`lower(r.account_name)`,
    billable: sql`r.billable`,
    litres: sql`r.litres`,
  },
  defaultSort: '-month',
  filters: { month: filter.exact(sql`r.month`) },
};
