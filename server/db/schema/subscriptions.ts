import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PlanLimits } from '../../../src/contract/subscriptions';
import { accounts, users } from './accounts';

/**
 * Subscription plans (issue 14, ADR 038): the modules and limits an account buys, per period.
 * Not tenant data: ThebigBoss keeps one catalogue for every account. A limit null = no limit.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    modules: text('modules').array().notNull(),
    limits: jsonb('limits').$type<PlanLimits>().notNull(),
    period: text('period').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_name_uq').on(sql`lower(${t.name})`),
    check('plans_period_ck', sql`${t.period} in ('month', 'year')`),
  ],
);

/** An account's current subscription: one row per account (its history is below). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').notNull(),
    startsOn: date('starts_on').notNull(),
    renewsOn: date('renews_on').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_plan').on(t.planId),
    check('subscriptions_status_ck', sql`${t.status} in ('trial', 'active', 'past_due', 'cancelled')`),
  ],
);

/** Every change of an account's subscription (plan, status, renewal), newest last. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planName: text('plan_name').notNull(),
    status: text('status').notNull(),
    renewsOn: date('renews_on').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    note: text('note').notNull().default(''),
  },
  (t) => [index('subscription_events_account').on(t.accountId, t.at)],
);

/**
 * Home-screen messages (`/messageAccount`): for one account, or every account when `account_id`
 * is null, shown from `starts_on` to `ends_on` inclusive (the account's local days).
 */
export const homeMessages = pgTable(
  'home_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
    message: text('message').notNull(),
    startsOn: date('starts_on').notNull(),
    /** null = no end day: shown until changed, below any message with an end day (an account's standing message). */
    endsOn: date('ends_on'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('home_messages_account').on(t.accountId, t.endsOn),
    check('home_messages_dates_ck', sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);
