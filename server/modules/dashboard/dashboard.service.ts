import { mayShowCard, type DashboardSummary, type Wallboard } from '../../../src/contract/dashboard';
import type { Db } from '../../db/client';
import type { AccessClaims } from '../auth/tokens';
import { tanksService } from '../tanks/tanks.service';
import { dashboardRepository } from './dashboard.repository';

export function dashboardService(db: Db) {
  return {
    /**
     * The KPI cards: each is computed only when the token's roles may see the data behind it
     * (`DASHBOARD_CARDS`); the others are null, so nothing a role may not see leaves the server.
     */
    async summary(auth: AccessClaims, now = new Date()): Promise<DashboardSummary> {
      const may = (card: Parameters<typeof mayShowCard>[1]) => mayShowCard(auth.roles, card);
      const repo = dashboardRepository(db, auth.accountId);
      const wantDispensing = may('totals') || may('breakdown');
      const [dispensing, tanks, openExceptions] = await Promise.all([
        wantDispensing ? repo.dispensing(now) : null,
        may('tanks') ? tanksService(db).levels(auth.accountId, {}, now.getTime()) : null,
        may('exceptions') ? repo.openExceptions() : null,
      ]);
      return {
        generatedAt: now.toISOString(),
        totals: may('totals') && dispensing ? dispensing.totals : null,
        byStore: may('breakdown') && dispensing ? dispensing.byStore : null,
        byProduct: may('breakdown') && dispensing ? dispensing.byProduct : null,
        tanks,
        openExceptions,
      };
    },

    /** The wall board: every tank and today's dispensing by store (the route's rule allows both). */
    async wallboard(accountId: number, now = new Date()): Promise<Wallboard> {
      const [dispensing, tanks] = await Promise.all([
        dashboardRepository(db, accountId).dispensing(now),
        tanksService(db).levels(accountId, {}, now.getTime()),
      ]);
      return {
        generatedAt: now.toISOString(),
        tanks,
        today: {
          litres: dispensing.totals.today,
          count: dispensing.totals.countToday,
          // Stores active in the last 30 days, busiest today first (a quiet store shows 0 L).
          byStore: dispensing.byStore.map((s) => ({
            id: s.id,
            code: s.code,
            name: s.name,
            litres: s.today,
            count: s.countToday,
          })),
        },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;
