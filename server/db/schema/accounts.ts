import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A customer account (tenant). Numeric id for the spec's `accountId`, uuid `key` for `accountKey`. */
export const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  key: uuid('key').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  typeId: integer('type_id').notNull().default(1),
  type: text('type').notNull().default('Customer'),
  blocked: boolean('blocked').notNull().default(false),
  homeScreenMessage: text('home_screen_message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person who signs in. Global (not per tenant): one login reaches several accounts. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: uuid('key').notNull().unique().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

/** Which accounts a user reaches and with which role codes there. */
export const memberships = pgTable(
  'memberships',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    roles: text('roles').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user').on(t.userId)],
);
