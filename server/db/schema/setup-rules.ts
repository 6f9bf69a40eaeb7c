import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ASSET_STATUSES } from '../../../src/contract/setup/assets';
import { accounts, users } from './accounts';
import { litresCol, live, lower, masterColumns, meterCol, orNil } from './columns';
import { costCentres, employees, equipment } from './setup-fleet';
import { products, stores } from './setup-sites';

/** Who/what may draw which product where, with limits and conditions. Exactly one subject. */
export const allocations = pgTable(
  'allocations',
  {
    ...masterColumns(),
    productId: uuid('product_id').notNull(),
    storeId: uuid('store_id'),
    equipmentId: uuid('equipment_id'),
    employeeId: uuid('employee_id'),
    costCentreId: uuid('cost_centre_id'),
    dailyLimit: litresCol('daily_limit'),
    monthlyLimit: litresCol('monthly_limit'),
    weekdays: integer('weekdays').array(),
    hoursFrom: text('hours_from'),
    hoursTo: text('hours_to'),
    maxPerTransaction: litresCol('max_per_transaction'),
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
  },
  (t) => [
    unique('allocations_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'allocations_product_fk',
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }),
    foreignKey({
      name: 'allocations_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    foreignKey({
      name: 'allocations_equipment_fk',
      columns: [t.accountId, t.equipmentId],
      foreignColumns: [equipment.accountId, equipment.id],
    }),
    foreignKey({
      name: 'allocations_employee_fk',
      columns: [t.accountId, t.employeeId],
      foreignColumns: [employees.accountId, employees.id],
    }),
    foreignKey({
      name: 'allocations_cost_centre_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
    // One allocation per product, store (or any store) and subject.
    uniqueIndex('allocations_subject_uq')
      .on(t.accountId, t.productId, orNil(t.storeId), orNil(t.equipmentId), orNil(t.employeeId), orNil(t.costCentreId))
      .where(live(t.deletedAt)),
    index('allocations_account_equipment').on(t.accountId, t.equipmentId),
    index('allocations_account_employee').on(t.accountId, t.employeeId),
    check('allocations_one_subject_ck', sql`num_nonnulls(${t.equipmentId}, ${t.employeeId}, ${t.costCentreId}) = 1`),
  ],
);

/** FAMS24 business rules; `store_id` null = the account default. */
export const f24Rules = pgTable(
  'f24_rules',
  {
    ...masterColumns(),
    storeId: uuid('store_id'),
    maxLitresPerTransaction: litresCol('max_litres_per_transaction'),
    odometerRequired: boolean('odometer_required').notNull().default(false),
    maxOdometerJumpKm: meterCol('max_odometer_jump_km'),
    maxHoursJump: meterCol('max_hours_jump'),
    allowedFrom: text('allowed_from'),
    allowedTo: text('allowed_to'),
    minMinutesBetweenFills: integer('min_minutes_between_fills'),
  },
  (t) => [
    unique('f24_rules_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'f24_rules_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('f24_rules_store_uq').on(t.accountId, orNil(t.storeId)).where(live(t.deletedAt)),
  ],
);

/** The asset register. */
export const assets = pgTable(
  'assets',
  {
    ...masterColumns(),
    assetNo: text('asset_no').notNull(),
    erpId: text('erp_id'),
    status: text('status').$type<(typeof ASSET_STATUSES)[number]>().notNull().default('active'),
    equipmentId: uuid('equipment_id'),
    description: text('description').notNull().default(''),
    costCentreId: uuid('cost_centre_id'),
    storeId: uuid('store_id'),
  },
  (t) => [
    unique('assets_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'assets_equipment_fk',
      columns: [t.accountId, t.equipmentId],
      foreignColumns: [equipment.accountId, equipment.id],
    }),
    foreignKey({
      name: 'assets_cost_centre_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
    foreignKey({
      name: 'assets_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('assets_asset_no_uq').on(t.accountId, lower(t.assetNo)).where(live(t.deletedAt)),
    check('assets_status_ck', sql`${t.status} in ('active', 'inactive', 'disposed')`),
  ],
);

/** History of an asset's cost centre and store: one row per period, `valid_to` null = current. */
export const assetAllocations = pgTable(
  'asset_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    assetId: uuid('asset_id').notNull(),
    costCentreId: uuid('cost_centre_id'),
    storeId: uuid('store_id'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    changedBy: bigint('changed_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    foreignKey({
      name: 'asset_allocations_asset_fk',
      columns: [t.accountId, t.assetId],
      foreignColumns: [assets.accountId, assets.id],
    }),
    index('asset_allocations_account_asset').on(t.accountId, t.assetId, t.validFrom),
  ],
);
