import {
  DAILY_REPORT_PATH,
  DAILY_REPORT_SUBSCRIPTION_PATH,
  DailyReport,
  DailyReportSubscriptionView,
} from '@/contract/daily-report';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

export const dailyReportClient = {
  get: (day: string, storeIds: string[], signal?: AbortSignal): Promise<DailyReport> =>
    api.get(relative(DAILY_REPORT_PATH), DailyReport, {
      searchParams: { day, ...(storeIds.length ? { storeIds: storeIds.join(',') } : {}) },
      signal,
    }),
  /** The signed-in user's morning e-mail (ADR 032). */
  subscription: (signal?: AbortSignal) =>
    api.get(relative(DAILY_REPORT_SUBSCRIPTION_PATH), DailyReportSubscriptionView, { signal, quiet: true }),
  subscribe: (body: unknown) =>
    api.put(relative(DAILY_REPORT_SUBSCRIPTION_PATH), body, DailyReportSubscriptionView, { quiet: true }),
};

export const DAILY_REPORT_KEYS = { subscription: ['daily-report', 'subscription'] as const };
