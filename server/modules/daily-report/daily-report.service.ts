import { closingOf, type DailyReport, type DailyReportStore } from '../../../src/contract/daily-report';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { balancingRepository } from '../balancing/balancing.repository';
import { balancingService } from '../balancing/balancing.service';
import { dailyReportRepository } from './daily-report.repository';

const round3 = (v: number) => Math.round(v * 1000) / 1000 + 0;

/**
 * The daily report of an account's stores for one store-local day. The tank figures are the
 * reconciliation's own (`balancingService.compute`: flows by store-local day, opening from the
 * previous day's last reading else book, measured closing = the day's last reading), so the report
 * and `/QuickBalancing` can never disagree; exceptions and incidents are one query each.
 */
export function dailyReportService(db: DbOrTx) {
  const repo = dailyReportRepository(db);
  const balancing = balancingService(db);
  const tanksOf = balancingRepository(db);

  return {
    async report(
      accountId: number,
      day: string,
      storeIds: readonly string[] = [],
      now = new Date(),
    ): Promise<DailyReport> {
      const stores = await repo.stores(accountId, storeIds);
      if (stores.length < storeIds.length) throw notFound('No such store in this account.');
      const ids = new Set(stores.map((s) => s.storeId));
      const tanks = (await tanksOf.tanks(accountId, { since: day })).filter((t) => ids.has(t.storeId));
      const list = [...ids];
      const [computed, raised, resolved, incidents, accountName] = await Promise.all([
        balancing.compute(accountId, tanks, day, day, now),
        repo.exceptions(accountId, list, day, 'raised'),
        repo.exceptions(accountId, list, day, 'resolved'),
        repo.incidents(accountId, list, day),
        repo.accountName(accountId),
      ]);
      const strip = <T extends { storeId: string }>({ storeId: _s, ...rest }: T) => rest;
      const ofStore = <T extends { storeId: string }>(rows: T[], id: string) =>
        rows.filter((r) => r.storeId === id).map(strip);

      const out: DailyReportStore[] = stores.map((s) => {
        const tankRows = computed
          .filter((c) => c.tank.storeId === s.storeId && c.days.length)
          .map(({ tank, days: [d] }) => ({
            tankId: tank.tankId,
            tankCode: tank.tankCode,
            tankName: tank.tankName,
            productName: tank.productName,
            opening: d.opening,
            openingSource: d.openingSource,
            dispensed: d.dispensed,
            received: d.receipts,
            transferredOut: d.transfersOut,
            transferredIn: d.transfersIn,
            bookClosing: d.bookClosing,
            measuredClosing: d.measuredClosing,
            variance: d.variance,
          }));
        const sum = (pick: (t: (typeof tankRows)[number]) => number) =>
          round3(tankRows.reduce((a, t) => a + pick(t), 0));
        const storeIncidents = ofStore(incidents, s.storeId);
        return {
          ...s,
          totals: {
            dispensed: sum((t) => t.dispensed),
            received: sum((t) => t.received),
            transferredOut: sum((t) => t.transferredOut),
            transferredIn: sum((t) => t.transferredIn),
            closing: sum(closingOf),
            callOutCost:
              Math.round(storeIncidents.reduce((a, i) => a + (i.kind === 'callout' ? (i.cost ?? 0) : 0), 0) * 100) /
              100,
          },
          tanks: tankRows,
          exceptionsRaised: ofStore(raised, s.storeId),
          exceptionsResolved: ofStore(resolved, s.storeId),
          incidents: storeIncidents,
        };
      });
      return { day, accountName, stores: out };
    },
  };
}
export type DailyReportService = ReturnType<typeof dailyReportService>;
