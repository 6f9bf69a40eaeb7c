import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExceptionRulesValue } from '../../../src/contract/exception-rules';
import { accounts, users } from './accounts';
import { exceptions } from './field';

/**
 * An account's exception rules (ADR 027): one jsonb document merged over the defaults when read
 * (`rulesOf`), so a rule added later needs no migration. No row = the defaults.
 */
export const exceptionRules = pgTable('exception_rules', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  rules: jsonb('rules').$type<Partial<ExceptionRulesValue>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});

/** A user's e-mail per exception type in one account: immediately or in the daily digest ("off" = no row). */
export const exceptionSubscriptions = pgTable(
  'exception_subscriptions',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    mode: text('mode').$type<'immediate' | 'digest'>().notNull(),
    /** Immediate mail covers exceptions raised from here on (subscribing sends no backlog). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.code] }),
    index('exception_subscriptions_code').on(t.accountId, t.code, t.mode),
  ],
);

/** Immediate mails sent: one row per exception and user, claimed before sending (never twice). */
export const exceptionMails = pgTable(
  'exception_mails',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    exceptionId: uuid('exception_id')
      .notNull()
      .references(() => exceptions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.exceptionId, t.userId] }),
    index('exception_mails_account').on(t.accountId, t.sentAt),
  ],
);

/** Daily digests sent: one row per account and reported local day, claimed before sending. */
export const exceptionDigests = pgTable(
  'exception_digests',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
