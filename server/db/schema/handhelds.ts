import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { fieldDevices } from './devices';

/**
 * One-time enrolment codes of Sunmi handhelds (`/SumniConfig`, ADR 044). Only the SHA-256 of the
 * code is kept; a code works once (`used_at`) and until `expires_at`.
 */
export const handheldEnrolments = pgTable(
  'handheld_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull().unique('handheld_enrolments_code_uq'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Cancelled on `/SumniConfig` before use (ADR 051): it no longer enrols anything. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    deviceId: uuid('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    foreignKey({
      name: 'handheld_enrolments_device_fk',
      columns: [t.accountId, t.deviceId],
      foreignColumns: [fieldDevices.accountId, fieldDevices.id],
    }),
    index('handheld_enrolments_account_created').on(t.accountId, t.createdAt),
  ],
);

/** The account's receipt printer settings, handed to every handheld with its configuration. */
export const handheldSettings = pgTable(
  'handheld_settings',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id),
    paperWidthMm: integer('paper_width_mm').notNull().default(58),
    headerLines: text('header_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    footerLines: text('footer_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    copies: integer('copies').notNull().default(1),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    check('handheld_settings_paper_ck', sql`${t.paperWidthMm} in (58, 80)`),
    check('handheld_settings_copies_ck', sql`${t.copies} between 0 and 5`),
  ],
);

/**
 * One handheld's own receipt printer settings (ADR 051), over the account's `handheld_settings`:
 * a handheld without a row here prints with the account's layout.
 */
export const handheldPrinters = pgTable(
  'handheld_printers',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').notNull(),
    paperWidthMm: integer('paper_width_mm').notNull().default(58),
    headerLines: text('header_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    footerLines: text('footer_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    copies: integer('copies').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'handheld_printers_pk', columns: [t.accountId, t.deviceId] }),
    foreignKey({
      name: 'handheld_printers_device_fk',
      columns: [t.accountId, t.deviceId],
      foreignColumns: [fieldDevices.accountId, fieldDevices.id],
    }),
    check('handheld_printers_paper_ck', sql`${t.paperWidthMm} in (58, 80)`),
    check('handheld_printers_copies_ck', sql`${t.copies} between 0 and 5`),
  ],
);
