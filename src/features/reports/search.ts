import {
  RELATIVE_RANGES,
  REPORT_FILTERS,
  isReportKey,
  type RelativeRange,
  type ReportFilter,
  type ReportKey,
} from '@/contract/report-keys';

/**
 * `/ReportList`'s URL state: the open report and the parameters of its last run, so a run can be
 * bookmarked or shared (the link opens the report and runs it) and Back closes it. Checked without
 * zod (ADR 017): the server checks the values again.
 */
export interface ReportListSearch extends Partial<Record<ReportFilter, string>> {
  report?: ReportKey;
  range?: RelativeRange;
  from?: string;
  to?: string;
  days?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateReportListSearch(raw: Record<string, unknown>): ReportListSearch {
  if (!isReportKey(raw.report)) return {};
  const s: ReportListSearch = { report: raw.report };
  if (RELATIVE_RANGES.includes(raw.range as RelativeRange)) s.range = raw.range as RelativeRange;
  for (const k of ['from', 'to'] as const) if (typeof raw[k] === 'string' && DAY.test(raw[k])) s[k] = raw[k];
  const days = Number(raw.days);
  if (Number.isInteger(days) && days >= 1 && days <= 3650) s.days = days;
  for (const f of REPORT_FILTERS) if (typeof raw[f] === 'string' && UUID.test(raw[f])) s[f] = raw[f];
  return s;
}

/** Whether the URL holds a run's parameters (a bookmarked run: run it on open). */
export const hasRunParams = (s: ReportListSearch) => s.range !== undefined || s.days !== undefined;
