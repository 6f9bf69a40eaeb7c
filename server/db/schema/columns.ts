import { sql, type SQL } from 'drizzle-orm';
import { bigint, integer, numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * Columns every master-data table has (docs/design.md §5): uuid id, the tenant, the optimistic
 * concurrency `version`, timestamps, soft delete and who created/last changed the row.
 */
export const masterColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});

/** Volumes in litres, numeric(12,3), read as JS numbers. */
export const litresCol = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
/** Money, numeric(14,2). */
export const moneyCol = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
/** Odometer km or engine hours, numeric(12,1). */
export const meterCol = (name: string) => numeric(name, { precision: 12, scale: 1, mode: 'number' });
export const smallIntCol = (name: string) => integer(name);

/** Partial-unique predicate: natural keys are unique among rows that are not deleted. */
export const live = (deletedAt: AnyPgColumn): SQL => sql`${deletedAt} is null`;
/** Natural keys compare case-insensitively. */
export const lower = (c: AnyPgColumn): SQL => sql`lower(${c})`;
/** A null reference as a comparable value, for "one per store, or one default" keys. */
export const orNil = (c: AnyPgColumn): SQL => sql`coalesce(${c}, '00000000-0000-0000-0000-000000000000'::uuid)`;
