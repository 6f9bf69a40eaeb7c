import { DAILY_REPORT_PATH, DailyReport } from '@/contract/daily-report';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

export const dailyReportClient = {
  get: (day: string, storeIds: string[], signal?: AbortSignal): Promise<DailyReport> =>
    api.get(relative(DAILY_REPORT_PATH), DailyReport, {
      searchParams: { day, ...(storeIds.length ? { storeIds: storeIds.join(',') } : {}) },
      signal,
    }),
};
