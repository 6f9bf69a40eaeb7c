import { sql } from 'drizzle-orm';
import {
  FREQUENCIES,
  nextOccurrence,
  SCHEDULE_LIST,
  ScheduleCreate,
  ScheduleRow,
  ScheduleUpdate,
} from '../../../src/contract/report-schedule';
import type { RunStatus } from '../../../src/contract/report-runs';
import { reportById, undeclaredFilters, type ReportRunParams } from '../../../src/contract/reports';
import { memberships, reportSchedules as t, users } from '../../db/schema';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import { accountZone, accountZoneSql } from '../../lib/resource/zone';
import { screenRules } from '../setup/rules';
import { isCustomKey } from '../../../src/contract/report-keys';
import { customSources } from './custom-reports.source';
import { customTitleOf } from './runs.repository';
import { foreignFilters } from './report-filters.repository';

// Plain SQL names: drizzle leaves a one-table select's columns unqualified, and inside the subquery
// a bare "id" would be the run's own.
const lastRun = (expr: string) =>
  sql.raw(`(select ${expr} from report_runs r where r.schedule_id = report_schedules.id
    order by r.queued_at desc limit 1)`);

/**
 * `/report-schedules` on the resource pattern (versions, audit, soft delete and restore, list and
 * export). After every write the next occurrence is worked out again in the account's zone; a
 * paused or deleted schedule has none.
 */
export const schedulesResource = defineResource({
  info: SCHEDULE_LIST,
  table: t,
  rules: screenRules(SCHEDULE_LIST.screen),
  schemas: { create: ScheduleCreate, update: ScheduleUpdate, row: ScheduleRow },
  extra: {
    reportTitle: customTitleOf(t.reportId),
    // The last run is its runs' truth (ADR 077): the latest, whichever started it (the tick or "run now").
    lastRunAt: sql<Date | string | null>`${lastRun('coalesce(r.occurrence, r.queued_at)')}`,
    lastRunStatus: sql<RunStatus | null>`${lastRun('r.status')}`,
    timeZone: accountZoneSql(t.accountId),
  },
  search: [t.name],
  sort: { name: sql`lower(${t.name})`, report: t.reportId, nextRunAt: t.nextRunAt },
  filters: {
    report: filter.exact(t.reportId),
    frequency: filter.oneOf(t.frequency, FREQUENCIES),
    paused: filter.bool(t.paused),
  },
  label: sql`${t.name}`,
  unique: {},
  references: [],
  toRow: (r): ScheduleRow => ({
    ...metaOf(r),
    name: r.name,
    report: r.reportId as ScheduleRow['report'],
    params: r.params,
    format: r.format,
    frequency: r.frequency,
    atTime: r.atTime,
    weekday: r.weekday,
    monthDay: r.monthDay,
    recipientUserIds: r.recipientUserIds,
    recipientEmails: r.recipientEmails,
    paused: r.paused,
    nextRunAt: r.nextRunAt ? iso(r.nextRunAt) : null,
    lastRunAt: r.lastRunAt ? iso(r.lastRunAt) : null,
    lastRunStatus: r.lastRunStatus,
    timeZone: r.timeZone,
    reportTitle: r.reportTitle,
  }),
  toValues: (i) => ({
    name: i.name,
    reportId: i.report,
    params: i.params as ReportRunParams as Record<string, unknown>,
    format: i.format,
    frequency: i.frequency,
    atTime: i.atTime,
    weekday: i.frequency === 'weekly' ? i.weekday : null,
    monthDay: i.frequency === 'monthly' ? i.monthDay : null,
    recipientUserIds: [...new Set(i.recipientUserIds)],
    recipientEmails: [...new Set(i.recipientEmails.map((e) => e.toLowerCase()))],
    paused: i.paused,
  }),
  /** A custom report must be one the writer may run (ADR 045); users as recipients must be of this account. */
  async validate(tx, input, { actor }): Promise<Record<string, string[]> | undefined> {
    if (isCustomKey(input.report) && !(await customSources(tx).runnable(actor.accountId, input.report, actor)))
      return { report: ['Choose a report'] };
    // Only the report's own filters (ADR 050): a run would refuse the others at every occurrence.
    const decl = isCustomKey(input.report)
      ? (await customSources(tx).source(actor.accountId, input.report, actor)).decl
      : reportById(input.report);
    const extra = decl && undeclaredFilters(decl, input.params);
    const params = extra ?? (await foreignFilters(tx, actor.accountId, input.params));
    if (params) return Object.fromEntries(Object.entries(params).map(([k, v]) => [`params.${k}`, v]));
    const errors: Record<string, string[]> = {};
    const ids = [...new Set(input.recipientUserIds)];
    if (ids.length) {
      const found = await tx.execute<{ id: string }>(sql`
        select user_id as id from ${memberships} where account_id = ${actor.accountId}
          and user_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`);
      const known = new Set(found.rows.map((r) => Number(r.id)));
      if (ids.some((i) => !known.has(i))) errors.recipientUserIds = ['Choose users of this account'];
    }
    // Account data goes to the account's own people only (ADR 074): an address is a member's e-mail.
    const emails = [...new Set(input.recipientEmails.map((e) => e.toLowerCase()))];
    if (emails.length) {
      const found = await tx.execute<{ email: string }>(sql`
        select lower(u.email) as email from ${memberships} m join ${users} u on u.id = m.user_id
        where m.account_id = ${actor.accountId} and lower(u.email) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`);
      const known = new Set(found.rows.map((r) => r.email));
      const outside = emails.filter((e) => !known.has(e));
      if (outside.length)
        errors.recipientEmails = [`Not a user of this account: ${outside.join(', ')}. Invite them on /User first`];
    }
    return Object.keys(errors).length ? errors : undefined;
  },
  async afterWrite(tx, { after }) {
    const zone = await accountZone(tx, after.accountId);
    const next = after.paused || after.deletedAt ? null : nextOccurrence(after, new Date(), zone);
    await tx.execute(sql`update ${t} set next_run_at = ${next?.toISOString() ?? null}::timestamptz
      where ${t.accountId} = ${after.accountId} and ${t.id} = ${after.id}`);
    after.nextRunAt = next;
  },
});
