import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * Read-only keys of the BI feed (ADR 041): one per tool that pulls the account's records (Power BI,
 * Excel). The key is shown once when made; only its SHA-256 hash is kept (a 256-bit random key
 * cannot be recovered from it) and its last four characters to tell keys apart. Revoked keys stay
 * as rows: the audit log and "last used" keep their meaning.
 */
export const biFeedKeys = pgTable(
  'bi_feed_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    keyHint: text('key_hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [index('bi_feed_keys_account').on(t.accountId, t.createdAt)],
);

/**
 * The Power BI report an account's `/PBAnalytics` embeds (set on `/PowerbiAdmin`). The service
 * principal's secret is sealed with AES-256-GCM (`server/lib/secrets.ts`); the table never holds it
 * in clear and no answer returns it.
 */
export const powerbiConfigs = pgTable('powerbi_configs', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  workspaceId: text('workspace_id').notNull(),
  reportId: text('report_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  clientId: text('client_id').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  /** The row-level-security role Power BI filters the account's rows by. */
  rlsRole: text('rls_role').notNull().default('Account'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});
