import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { DetectionThresholdsValue, MlReport } from '../../../src/contract/ml';
import { accounts, users } from './accounts';

/**
 * `/MLUpload`'s sandbox (ADR 052): the anomaly report of one scored history file, kept for
 * download until `expires_at` (deleted by the next upload after that). The file's rows are scored
 * in memory and never stored; no account table is written. `account_id` is the account the
 * uploader was signed into: only its ThebigBoss sessions can read the report.
 */
export const mlSandboxReports = pgTable(
  'ml_sandbox_reports',
  {
    id: uuid('id').primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    report: jsonb('report').$type<Omit<MlReport, 'id' | 'createdAt' | 'expiresAt'>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ml_sandbox_reports_account').on(t.accountId, t.createdAt),
    index('ml_sandbox_reports_expiry').on(t.expiresAt),
  ],
);

/**
 * An account's calibrated detection thresholds (ADR 052): every uploaded version kept, one active
 * (none active = version 0, the constants). Rolling back activates an earlier version.
 */
export const detectionThresholds = pgTable(
  'detection_thresholds',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    version: integer('version').notNull(),
    values: jsonb('values').$type<DetectionThresholdsValue>().notNull(),
    note: text('note'),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.version] }),
    uniqueIndex('detection_thresholds_active')
      .on(t.accountId)
      .where(sql`${t.active}`),
  ],
);
