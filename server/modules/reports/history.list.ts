import { accountZoneSql } from '../../lib/resource/zone';
import { sql } from 'drizzle-orm';
import { REPORTS } from '../../../src/contract/report-catalog';
import { HISTORY_LIST, RUN_STATUSES, RUN_TRIGGERS, type RunView } from '../../../src/contract/report-runs';
import { ReportFormat } from '../../../src/contract/reports';
import { reportRuns as r } from '../../db/schema';
import { filter, type FilterSpec, type ListSpec } from '../../lib/resource';
import { localDay, names, qualified } from '../records/records.sql';
import { customTitleOf, toRunView } from './runs.repository';

/** The account's zone (its first store's): the history's days are the account's days. */
const zone = accountZoneSql(r.accountId);
const userName = names.user(r.userId);
const customTitle = customTitleOf(r.reportId);
// Sorting by report sorts by its title, as the list shows it.
const reportTitle = sql`case ${r.reportId} ${sql.join(
  REPORTS.map((d) => sql`when ${d.id} then ${d.title}`),
  sql` `,
)} else coalesce(${customTitle}, ${r.reportId}) end`;

/**
 * `/ReportHistory` on the list protocol (paging, search, filters, export): every run of the
 * account, manual or scheduled, newest first.
 */
export const HISTORY_SPEC: ListSpec = {
  from: r,
  fields: qualified({
    id: r.id,
    accountId: r.accountId,
    userId: r.userId,
    reportId: r.reportId,
    params: r.params,
    periodFrom: r.periodFrom,
    periodTo: r.periodTo,
    parameters: r.parameters,
    format: r.format,
    status: r.status,
    rowsDone: r.rowsDone,
    rowsTotal: r.rowsTotal,
    queuedAt: r.queuedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.durationMs,
    rowCount: r.rowCount,
    fileKey: r.fileKey,
    fileName: r.fileName,
    fileSize: r.fileSize,
    fileRemovedAt: r.fileRemovedAt,
    error: r.error,
    trigger: r.trigger,
    scheduleId: r.scheduleId,
    occurrence: r.occurrence,
    userName,
    customTitle,
  }),
  id: r.id,
  scope: (actor) => sql`${r.accountId} = ${actor.accountId}`,
  search: [reportTitle, r.parameters, userName, r.error],
  sort: {
    queuedAt: r.queuedAt,
    report: reportTitle,
    status: r.status,
    durationSeconds: r.durationMs,
    rowCount: r.rowCount,
  },
  defaultSort: HISTORY_LIST.defaultSort,
  filters: {
    report: filter.exact(r.reportId),
    status: filter.oneOf(r.status, RUN_STATUSES),
    trigger: filter.oneOf(r.trigger, RUN_TRIGGERS),
    format: filter.oneOf(r.format, ReportFormat.options),
    userId: filter.int(r.userId),
    from: localDay.from(r.queuedAt, zone),
    to: localDay.to(r.queuedAt, zone),
  } satisfies Record<(typeof HISTORY_LIST.filters)[number], FilterSpec>,
};

type Raw = typeof r.$inferSelect & { userName: string | null; customTitle: string | null };
const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** A raw list row (raw SQL gives timestamps as text) as the run's view. */
export const historyRow = (raw: Raw): RunView =>
  toRunView({
    run: {
      ...raw,
      accountId: Number(raw.accountId),
      userId: raw.userId === null ? null : Number(raw.userId),
      queuedAt: date(raw.queuedAt)!,
      startedAt: date(raw.startedAt),
      finishedAt: date(raw.finishedAt),
      fileRemovedAt: date(raw.fileRemovedAt),
      occurrence: date(raw.occurrence),
    },
    userName: raw.userName,
    customTitle: raw.customTitle,
  });
