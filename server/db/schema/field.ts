import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  integer,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { litresCol, meterCol } from './columns';
import { costCentres, employees, equipment } from './setup-fleet';
import { products, stores, tanks } from './setup-sites';

/**
 * Field records (docs/design.md §5–6): written on a device with their own UUID, never edited in place
 * (a correction is a reversal plus a new record). The key is (account, id) so the same client id
 * in another account is another record. `payload_hash` makes a replay recognisable: same id and
 * same content → the original result; same id, other content → refused.
 */
const fieldColumns = () => ({
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id),
  id: uuid('id').notNull(),
  payloadHash: text('payload_hash').notNull(),
  deviceId: text('device_id').notNull(),
  note: text('note').notNull().default(''),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' })
    .notNull()
    .references(() => users.id),
});

export const dispenses = pgTable(
  'dispenses',
  {
    ...fieldColumns(),
    variant: text('variant').$type<'FAMS' | 'FAMS24'>().notNull(),
    storeId: uuid('store_id').notNull(),
    tankId: uuid('tank_id').notNull(),
    productId: uuid('product_id').notNull(),
    equipmentId: uuid('equipment_id').notNull(),
    employeeId: uuid('employee_id'),
    costCentreId: uuid('cost_centre_id'),
    litres: litresCol('litres').notNull(),
    meter: meterCol('meter'),
    meterType: text('meter_type').$type<'km' | 'hours'>(),
    dispensedAt: timestamp('dispensed_at', { withTimezone: true }).notNull(),
    gpsLat: doublePrecision('gps_lat'),
    gpsLng: doublePrecision('gps_lng'),
    gpsAccuracyM: real('gps_accuracy_m'),
    employeeBy: text('employee_by'),
    acceptedWarnings: text('accepted_warnings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set on a reversal: the dispense it cancels (its litres are the negative of the original's). */
    reversalOf: uuid('reversal_of'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'dispenses_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    foreignKey({
      name: 'dispenses_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    foreignKey({
      name: 'dispenses_product_fk',
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }),
    foreignKey({
      name: 'dispenses_equipment_fk',
      columns: [t.accountId, t.equipmentId],
      foreignColumns: [equipment.accountId, equipment.id],
    }),
    foreignKey({
      name: 'dispenses_employee_fk',
      columns: [t.accountId, t.employeeId],
      foreignColumns: [employees.accountId, employees.id],
    }),
    foreignKey({
      name: 'dispenses_cost_centre_fk',
      columns: [t.accountId, t.costCentreId],
      foreignColumns: [costCentres.accountId, costCentres.id],
    }),
    index('dispenses_account_at').on(t.accountId, t.dispensedAt),
    // An allocation's subject (equipment, employee, cost centre) by time. The trailing product, litres
    // and id let the ingest sum a subject's month from the index alone (ADR 016).
    index('dispenses_equipment_at').on(t.accountId, t.equipmentId, t.dispensedAt, t.productId, t.litres, t.id),
    index('dispenses_tank_at').on(t.accountId, t.tankId, t.dispensedAt),
    index('dispenses_employee_at').on(t.accountId, t.employeeId, t.dispensedAt, t.productId, t.litres, t.id),
    index('dispenses_cost_centre_at').on(t.accountId, t.costCentreId, t.dispensedAt, t.productId, t.litres, t.id),
    index('dispenses_reversal_of')
      .on(t.accountId, t.reversalOf)
      .where(sql`${t.reversalOf} is not null`),
    // The ingest's "highest meter before this dispense": walked from the top, so the check does not
    // grow with the equipment's history (ADR 016).
    index('dispenses_equipment_meter')
      .on(t.accountId, t.equipmentId, t.meter)
      .where(sql`${t.reversalOf} is null and ${t.meter} is not null`),
    // The record list's search (ADR 034): trigram indexes so `ilike '%term%'` is an index read.
    index('dispenses_note_trgm').using('gin', sql`${t.note} gin_trgm_ops`),
    index('dispenses_device_trgm').using('gin', sql`${t.deviceId} gin_trgm_ops`),
  ],
);

/**
 * Dispenses summed per store-local day, store, tank and product (ADR 034): the totals of
 * `/FiltersDispensing` at millions of rows when the filters are whole days, stores, tanks and
 * products. Kept exact by statement triggers on `dispenses` (migration 0015) in the writer's own
 * transaction; `dispense_days_rebuild(account)` recomputes an account (the demo seed, which
 * writes with triggers off). `day` is in the store's zone; a zone change rebuilds the store.
 */
export const dispenseDays = pgTable(
  'dispense_days',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    storeId: uuid('store_id').notNull(),
    tankId: uuid('tank_id').notNull(),
    productId: uuid('product_id').notNull(),
    day: date('day').notNull(),
    /** Rows (reversals included), as the list counts them. */
    rows: integer('rows').notNull(),
    /** Net dispenses: +1 per dispense, −1 per reversal. */
    net: integer('net').notNull(),
    litres: numeric('litres').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.storeId, t.tankId, t.productId, t.day] })],
);

export const transfers = pgTable(
  'transfers',
  {
    ...fieldColumns(),
    fromTankId: uuid('from_tank_id').notNull(),
    toTankId: uuid('to_tank_id'),
    toBowser: text('to_bowser'),
    litres: litresCol('litres').notNull(),
    transferredAt: timestamp('transferred_at', { withTimezone: true }).notNull(),
    employeeId: uuid('employee_id'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'transfers_from_tank_fk',
      columns: [t.accountId, t.fromTankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    foreignKey({
      name: 'transfers_to_tank_fk',
      columns: [t.accountId, t.toTankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    foreignKey({
      name: 'transfers_employee_fk',
      columns: [t.accountId, t.employeeId],
      foreignColumns: [employees.accountId, employees.id],
    }),
    index('transfers_account_at').on(t.accountId, t.transferredAt),
  ],
);

export const receipts = pgTable(
  'receipts',
  {
    ...fieldColumns(),
    tankId: uuid('tank_id').notNull(),
    supplier: text('supplier').notNull(),
    deliveryNote: text('delivery_note').notNull(),
    litres: litresCol('litres').notNull(),
    dipBeforeMm: real('dip_before_mm'),
    dipAfterMm: real('dip_after_mm'),
    temperatureC: real('temperature_c'),
    receivedOn: timestamp('received_on', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'receipts_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    index('receipts_account_at').on(t.accountId, t.receivedOn),
  ],
);

/** Every change of a tank's book stock, signed litres; the sum is the book stock. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').primaryKey().defaultRandom(),
    tankId: uuid('tank_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    litres: litresCol('litres').notNull(),
    kind: text('kind')
      .$type<'opening' | 'dispense' | 'transfer_out' | 'transfer_in' | 'receipt' | 'reversal' | 'adjustment'>()
      .notNull(),
    refId: uuid('ref_id'),
  },
  (t) => [
    foreignKey({
      name: 'stock_movements_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    index('stock_movements_tank_at').on(t.accountId, t.tankId, t.at),
  ],
);

/** Rule violations raised by field records (and later by gauges and reconciliation). */
export const exceptions = pgTable(
  'exceptions',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    severity: text('severity').$type<'info' | 'warning' | 'critical'>().notNull().default('warning'),
    status: text('status').$type<'open' | 'acknowledged' | 'resolved'>().notNull().default('open'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    storeId: uuid('store_id'),
    tankId: uuid('tank_id'),
    equipmentId: uuid('equipment_id'),
    message: text('message').notNull(),
    details: jsonb('details'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    assignedTo: bigint('assigned_to', { mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
    resolution: text('resolution'),
    /** Why it was resolved: corrected, explained, false_alarm or other (`resolution` says more). */
    resolutionReason: text('resolution_reason').$type<'corrected' | 'explained' | 'false_alarm' | 'other'>(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: bigint('acknowledged_by', { mode: 'number' }).references(() => users.id),
    /**
     * Conditions that persist (low level, stale gauge) are raised once while open; the repeating
     * detectors (leak, variance, consumption) key by kind and subject and gather months (ADR 075).
     */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('exceptions_account_status').on(t.accountId, t.status, t.raisedAt),
    /**
     * The working list (`/Exceptions`: unresolved, newest first) reads page 1 straight off this
     * index, and counts with the filters type, severity, store, tank and equipment index-only (the
     * columns after `id` only carry them, as INCLUDE would): page 1 over 1,000,000 exceptions
     * 2.5 s → 0.4 ms (bench/exceptions.bench.ts, ADR 032).
     */
    index('exceptions_unresolved')
      .on(t.accountId, t.raisedAt, t.id, t.code, t.severity, t.storeId, t.tankId, t.equipmentId)
      .where(sql`${t.status} in ('open', 'acknowledged')`),
    uniqueIndex('exceptions_open_dedupe_uq')
      .on(t.accountId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.status} <> 'resolved'`),
    // A subject's exceptions in any state (ADR 075): the months a repeating detector has judged,
    // read under lock by `raiseOrExtend` without walking the account's resolved exceptions.
    index('exceptions_dedupe')
      .on(t.accountId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('exceptions_entity').on(t.accountId, t.entityId),
    // `/Exceptions` search (ADR 034): the message by trigrams, fleet no. and tank by their ids.
    // Partial like the working list: a full (account, tank) index made the tank filter read the
    // resolved rows' heap to test the status (1.7 s at 1,000,000 exceptions).
    index('exceptions_message_trgm').using('gin', sql`${t.message} gin_trgm_ops`),
    index('exceptions_equipment')
      .on(t.accountId, t.equipmentId)
      .where(sql`${t.status} in ('open', 'acknowledged')`),
    index('exceptions_tank')
      .on(t.accountId, t.tankId)
      .where(sql`${t.status} in ('open', 'acknowledged')`),
    index('exceptions_resolved')
      .on(t.accountId, t.resolvedAt)
      .where(sql`${t.status} = 'resolved'`),
  ],
);

/**
 * An exception's timeline: raised, acknowledged, assigned, commented, resolved, reopened — who,
 * when and what they wrote. The audit log has the same steps with before/after; this is what the
 * screen shows, read by one index.
 */
export const exceptionEvents = pgTable(
  'exception_events',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionId: uuid('exception_id')
      .notNull()
      .references(() => exceptions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    action: text('action')
      .$type<'acknowledged' | 'assigned' | 'commented' | 'resolved' | 'reopened' | 'continued'>()
      .notNull(),
    text: text('text').notNull().default(''),
  },
  (t) => [index('exception_events_of').on(t.exceptionId, t.at)],
);
