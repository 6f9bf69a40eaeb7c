import { z } from 'zod';
import { addDays, localDate, monthBounds, zonedInstant } from './calendar';
import { REPORTS } from './report-catalog';
import { RANGE_LABELS } from './report-range';
import { FORMAT_LABELS, RUN_STATUS_LABELS, RUN_STATUSES } from './report-runs';
import { ReportFormat, ReportKeySchema, ReportParams } from './reports';
import { inputSchemas, requiredText, rowMeta, timeOfDay } from './setup/fields';

/**
 * `/ReportSchedule` (ADR 033): a report with relative parameters, a calendar in the account's time
 * zone (daily at a time, weekly on a day, monthly on a day) and recipients; each occurrence runs
 * the report and e-mails the file. `nextOccurrence` is the one computation of when, shared by the
 * server's tick and the screen's "next run" text.
 */

export const SCHEDULES_PATH = '/report-schedules';
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const ISO_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MAX_RECIPIENTS = 20;

export interface Calendar {
  frequency: Frequency;
  /** Local wall time HH:MM. */
  atTime: string;
  weekday?: number | null;
  monthDay?: number | null;
}

const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Whether a local calendar day is one of the schedule's days ("the 31st" is a shorter month's last day). */
export function runsOn(c: Calendar, day: string): boolean {
  if (c.frequency === 'daily') return true;
  if (c.frequency === 'weekly') return isoWeekday(day) === c.weekday;
  const last = Number(monthBounds(day.slice(0, 7)).to.slice(8));
  return Number(day.slice(8)) === Math.min(c.monthDay ?? 1, last);
}

/**
 * The first occurrence strictly after `after`, on the wall clock of `timeZone`. A time that a DST
 * jump skips runs when the clock has jumped (02:30 on a spring-forward night runs at 03:30); a
 * time shown twice (autumn) runs at its first showing.
 */
export function nextOccurrence(c: Calendar, after: Date, timeZone: string): Date {
  const [h, m] = c.atTime.split(':').map(Number);
  const today = localDate(after, timeZone);
  // A month's occurrence is at most 31 days away; a day back covers zones behind the instant's UTC day.
  for (let i = -1; i <= 62; i++) {
    const day = addDays(today, i);
    if (!runsOn(c, day)) continue;
    const at = new Date(zonedInstant(day, h, timeZone).getTime() + m * 60_000);
    if (at.getTime() > after.getTime()) return at;
  }
  /* c8 ignore next */
  throw new Error('No occurrence within two months');
}

/** The calendar in words: "Weekly on Monday at 07:00 (Africa/Johannesburg)". */
export function calendarText(c: Calendar, timeZone?: string): string {
  const zone = timeZone ? ` (${timeZone})` : '';
  if (c.frequency === 'daily') return `Daily at ${c.atTime}${zone}`;
  if (c.frequency === 'weekly') return `Weekly on ${ISO_WEEKDAYS[(c.weekday ?? 1) - 1]} at ${c.atTime}${zone}`;
  const d = c.monthDay ?? 1;
  return `Monthly on day ${d}${d > 28 ? ' (or the month’s last day)' : ''} at ${c.atTime}${zone}`;
}

/** Relative ranges only: a schedule's "last month" is the month before each occurrence. */
const ScheduleParams = ReportParams.refine((p) => p.range !== 'custom', {
  path: ['range'],
  message: 'A schedule uses a relative period (such as last month), not two fixed dates',
});

const email = z.email({ error: 'Not an e-mail address' }).max(254, 'At most 254 characters');

export const ScheduleFields = z.strictObject({
  name: requiredText('Name', 120),
  report: ReportKeySchema,
  params: ScheduleParams,
  format: ReportFormat,
  frequency: z.enum(FREQUENCIES, { error: 'Choose daily, weekly or monthly' }),
  atTime: timeOfDay,
  weekday: z
    .number({ error: 'Choose a day of the week' })
    .int()
    .min(1, 'Choose a day of the week')
    .max(7, 'Choose a day of the week')
    .nullish()
    .transform((v) => v ?? null),
  monthDay: z
    .number({ error: 'Choose a day of the month' })
    .int('A whole day of the month')
    .min(1, 'From 1 to 31')
    .max(31, 'From 1 to 31')
    .nullish()
    .transform((v) => v ?? null),
  recipientUserIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'Choose users of this account' })
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} users`)
    .default([]),
  recipientEmails: z.array(email).max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} addresses`).default([]),
  paused: z.boolean().default(false),
});

export const { create: ScheduleCreate, update: ScheduleUpdate } = inputSchemas(ScheduleFields, (v, ctx) => {
  if (v.frequency === 'weekly' && v.weekday === null)
    ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a day of the week' });
  if (v.frequency === 'monthly' && v.monthDay === null)
    ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'Choose a day of the month' });
  if (v.recipientUserIds.length + v.recipientEmails.length === 0)
    ctx.addIssue({ code: 'custom', path: ['recipientEmails'], message: 'Add at least one recipient' });
});
export type ScheduleCreate = z.input<typeof ScheduleCreate>;

export const ScheduleRow = z.object({
  ...rowMeta,
  name: z.string(),
  report: ReportKeySchema,
  params: z.record(z.string(), z.unknown()),
  format: ReportFormat,
  frequency: z.enum(FREQUENCIES),
  atTime: z.string(),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  recipientUserIds: z.array(z.number()),
  recipientEmails: z.array(z.string()),
  paused: z.boolean(),
  nextRunAt: z.string().nullable(),
  /** Its latest run, read from the runs (a tick's or "run now"): when it was due or asked for, and how it went. */
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(RUN_STATUSES).nullable(),
  /** The account's zone: the calendar's, in which the next and last runs read. */
  timeZone: z.string(),
  /** A custom report's title (null for a standard report: the catalogue names it). */
  reportTitle: z.string().nullable(),
});
export type ScheduleRow = z.infer<typeof ScheduleRow>;

/** The account's users a schedule can mail (`GET /report-schedules/recipients`). */
export const ScheduleRecipients = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type ScheduleRecipients = z.infer<typeof ScheduleRecipients>;

export const SCHEDULE_LIST = {
  path: SCHEDULES_PATH,
  entity: 'report_schedule',
  title: 'Report schedules',
  screen: '/ReportSchedule',
  defaultSort: 'name',
  sort: ['name', 'report', 'nextRunAt', 'createdAt', 'updatedAt'],
  filters: ['report', 'frequency', 'paused'],
  search: ['name'],
} as const;

const REPORT_TITLES = Object.fromEntries(REPORTS.map((r) => [r.id, r.title]));
/** `paused` in words. */
export const SCHEDULE_STATE_LABELS = { true: 'Paused', false: 'Active' } as const;
export const SCHEDULE_COLUMNS = [
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'report', title: 'Report', kind: 'enum', labels: REPORT_TITLES, labelFrom: 'reportTitle' },
  { key: 'frequency', title: 'Frequency', kind: 'enum', labels: FREQUENCY_LABELS },
  // The frequency's words say the time too ("Weekly on Monday at 07:00"): shown on demand.
  { key: 'atTime', title: 'At', kind: 'text', hidden: true },
  { key: 'format', title: 'Format', kind: 'enum', labels: FORMAT_LABELS },
  { key: 'paused', title: 'State', kind: 'enum', labels: SCHEDULE_STATE_LABELS },
  { key: 'nextRunAt', title: 'Next run', kind: 'datetime', zone: 'timeZone' },
  { key: 'lastRunAt', title: 'Last run', kind: 'datetime', zone: 'timeZone' },
  // The screen shows the result beside the last run; the column is for the export and the chooser.
  { key: 'lastRunStatus', title: 'Last run result', kind: 'enum', labels: RUN_STATUS_LABELS, hidden: true },
] as const;

/** The period of a schedule in words ("Last month"). */
export const periodText = (params: Record<string, unknown>) =>
  RANGE_LABELS[(params.range as keyof typeof RANGE_LABELS) ?? 'lastMonth'] ?? String(params.range);
