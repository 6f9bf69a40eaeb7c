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
import type { AccountCardFields } from '../../../src/contract/account-card';

/** A customer account (tenant). Numeric id for the spec's `accountId`, uuid `key` for `accountKey`. */
export const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  key: uuid('key').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  typeId: integer('type_id').notNull().default(1),
  type: text('type').notNull().default('Customer'),
  blocked: boolean('blocked').notNull().default(false),
  /**
   * Account settings set on /Account (ADR 036, ADR 079): its IANA zone, ISO currency, unit system
   * (metric | imperial | us: volume and distance), BCP 47 locale for dates and numbers, and modules.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  currency: text('currency').notNull().default('EUR'),
  units: text('units').notNull().default('metric'),
  locale: text('locale').notNull().default('en-GB'),
  modules: text('modules')
    .array()
    .notNull()
    .default(sql`'{FAMS}'::text[]`),
  /** `/AccountCard` (issue 14): company details, addresses and contacts; the logo is a file key. */
  card: jsonb('card').$type<Partial<AccountCardFields>>().notNull().default({}),
  logoFile: text('logo_file'),
  /** The account's own MapLibre style for its maps (ADR 051); null = `MAP_STYLE_URL`, then the built-in base map. */
  mapStyleUrl: text('map_style_url'),
  /** The secret of the account's sign-up link (ADR 060): registrations through it wait for this account's admins. */
  signupCode: text('signup_code').unique(),
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
    phone: text('phone'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
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
    /** Blocked by the account's admin: this account only; the user's other accounts go on (issue 14). */
    blocked: boolean('blocked').notNull().default(false),
    /** The call list of /UserContactInformation: per account, as a person's job differs by employer. */
    jobTitle: text('job_title').notNull().default(''),
    emergencyContact: text('emergency_contact').notNull().default(''),
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user').on(t.userId)],
);

/** How an invitation ended; an open one (`ended_at` null) waits for the invitee's answer. */
export type InvitationOutcome = 'accepted' | 'declined' | 'withdrawn' | 'expired';

/**
 * An invitation into an account (ADR 073): no membership exists until the invitee accepts. A user
 * who signs in already answers through `/pages/accept-invitation` (this row's token, stored hashed,
 * 72 h, one answer); a new user's password link (`password_resets`, purpose invite) accepts it.
 * Name, e-mail and username are the ones the admin typed: `/User` shows them, never the user's own.
 * Removing, blocking or disabling the user, or withdrawing the invitation, ends it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    roles: text('roles').array().notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    /** The accept link's token, hashed; null when the invitee answers through a password link. */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: text('outcome').$type<InvitationOutcome>(),
  },
  (t) => [
    uniqueIndex('invitations_open')
      .on(t.accountId, t.userId)
      .where(sql`ended_at is null`),
    index('invitations_user').on(t.userId),
  ],
);
