import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IntegrityResult } from '../../../src/contract/integrity';
import { accounts, users } from './accounts';

/**
 * One run of the data integrity checks for an account (`/DataIntergrityChecks`): on demand (a user)
 * or nightly (`user_id` null). `results` keeps each check's count and its first rows as they were
 * at the run, so the screen shows what the run found without running the checks again.
 * `local_date` is the account's calendar day of a nightly run: the unique index makes the nightly
 * run claim its day once, whatever the number of server instances.
 */
export const integrityRuns = pgTable(
  'integrity_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    trigger: text('trigger').$type<'manual' | 'nightly'>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    localDate: date('local_date', { mode: 'string' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    total: integer('total'),
    results: jsonb('results').$type<IntegrityResult[]>(),
    error: text('error'),
  },
  (t) => [
    index('integrity_runs_account_started').on(t.accountId, t.startedAt),
    uniqueIndex('integrity_runs_nightly_uq')
      .on(t.accountId, t.localDate)
      .where(sql`${t.trigger} = 'nightly'`),
  ],
);

/**
 * The last sync report of each field device (`/Diagnostic`): the sync engine sends its device id,
 * outbox size and app version with every batch; one upsert per batch request.
 */
export const deviceSyncs = pgTable(
  'device_syncs',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    deviceId: text('device_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    records: integer('records').notNull(),
    outbox: integer('outbox'),
    appVersion: text('app_version'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceId] }), index('device_syncs_last').on(t.lastSyncAt)],
);
