import { z } from 'zod';
import type { ColumnSpec } from './columns';
import { REPORTS } from './report-catalog';
import { ReportFormat, ReportKeySchema, ReportParams } from './reports';

/**
 * Report runs into files (ADR 033): a run is a pg-boss job that writes the file into the file
 * store, with its progress in `report_runs`. `/ReportList` starts runs and shows the user's own;
 * `/ReportHistory` (admin) lists every run of the account, manual or scheduled.
 */

export const RUNS_PATH = '/report-runs';
export const HISTORY_PATH = '/report-runs/history';
export const FAVOURITES_PATH = '/report-favourites';

/** Files of runs are kept this long; the nightly prune removes older ones (the row stays). */
export const RUN_FILE_DAYS = 90;
/** "Recent runs" on `/ReportList`. */
export const RECENT_RUNS = 10;

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};
export const RUN_TRIGGERS = ['manual', 'scheduled'] as const;
export const RUN_TRIGGER_LABELS: Record<(typeof RUN_TRIGGERS)[number], string> = {
  manual: 'Manual',
  scheduled: 'Scheduled',
};
export const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'Excel (XLSX)', csv: 'CSV' };

export const RunStart = z.strictObject({
  report: ReportKeySchema,
  format: ReportFormat,
  params: ReportParams.default({ range: 'lastMonth', days: 30 }),
});
export type RunStart = z.input<typeof RunStart>;

/** One run as its owner and the history see it. */
export const RunView = z.object({
  id: z.uuid(),
  report: z.string(),
  title: z.string(),
  format: ReportFormat,
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(RUN_TRIGGERS),
  scheduleId: z.string().nullable(),
  userName: z.string().nullable(),
  /** The parameters as given (a relative range stays relative: a re-run resolves it again). */
  params: z.record(z.string(), z.unknown()),
  /** The parameters in words, as the run resolved them (the PDF's heading). */
  parameters: z.string().nullable(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** The file can be downloaded (done, not pruned). */
  fileKept: z.boolean(),
  error: z.string().nullable(),
});
export type RunView = z.infer<typeof RunView>;
export const RunList = z.object({ runs: z.array(RunView) });

/** A run's progress as a fraction 0–1 (null while the query runs and the total is not known). */
export function runProgress(r: Pick<RunView, 'status' | 'rowsDone' | 'rowsTotal'>): number | null {
  if (r.status === 'done') return 1;
  if (r.status !== 'running' || r.rowsTotal === null) return null;
  return r.rowsTotal === 0 ? 1 : Math.min(1, r.rowsDone / r.rowsTotal);
}

export const Favourites = z.object({ reports: z.array(ReportKeySchema) });
export const FavouriteParams = z.object({ report: ReportKeySchema });

const REPORT_TITLES = Object.fromEntries(REPORTS.map((r) => [r.id, r.title]));

export const HISTORY_LIST = {
  path: HISTORY_PATH,
  title: 'Report history',
  screen: '/ReportHistory',
  defaultSort: '-queuedAt',
  sort: ['queuedAt', 'report', 'status', 'durationSeconds', 'rowCount'],
  filters: ['report', 'status', 'trigger', 'format', 'userId', 'from', 'to'],
  search: ['report', 'parameters', 'user', 'error'],
} as const;

export const HISTORY_COLUMNS: readonly ColumnSpec<keyof RunView & string>[] = [
  { key: 'queuedAt', title: 'When', kind: 'datetime' },
  { key: 'report', title: 'Report', kind: 'enum', labels: REPORT_TITLES, labelFrom: 'title' },
  { key: 'parameters', title: 'Parameters', kind: 'text' },
  { key: 'trigger', title: 'Trigger', kind: 'enum', labels: RUN_TRIGGER_LABELS },
  { key: 'userName', title: 'Who', kind: 'text' },
  { key: 'status', title: 'Status', kind: 'enum', labels: RUN_STATUS_LABELS },
  { key: 'durationSeconds', title: 'Duration (s)', kind: 'number', decimals: 1 },
  { key: 'rowCount', title: 'Rows', kind: 'number', decimals: 0 },
  { key: 'format', title: 'Format', kind: 'enum', labels: FORMAT_LABELS },
  { key: 'fileName', title: 'File', kind: 'text' },
  { key: 'error', title: 'Error', kind: 'text' },
];
