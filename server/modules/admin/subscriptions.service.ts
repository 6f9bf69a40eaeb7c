import {
  LIMIT_KEYS,
  renewalAfter,
  type AssignBody,
  type Plan,
  type PlanFields,
  type SubscriptionStatus,
  type SubscriptionView,
} from '../../../src/contract/subscriptions';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { subscriptionsRepository, type PlanRaw } from './subscriptions.repository';

export const toPlan = (p: PlanRaw): Plan => ({
  ...p,
  modules: p.modules as Plan['modules'],
  period: p.period as Plan['period'],
  price: Number(p.price),
});

const nameTaken = () => unprocessable('duplicate', 'Another plan has this name.', { name: ['Already taken.'] });
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Plans (ThebigBoss), an account's subscription and its history (ADR 038). Limits are enforced
 * where rows are created (`server/lib/plan-limits.ts`), not here.
 */
export function subscriptionsService(db: Db) {
  const repo = subscriptionsRepository(db);

  /** Sets the account's subscription and records it in the history, inside the caller's transaction. */
  async function assignIn(tx: DbOrTx, actor: Actor, accountId: number, b: AssignBody) {
    const r = subscriptionsRepository(tx);
    const plan = await r.plan(b.planId);
    if (!plan) throw unprocessable('invalid_reference', 'Choose an existing plan.', { planId: ['Choose a plan.'] });
    const before = await r.current(accountId, true);
    await r.upsert(accountId, b);
    await r.insertEvent({
      accountId,
      planId: plan.id,
      planName: plan.name,
      status: b.status,
      renewsOn: b.renewsOn,
      userId: actor.userId,
      note: b.note,
    });
    await audit(tx, {
      accountId,
      userId: actor.userId,
      action: before ? 'update' : 'create',
      entity: 'subscription',
      entityId: String(accountId),
      before: before ?? null,
      after: { planId: plan.id, plan: plan.name, status: b.status, startsOn: b.startsOn, renewsOn: b.renewsOn },
    });
    return plan;
  }

  return {
    assignIn,
    plans: async () => (await repo.plans()).map(toPlan),

    async savePlan(actor: Actor, id: string | null, f: PlanFields) {
      const saved = await db.transaction(async (tx) => {
        const r = subscriptionsRepository(tx);
        const before = id ? await r.plan(id) : null;
        if (id && !before) throw notFound('No such plan.');
        if (await r.planNameTaken(f.name, id ?? undefined)) throw nameTaken();
        const planId = id ?? (await r.insertPlan(f));
        if (id) await r.updatePlan(id, f);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: id ? 'update' : 'create',
          entity: 'plan',
          entityId: planId,
          before: before ? toPlan(before) : null,
          after: f,
        });
        return planId;
      });
      return toPlan((await repo.plan(saved))!);
    },

    async assign(actor: Actor, accountId: number, b: AssignBody) {
      if (!(await repo.accountName(accountId))) throw notFound('No such account.');
      await db.transaction((tx) => assignIn(tx, actor, accountId, b));
      return this.view(accountId);
    },

    /** The account's plan, usage against each limit, renewal and history. */
    async view(accountId: number): Promise<SubscriptionView> {
      const accountName = await repo.accountName(accountId);
      if (!accountName) throw notFound('No such account.');
      const current = await repo.current(accountId);
      const plan = current ? toPlan((await repo.plan(current.plan_id))!) : null;
      const used = await repo.usage(accountId);
      return {
        accountId,
        accountName,
        plan,
        status: (current?.status as SubscriptionStatus | undefined) ?? null,
        startsOn: current?.starts_on ?? null,
        renewsOn: current?.renews_on ?? null,
        usage: LIMIT_KEYS.map((key) => ({
          key,
          used: used[key],
          limit: plan?.limits[key] ?? null,
          enforced: key !== 'devices',
        })),
        history: (await repo.history(accountId)).map((h) => ({
          at: iso(h.at),
          planName: h.planName,
          status: h.status as SubscriptionStatus,
          renewsOn: String(h.renewsOn),
          by: h.by,
          note: h.note,
        })),
      };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>;

/** A new subscription starting on `startsOn`, renewing one period later. */
export const startingOn = (planPeriod: Plan['period'], startsOn: string, status: SubscriptionStatus, note = '') => ({
  status,
  startsOn,
  renewsOn: renewalAfter(startsOn, planPeriod),
  note,
});
