import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ExtraType, ExtraValue } from '../../../src/contract/setup/equipment-extras';
import type { MeterType } from '../../../src/contract/setup/equipment-types';
import { accounts, users } from './accounts';
import { litresCol, live, lower, masterColumns, meterCol } from './columns';
import { stores } from './setup-sites';

export const costCentres = pgTable(
  'cost_centres',
  {
    ...masterColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    unique('cost_centres_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('cost_centres_code_uq').on(t.accountId, lower(t.code)).where(live(t.deletedAt)),
  ],
);

export const equipmentTypes = pgTable(
  'equipment_types',
  {
    ...masterColumns(),
    code: text('code').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    tankCapacity: litresCol('tank_capacity').notNull(),
    meterType: text('meter_type').$type<MeterType>().notNull(),
    /** false = no meter fitted (a bowser, a generator without an hour meter): fills need no reading (ADR 076). */
    hasMeter: boolean('has_meter').notNull().default(true),
    /** L/100 km (meter km) or L/h (meter hours). */
    expectedConsumption: numeric('expected_consumption', { precision: 8, scale: 2, mode: 'number' }),
  },
  (t) => [
    unique('equipment_types_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('equipment_types_code_uq').on(t.accountId, lower(t.code)).where(live(t.deletedAt)),
    check('equipment_types_meter_ck', sql`${t.meterType} in ('km', 'hours')`),
  ],
);

/** Definitions of per-account extra equipment attributes. */
export const equipmentExtras = pgTable(
  'equipment_extras',
  {
    ...masterColumns(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<ExtraType>().notNull(),
    required: boolean('required').notNull().default(false),
  },
  (t) => [
    unique('equipment_extras_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('equipment_extras_key_uq').on(t.accountId, lower(t.key)).where(live(t.deletedAt)),
  ],
);

export const equipment = pgTable(
  'equipment',
  {
    ...masterColumns(),
    fleetNo: text('fleet_no').notNull(),
    registration: text('registration'),
    description: text('description').notNull().default(''),
    typeId: uuid('type_id'),
    costCentreId: uuid('cost_centre_id'),
    /** null = the type's. */
    meterType: text('meter_type').$type<MeterType>(),
    /** null = the type's (without a type: fitted); false = no meter, fills need no reading (ADR 076). */
    hasMeter: boolean('has_meter'),
    currentMeter: meterCol('current_meter'),
    /** null = the type's. */
    tankCapacity: litresCol('tank_capacity'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    homeStoreId: uuid('home_store_id'),
    fams24Enabled: boolean('fams24_enabled').notNull().default(false),
    pinRequired: boolean('pin_required').notNull().default(false),
    odometerRequired: boolean('odometer_required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    extras: jsonb('extras').$type<Record<string, ExtraValue>>().notNull().default({}),
  },
  (t) => [
    unique('equipment_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'equipment_type_fk',
      columns: [t.accountId, t.typeId],
      foreignColumns: [equipmentTypes.accountId, equipmentTypes.id],
    }),
    foreignKey({
      name: 'equipment_cost_centre_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
    foreignKey({
      name: 'equipment_home_store_fk',
      columns: [t.accountId, t.homeStoreId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('equipment_fleet_no_uq').on(t.accountId, lower(t.fleetNo)).where(live(t.deletedAt)),
    uniqueIndex('equipment_registration_uq').on(t.accountId, lower(t.registration)).where(live(t.deletedAt)),
    index('equipment_account_type').on(t.accountId, t.typeId),
    index('equipment_account_cost_centre').on(t.accountId, t.costCentreId),
    // Search by fleet no. or registration from the record and exception lists (ADR 034).
    index('equipment_fleet_no_trgm').using('gin', sql`${t.fleetNo} gin_trgm_ops`),
    index('equipment_registration_trgm').using('gin', sql`${t.registration} gin_trgm_ops`),
    check('equipment_meter_ck', sql`${t.meterType} is null or ${t.meterType} in ('km', 'hours')`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    ...masterColumns(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** scrypt hash in the passwords module's format (cost travels with it); never sent out. */
    pinHash: text('pin_hash'),
    tag: text('tag'),
    costCentreId: uuid('cost_centre_id'),
    licenceExpiry: date('licence_expiry', { mode: 'string' }),
    /** Stores the employee may draw at; empty = every store. */
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    fams24Enabled: boolean('fams24_enabled').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The account's user who is this employee (ADR 076): the fills they record are theirs unless another is chosen. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    unique('employees_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('employees_user_uq')
      .on(t.accountId, t.userId)
      .where(sql`${t.deletedAt} is null and ${t.userId} is not null`),
    foreignKey({
      name: 'employees_cost_centre_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
    uniqueIndex('employees_number_uq').on(t.accountId, lower(t.number)).where(live(t.deletedAt)),
    index('employees_account_cost_centre').on(t.accountId, t.costCentreId),
  ],
);

/**
 * Who holds each tag: one row per tag in use by a live equipment or employee, so a tag is unique
 * across both (a reader must resolve a tag to exactly one holder). Maintained in the same
 * transaction as the holder's write; every tag inserted here is also registered in `rfid_tags`
 * (`/ScanTags`' list) by the `tag_owners_register` trigger (migration 0034, ADR 077).
 */
export const tagOwners = pgTable(
  'tag_owners',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    tag: text('tag').notNull(),
    ownerKind: text('owner_kind').$type<'equipment' | 'employee'>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** When the holder got the tag (kept while the holder keeps it; `/ScanTags`' "Assigned"). */
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tag_owners_tag_uq').on(t.accountId, lower(t.tag)),
    index('tag_owners_owner').on(t.accountId, t.ownerId),
  ],
);
