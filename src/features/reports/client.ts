import {
  CUSTOM_REPORT_LIST,
  CustomReportRow,
  PREVIEW_PATH,
  type CustomPreviewRequest,
} from '@/contract/custom-reports';
import {
  REPORT_TITLES_PATH,
  ReportCatalog,
  ReportRun,
  ReportTitles,
  type ReportFormat,
  type ReportKey,
  type ReportParams,
} from '@/contract/reports';
import { FAVOURITES_PATH, Favourites, HISTORY_PATH, RUNS_PATH, RunList, RunView } from '@/contract/report-runs';
import { SCHEDULE_LIST, ScheduleRecipients, ScheduleRow } from '@/contract/report-schedule';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const clean = (p: ReportParams): Record<string, string> =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

const runs = relative(RUNS_PATH);
const favourites = relative(FAVOURITES_PATH);

/** The reports screens' calls: catalogue, preview, direct files, runs, favourites, history, schedules. */
export const reportsApi = {
  catalog: (signal?: AbortSignal) => api.get('reports', ReportCatalog, { signal, quiet: true }),
  /** Every report of the account with its title, custom ones included (the history's and schedules' filters). */
  titles: (signal?: AbortSignal) => api.get(relative(REPORT_TITLES_PATH), ReportTitles, { signal, quiet: true }),
  // A custom report's key has a colon (`custom:<id>`): encoded, so it stays one path segment.
  /** The preview's page of a run (ADR 058): the page's rows with their subtotals, the run's total and chart. */
  run: (id: ReportKey, params: ReportParams, paging: { page: number; size: number }, signal?: AbortSignal) =>
    api.get(`reports/${encodeURIComponent(id)}`, ReportRun, {
      searchParams: { ...clean(params), page: String(paging.page), size: String(paging.size) },
      signal,
      quiet: true,
    }),
  download: (id: ReportKey, params: ReportParams, format: ReportFormat) =>
    api.download(`reports/${encodeURIComponent(id)}/export`, `${id.replace(':', '-')}.${format}`, {
      searchParams: { ...clean(params), format },
    }),

  /** Starts a run into a file (a pg-boss job on the server); poll `runOf` for its progress. */
  startRun: (report: string, format: ReportFormat, params: Record<string, unknown>) =>
    api.post(runs, { report, format, params }, RunView, { quiet: true }),
  runOf: (id: string, signal?: AbortSignal) => api.get(`${runs}/${id}`, RunView, { signal, quiet: true }),
  recentRuns: (signal?: AbortSignal) => api.get(runs, RunList, { signal, quiet: true }),
  runFile: (r: Pick<RunView, 'id' | 'fileName' | 'report' | 'format'>) =>
    api.download(`${runs}/${r.id}/file`, r.fileName ?? `${r.report}.${r.format}`),

  favourites: (signal?: AbortSignal) => api.get(favourites, Favourites, { signal, quiet: true }),
  star: (report: ReportKey, on: boolean) =>
    on
      ? api.put(`${favourites}/${encodeURIComponent(report)}`, undefined, Favourites, { quiet: true })
      : api.delete(`${favourites}/${encodeURIComponent(report)}`, Favourites, { quiet: true }),
};

export const historyClient = resourceClient(HISTORY_PATH, RunView);

export const schedulesClient = {
  ...resourceClient(SCHEDULE_LIST.path, ScheduleRow),
  recipients: (signal?: AbortSignal) =>
    api.get(`${relative(SCHEDULE_LIST.path)}/recipients`, ScheduleRecipients, { signal, quiet: true }),
  runNow: (id: string) => api.post(`${relative(SCHEDULE_LIST.path)}/${id}/run`, {}, RunView, { quiet: true }),
};

export const REPORT_KEYS = {
  favourites: ['reports', 'favourites'] as const,
  recent: ['reports', 'recent'] as const,
  run: (id: string) => ['reports', 'run', id] as const,
  recipients: ['reports', 'recipients'] as const,
  titles: ['reports', 'titles'] as const,
};

export const customReportsClient = {
  ...resourceClient(CUSTOM_REPORT_LIST.path, CustomReportRow),
  /** The builder's live preview of a declaration not saved yet (the engine's first rows and total). */
  preview: (body: CustomPreviewRequest, signal?: AbortSignal) =>
    api.post(relative(PREVIEW_PATH), body, ReportRun, { signal, quiet: true }),
};
