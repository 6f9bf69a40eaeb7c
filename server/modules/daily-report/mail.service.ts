import {
  DAILY_REPORT_MAIL_HOUR,
  type DailyReportSubscription,
  type DailyReportSubscriptionView,
} from '../../../src/contract/daily-report';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { exceptionRulesRepository } from '../exceptions/rules.repository';
import { dailyReportMailRepository } from './mail.repository';

const pad = (n: number) => String(n).padStart(2, '0');
const modeOf = (s: { storeIds: string[] } | null) => (!s ? 'off' : s.storeIds.length ? 'stores' : 'all');

/** The signed-in user's own daily report e-mail: read, and change (audited, stores checked). */
export function dailyReportMailService(db: Db) {
  return {
    async view(actor: Actor): Promise<DailyReportSubscriptionView> {
      const other = exceptionRulesRepository(db);
      const [sub, email, timeZone] = await Promise.all([
        dailyReportMailRepository(db).subscription(actor.accountId, actor.userId),
        other.emailOf(actor.userId),
        other.zoneOf(actor.accountId),
      ]);
      return {
        mode: modeOf(sub),
        storeIds: sub?.storeIds ?? [],
        email,
        timeZone,
        sendAt: `${pad(DAILY_REPORT_MAIL_HOUR)}:00`,
      };
    },

    async update(actor: Actor, input: DailyReportSubscription): Promise<DailyReportSubscriptionView> {
      const storeIds = input.mode === 'stores' ? [...new Set(input.storeIds ?? [])] : [];
      await db.transaction(async (tx) => {
        const repo = dailyReportMailRepository(tx);
        if ((await repo.liveStores(actor.accountId, storeIds)) < storeIds.length)
          throw unprocessable('unknown_store', 'No such store in this account.', {
            storeIds: ['Choose stores of this account'],
          });
        const before = await repo.subscription(actor.accountId, actor.userId);
        const after = input.mode === 'off' ? null : storeIds;
        await repo.save(actor.accountId, actor.userId, after);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'daily_report_subscriptions',
          entityId: String(actor.userId),
          before,
          after: after && { storeIds: after },
        });
      });
      return this.view(actor);
    },
  };
}
