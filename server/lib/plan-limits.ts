import { sql } from 'drizzle-orm';
import { LIMIT_NOUNS, type LimitKey, type PlanLimits } from '../../src/contract/subscriptions';
import type { DbOrTx } from '../db/client';
import { AppError } from './errors';

/**
 * What each limit counts, for one account now (ADR 038). Master data counts live rows; users are
 * memberships and open invitations; field devices are devices that synced in the last 30 days (reported, not enforced).
 */
export const USAGE_SQL: Record<LimitKey, (accountId: number) => ReturnType<typeof sql>> = {
  stores: (a) => sql`select count(*)::int as n from stores where account_id = ${a} and deleted_at is null`,
  tanks: (a) => sql`select count(*)::int as n from tanks where account_id = ${a} and deleted_at is null`,
  equipment: (a) => sql`select count(*)::int as n from equipment where account_id = ${a} and deleted_at is null`,
  gaugeDevices: (a) => sql`select count(*)::int as n from gauge_devices where account_id = ${a} and deleted_at is null`,
  // Members and open invitations still in time (ADR 073): an invitation holds its place until answered.
  users: (a) => sql`select ((select count(*) from memberships where account_id = ${a})
    + (select count(*) from invitations where account_id = ${a} and ended_at is null and expires_at > now()))::int as n`,
  devices: (a) =>
    sql`select count(*)::int as n from device_syncs where account_id = ${a} and last_sync_at > now() - interval '30 days'`,
};

/** The resources whose creates (and restores) a plan limits, by their audit entity. */
export const LIMITED_ENTITIES: Partial<Record<string, LimitKey>> = {
  store: 'stores',
  tank: 'tanks',
  equipment: 'equipment',
  gauge_device: 'gaugeDevices',
};

export const limitReached = (key: LimitKey, plan: string, limit: number) =>
  new AppError(
    409,
    'limit_reached',
    `The plan ${plan} allows ${limit} ${LIMIT_NOUNS[key]} and this account has reached that. ` +
      'Remove one, or ask your provider to change the plan.',
    'Plan limit reached',
    { limit: [key] },
  );

/**
 * Refuses (409 `limit_reached`) a create that would take the account past its plan's limit.
 * Call it inside the create's transaction: it locks the account's subscription row, so two
 * concurrent creates cannot both take the last place. No subscription (accounts older than plans)
 * and a null limit mean no limit. Never called by field ingest: a dispense is always accepted.
 */
export async function assertWithinLimit(tx: DbOrTx, accountId: number, key: LimitKey, adding = 1) {
  const r = await tx.execute(sql`select p.name, p.limits from subscriptions s join plans p on p.id = s.plan_id
    where s.account_id = ${accountId} for update of s`);
  const plan = r.rows[0] as { name: string; limits: PlanLimits } | undefined;
  const limit = plan?.limits[key];
  if (!plan || limit === null || limit === undefined) return;
  const used = Number((await tx.execute(USAGE_SQL[key](accountId))).rows[0]?.n ?? 0);
  if (used + adding > limit) throw limitReached(key, plan.name, limit);
}
