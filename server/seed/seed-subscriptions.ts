import { renewalAfter, type PlanFields } from '../../src/contract/subscriptions';
import type { Tx } from '../db/client';
import { plans, subscriptionEvents, subscriptions } from '../db/schema';

/**
 * The demo plans (ADR 038). The demo accounts are on "Fleet Pro", whose limits are far above the
 * demo year (and what the tests add), so no existing test meets a limit; "Starter" is a small plan
 * to choose when creating an account.
 */
export const DEMO_PLANS: PlanFields[] = [
  {
    name: 'Fleet Pro',
    modules: ['FAMS', 'FAMS24', 'ATG'],
    limits: { stores: 1000, tanks: 5000, equipment: 20000, users: 2000, devices: 2000, gaugeDevices: 1000 },
    period: 'year',
    price: 12000,
    currency: 'EUR',
  },
  {
    name: 'Starter',
    modules: ['FAMS', 'FAMS24', 'ATG'],
    limits: { stores: 3, tanks: 10, equipment: 50, users: 10, devices: 10, gaugeDevices: 3 },
    period: 'month',
    price: 99,
    currency: 'EUR',
  },
];

/** Puts every given account on the first demo plan, active from `startsOn` for a year. */
export async function seedDemoSubscriptions(tx: Tx, accountIds: number[], startsOn: string) {
  const [pro] = await tx
    .insert(plans)
    .values(DEMO_PLANS.map((p) => ({ ...p, price: String(p.price) })))
    .returning();
  const renewsOn = renewalAfter(startsOn, 'year');
  for (const accountId of accountIds) {
    await tx.insert(subscriptions).values({ accountId, planId: pro!.id, status: 'active', startsOn, renewsOn });
    await tx.insert(subscriptionEvents).values({
      accountId,
      planId: pro!.id,
      planName: pro!.name,
      status: 'active',
      renewsOn,
      at: new Date(`${startsOn}T00:00:00Z`),
      note: 'Demo data',
    });
  }
}
