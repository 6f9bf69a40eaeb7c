import { useQuery } from '@tanstack/react-query';
import { REPORTS } from '@/contract/report-catalog';
import { REPORT_KEYS, reportsApi } from './client';

/**
 * The account's reports by title for the history's and schedules' report filter and column: the
 * standard ones under the account's names and its custom reports (ADR 050). Until the answer
 * arrives (or if it fails) the standard titles stand in.
 */
export function useReportTitles() {
  const q = useQuery({ queryKey: REPORT_KEYS.titles, queryFn: ({ signal }) => reportsApi.titles(signal) });
  const reports = q.data?.reports ?? REPORTS.map((r) => ({ id: r.id, title: r.title, deleted: false }));
  const byId = new Map<string, string>(reports.map((r) => [r.id, r.title]));
  return {
    options: reports.map((r) => ({ value: r.id, label: r.title })),
    titleOf: (id: string) => byId.get(id) ?? id,
  };
}
