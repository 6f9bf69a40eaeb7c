import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { masterColumns } from './columns';

/**
 * One run of a report into a file (ADR 033): a pg-boss job writes the file into the file store and
 * its progress here. `params` are the run's parameters as given (a relative range stays relative,
 * so a re-run of "last month" is last month again); `period_from`/`period_to` and `parameters` (in
 * words) are what the run resolved. A scheduled run names its schedule and the occurrence it
 * stands for: the unique index makes each occurrence run once, whatever the number of ticks.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    reportId: text('report_id').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    parameters: text('parameters'),
    format: text('format').$type<'csv' | 'xlsx' | 'pdf'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    rowCount: integer('row_count'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** When the nightly prune removed the file (kept 90 days). */
    fileRemovedAt: timestamp('file_removed_at', { withTimezone: true }),
    error: text('error'),
    trigger: text('trigger').$type<'manual' | 'scheduled'>().notNull(),
    scheduleId: uuid('schedule_id'),
    occurrence: timestamp('occurrence', { withTimezone: true }),
  },
  (t) => [
    index('report_runs_account_queued').on(t.accountId, t.queuedAt),
    index('report_runs_account_user_queued').on(t.accountId, t.userId, t.queuedAt),
    uniqueIndex('report_runs_occurrence_uq').on(t.scheduleId, t.occurrence),
    index('report_runs_files')
      .on(t.finishedAt)
      .where(sql`${t.fileKey} is not null`),
  ],
);

/** A user's starred reports on `/ReportList`. */
export const reportFavourites = pgTable(
  'report_favourites',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reportId: text('report_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.reportId] })],
);

/**
 * A report e-mailed on a calendar (`/ReportSchedule`): master data (versions, audit, soft delete).
 * `next_run_at` is the next occurrence in the account's zone, recomputed on every write and when
 * the tick claims an occurrence. Its last run is read from its runs (`report_runs.schedule_id`).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    ...masterColumns(),
    name: text('name').notNull(),
    reportId: text('report_id').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    format: text('format').$type<'csv' | 'xlsx' | 'pdf'>().notNull(),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly'>().notNull(),
    /** Local wall time, HH:MM. */
    atTime: text('at_time').notNull(),
    /** 1 = Monday … 7 = Sunday (weekly). */
    weekday: smallint('weekday'),
    /** 1–31; a shorter month runs on its last day (monthly). */
    monthDay: smallint('month_day'),
    recipientUserIds: jsonb('recipient_user_ids').$type<number[]>().notNull().default([]),
    recipientEmails: jsonb('recipient_emails').$type<string[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  },
  (t) => [
    index('report_schedules_account').on(t.accountId, t.name),
    index('report_schedules_due')
      .on(t.nextRunAt)
      .where(sql`not ${t.paused} and ${t.deletedAt} is null`),
  ],
);

/**
 * `/StandardReportListBold`: how one account shows a standard report to its users — hidden or not,
 * its display name, its default parameters (relative only). A missing row is the catalogue's
 * defaults. Every change is audited (ADR 035).
 */
export const reportSettings = pgTable(
  'report_settings',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    reportId: text('report_id').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    displayName: text('display_name'),
    defaults: jsonb('defaults').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.reportId] })],
);

/**
 * `/StandardReportAdminList` (ThebigBoss): the global catalogue — which account types may see each
 * standard report. No row, or `account_types` null, is every type.
 */
export const reportCatalogue = pgTable('report_catalogue', {
  reportId: text('report_id').primaryKey(),
  accountTypes: text('account_types').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});

/**
 * A saved custom report (`/CustomReport`, ADR 045): master data (versions, audit, soft delete). The
 * declaration is kept as validated by the contract's schema (whitelisted field keys, never SQL);
 * `created_by` is its owner. Published reports show in `/ReportList` for the chosen roles, in its own account
 * and in the chosen `accounts` (ADR 064).
 */
export const customReports = pgTable(
  'custom_reports',
  {
    ...masterColumns(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dataset: text('dataset').notNull(),
    declaration: jsonb('declaration')
      .$type<{
        columns: { field: string; aggregate?: 'sum' | 'count' | 'min' | 'max' | 'avg'; title?: string }[];
        filters: { field: string; op: 'eq' | 'ne' | 'contains' | 'gte' | 'lte'; value: string }[];
        groupBy: string[];
        sort: { field: string; desc: boolean }[];
      }>()
      .notNull(),
    published: boolean('published').notNull().default(false),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    /**
     * Other accounts it is published to (ADR 064): their users holding one of `roles` run it over their
     * own account's rows. Kept on the row, so a change is versioned and audited with the report.
     */
    accounts: bigint('accounts', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
  },
  (t) => [
    index('custom_reports_account').on(t.accountId, t.title),
    index('custom_reports_published_to').using('gin', t.accounts),
  ],
);
