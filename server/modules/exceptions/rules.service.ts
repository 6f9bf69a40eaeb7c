import {
  DEFAULT_EXCEPTION_RULES,
  DIGEST_HOUR,
  rulesOf,
  type ExceptionRules,
  type ExceptionRulesView,
  type Subscriptions,
  type SubscriptionsView,
} from '../../../src/contract/exception-rules';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/resource';
import { exceptionRulesRepository } from './rules.repository';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The account's exception rules (admin) and each user's own e-mail subscriptions. A change is one
 * transaction with its audit entry (before/after); rules apply to exceptions raised after it.
 */
export function exceptionRulesService(database: Database) {
  const { db } = database;
  return {
    async view(actor: Actor): Promise<ExceptionRulesView> {
      const r = await exceptionRulesRepository(db).stored(actor.accountId);
      return {
        rules: rulesOf(r?.rules),
        defaults: DEFAULT_EXCEPTION_RULES,
        updatedAt: r ? r.updatedAt.toISOString() : null,
        updatedBy: r?.updatedBy ?? null,
      };
    },

    async update(actor: Actor, rules: ExceptionRules): Promise<ExceptionRulesView> {
      await db.transaction(async (tx) => {
        const repo = exceptionRulesRepository(tx);
        const before = await repo.stored(actor.accountId, true);
        await repo.save(actor.accountId, rules, actor.userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'exception_rules',
          entityId: String(actor.accountId),
          before: rulesOf(before?.rules),
          after: rules,
        });
      });
      return this.view(actor);
    },

    async subscriptions(actor: Actor): Promise<SubscriptionsView> {
      const repo = exceptionRulesRepository(db);
      const [items, email, timeZone] = await Promise.all([
        repo.subscriptions(actor.accountId, actor.userId),
        repo.emailOf(actor.userId),
        repo.zoneOf(actor.accountId),
      ]);
      return {
        items: items as SubscriptionsView['items'],
        email,
        timeZone,
        digestAt: `${pad(DIGEST_HOUR)}:00`,
      };
    },

    async updateSubscriptions(actor: Actor, input: Subscriptions): Promise<SubscriptionsView> {
      await db.transaction(async (tx) => {
        const repo = exceptionRulesRepository(tx);
        const before = await repo.subscriptions(actor.accountId, actor.userId);
        await repo.replaceSubscriptions(actor.accountId, actor.userId, input.items);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'exception_subscriptions',
          entityId: String(actor.userId),
          before,
          after: input.items.filter((i) => i.mode !== 'off'),
        });
      });
      return this.subscriptions(actor);
    },
  };
}
