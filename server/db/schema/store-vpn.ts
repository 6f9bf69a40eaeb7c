import { bigint, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { stores } from './setup-sites';

/**
 * Per store, the VPN (WireGuard-style) used to reach its controller and gauge (`/StoreVPN`, ADR 044).
 * The private and pre-shared keys are sealed (AES-256-GCM, server/lib/secrets.ts) and never read
 * back to a browser; `last_handshake_at` is what the store's controller reports.
 */
export const storeVpns = pgTable(
  'store_vpns',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    storeId: uuid('store_id').notNull(),
    endpoint: text('endpoint').notNull(),
    subnet: text('subnet').notNull(),
    publicKey: text('public_key').notNull(),
    privateKeySealed: text('private_key_sealed'),
    presharedKeySealed: text('preshared_key_sealed'),
    lastHandshakeAt: timestamp('last_handshake_at', { withTimezone: true }),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    lastTestResult: text('last_test_result'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.storeId] }),
    foreignKey({
      name: 'store_vpns_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
  ],
);
