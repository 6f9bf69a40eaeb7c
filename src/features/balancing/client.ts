import { BALANCING_PATH, DailyResponse, MonthlyResponse, RecordsResponse, type RecordKind } from '@/contract/balancing';
import { LEAK_PATH, LeakResponse } from '@/contract/leak-test';
import type { ExportFormat } from '@/contract/list';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

const base = relative(BALANCING_PATH);
const store = (storeId: string | undefined): Record<string, string> => (storeId ? { storeId } : {});

/**
 * The `/QuickBalancing` calls (src/contract/balancing.ts). Reads are quiet: the page shows their
 * errors where the figures would be; exports notify like every download.
 */
export const balancingApi = {
  monthly: (month: string, storeId: string | undefined, signal?: AbortSignal) =>
    api.get(`${base}/monthly`, MonthlyResponse, { searchParams: { month, ...store(storeId) }, signal, quiet: true }),
  daily: (tankId: string, from: string, to: string, signal?: AbortSignal) =>
    api.get(`${base}/daily`, DailyResponse, { searchParams: { tankId, from, to }, signal, quiet: true }),
  /** The leak test per tank at the end of `month` (now, for the month still running). */
  leakTests: (month: string | undefined, storeId: string | undefined, signal?: AbortSignal) =>
    api.get(relative(LEAK_PATH), LeakResponse, {
      searchParams: { ...(month ? { month } : {}), ...store(storeId) },
      signal,
      quiet: true,
    }),
  records: (tankId: string, day: string, kind: RecordKind, signal?: AbortSignal) =>
    api.get(`${base}/records`, RecordsResponse, { searchParams: { tankId, day, kind }, signal, quiet: true }),
  exportMonthly: (month: string, storeId: string | undefined, format: ExportFormat) =>
    api.download(`${base}/monthly/export`, `balancing-${month}.${format}`, {
      searchParams: { month, format, ...store(storeId) },
    }),
  exportDaily: (tankId: string, from: string, to: string, format: ExportFormat) =>
    api.download(`${base}/daily/export`, `balancing-daily-${from}.${format}`, {
      searchParams: { tankId, from, to, format },
    }),
};

export const balancingKeys = {
  monthly: (month: string, storeId?: string) => [BALANCING_PATH, 'monthly', month, storeId ?? ''] as const,
  daily: (tankId: string, from: string, to: string) => [BALANCING_PATH, 'daily', tankId, from, to] as const,
  leakTests: (month: string | undefined, storeId?: string) => [LEAK_PATH, month ?? 'now', storeId ?? ''] as const,
  records: (tankId: string, day: string, kind: RecordKind) => [BALANCING_PATH, 'records', tankId, day, kind] as const,
};
