import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportMapping, ImportStatus, ImportTarget, RowError } from '../../../src/contract/imports';
import { accounts, users } from './accounts';

/**
 * One `/DataImports` job (ADR 008). The row is the truth about a job: the process running it
 * updates the counts in the same transaction as each chunk it writes, and `heartbeat_at` shows
 * that a process still holds it (a job whose heartbeat stopped is failed by the sweep).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    target: text('target').$type<ImportTarget>().notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('uploaded'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<RowError[]>().notNull().default([]),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_account_created').on(t.accountId, t.createdAt),
    // The sweep looks for jobs a process claims to hold.
    index('import_jobs_active').on(t.status, t.heartbeatAt),
  ],
);
