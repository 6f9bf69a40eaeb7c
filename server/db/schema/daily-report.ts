import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * A user's morning e-mail of the daily report in one account (ADR 032): every store (`store_ids`
 * empty) or the chosen ones. No row = no mail. Store ids are checked against the account on write;
 * a store deleted later simply drops out of the mail.
 */
export const dailyReportSubscriptions = pgTable(
  'daily_report_subscriptions',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/**
 * Daily report mails sent: one row per account, user and reported day, claimed in the transaction
 * that sends, so a day goes out once per user however often the job runs. Pruned after 90 days.
 */
export const dailyReportMails = pgTable(
  'daily_report_mails',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.day] }),
    index('daily_report_mails_account_sent').on(t.accountId, t.sentAt),
  ],
);
