import { z } from 'zod';
import { satisfies, type Rule } from './access';
import { TankLevel } from './tanks';

/**
 * The home screen's KPI cards (`/dashboard/analytics`) and the wall board (`/fullpagedashboard`).
 * Each card shows data that some screen already guards with a rule; the card needs the same rule,
 * and the server leaves out (null) every card the token's roles do not allow.
 */

export const DASHBOARD_SUMMARY_PATH = '/dashboard/summary';
export const WALLBOARD_PATH = '/dashboard/wallboard';
/** The wall board reloads its figures this often. */
export const WALLBOARD_REFRESH_MS = 60_000;

/**
 * Card → the rules of the data behind it (any one will do):
 * - totals: litres dispensed — what the quick reports show down to basic users, and the
 *   account-wide dispensing every FAMS/FAMS24 user already sees on /QuickPivot;
 * - breakdown: by store and by product — the quick views (QuickChartView, QuickCalendarView) and
 *   the wall board's today by store (allFamsUserL);
 * - tanks: tank levels, as /TankLevels (atg) or the wall board (allFamsUserL);
 * - exceptions: the open exceptions count links to /Exceptions (admin);
 * - device: this device's own unsynced records — everybody, read on the device itself.
 */
export const DASHBOARD_CARDS = {
  totals: ['quickReportViewersWithBasic', 'allFamsBasic'],
  breakdown: ['quickReportViewers', 'allFamsUserL'],
  tanks: ['atg', 'allFamsUserL'],
  exceptions: ['admin'],
  device: ['everybody'],
} as const satisfies Record<string, readonly Rule[]>;
export type DashboardCard = keyof typeof DASHBOARD_CARDS;

export function mayShowCard(roles: readonly string[], card: DashboardCard): boolean {
  return DASHBOARD_CARDS[card].some((rule: Rule) => satisfies(roles, rule));
}

/** Litres dispensed in store-local days: today, the last 7 days and the last 30 days (today included). */
export const LitresTotals = z.object({
  today: z.number(),
  last7d: z.number(),
  last30d: z.number(),
  countToday: z.number().int(),
});
export type LitresTotals = z.infer<typeof LitresTotals>;

export const BreakdownRow = LitresTotals.extend({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
});
export type BreakdownRow = z.infer<typeof BreakdownRow>;

export const DashboardSummary = z.object({
  generatedAt: z.string(),
  totals: LitresTotals.nullable(),
  byStore: z.array(BreakdownRow).nullable(),
  byProduct: z.array(BreakdownRow).nullable(),
  tanks: z.array(TankLevel).nullable(),
  /** Exceptions not yet resolved (open or acknowledged). */
  openExceptions: z.object({ count: z.number().int(), critical: z.number().int() }).nullable(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** The wall board: every tank's level and today's dispensing per store. */
export const Wallboard = z.object({
  generatedAt: z.string(),
  tanks: z.array(TankLevel),
  today: z.object({
    litres: z.number(),
    count: z.number().int(),
    byStore: z.array(
      z.object({ id: z.uuid(), code: z.string(), name: z.string(), litres: z.number(), count: z.number().int() }),
    ),
  }),
});
export type Wallboard = z.infer<typeof Wallboard>;
