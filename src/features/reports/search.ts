import { REPORT_IDS, type ReportId } from '@/contract/report-catalog';

/** `/ReportList`'s URL state: the open report, so a report can be linked and Back closes it. */
export interface ReportListSearch {
  report?: ReportId;
}

export const validateReportListSearch = (raw: Record<string, unknown>): ReportListSearch =>
  REPORT_IDS.includes(raw.report as ReportId) ? { report: raw.report as ReportId } : {};
