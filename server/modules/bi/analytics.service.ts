import { localDate, shiftMonth } from '../../../src/contract/calendar';
import type { AnalyticsBoard, AnalyticsQuery } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { accountZone } from '../../lib/resource/zone';
import { analyticsRepository, type BoardQuery } from './analytics.repository';

/**
 * `/PBAnalytics`'s board: the last `months` calendar months up to today on the account's clock
 * (the current month so far included), its five figures read side by side.
 */
export function analyticsService(db: Db) {
  const repo = analyticsRepository(db);
  return {
    async board(accountId: number, p: AnalyticsQuery, now = new Date()): Promise<AnalyticsBoard> {
      const to = localDate(now, await accountZone(db, accountId));
      const from = `${shiftMonth(to.slice(0, 7), 1 - p.months)}-01`;
      const q: BoardQuery = { accountId, from, to, storeId: p.storeId };
      const [litresByMonth, topConsumers, consumptionTrend, varianceTrend, exceptionsByWeek] = await Promise.all([
        repo.litresByMonth(q),
        repo.topConsumers(q),
        repo.consumptionTrend(q),
        repo.varianceTrend(q),
        repo.exceptionsByWeek(q),
      ]);
      return { from, to, litresByMonth, topConsumers, consumptionTrend, varianceTrend, exceptionsByWeek };
    },
  };
}
