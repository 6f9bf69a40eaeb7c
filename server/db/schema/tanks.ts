import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { litresCol, masterColumns } from './columns';
import { stores, tanks } from './setup-sites';

export type GaugeProtocol = 'tls_tcp' | 'http_push';
export type ReadingSource = 'gauge' | 'dip' | 'import';
/** Which gauge tank number (TLS "TT", or the push payload's tank number) is which FAMS tank. */
export interface GaugeTankMap {
  tankNumber: number;
  tankId: string;
}

/**
 * A tank gauge or gateway (`/iotSetup`). TLS gauges are polled by the server over TCP; HTTP push
 * devices send readings with their key (only a SHA-256 hash of the random 256-bit key is kept, the
 * hint is its last 4 characters; ADR 010). `next_poll_at`, `failures` and `last_*` are the
 * poller's state.
 */
export const gaugeDevices = pgTable(
  'gauge_devices',
  {
    ...masterColumns(),
    storeId: uuid('store_id'),
    name: text('name').notNull(),
    protocol: text('protocol').$type<GaugeProtocol>().notNull(),
    host: text('host'),
    port: integer('port'),
    pollIntervalS: integer('poll_interval_s').notNull().default(300),
    enabled: boolean('enabled').notNull().default(true),
    keyHash: text('key_hash'),
    keyHint: text('key_hint'),
    tankMap: jsonb('tank_map').$type<GaugeTankMap[]>().notNull().default([]),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
  },
  (t) => [
    unique('gauge_devices_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'gauge_devices_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('gauge_devices_name_uq')
      .on(t.accountId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('gauge_devices_due')
      .on(t.nextPollAt)
      .where(sql`${t.deletedAt} is null and ${t.enabled} and ${t.protocol} = 'tls_tcp'`),
    check('gauge_devices_protocol_ck', sql`${t.protocol} in ('tls_tcp', 'http_push')`),
    check('gauge_devices_interval_ck', sql`${t.pollIntervalS} between 10 and 86400`),
  ],
);

/**
 * One measurement of a tank: from a gauge (polled or pushed), a manual dip (a field record with
 * the device's UUID, idempotent like dispenses), or an import. Heights in mm, volumes in litres;
 * `net_litres_15` is the gross volume corrected to 15 °C (API MPMS 11.1 table 54B).
 * One reading per tank, source and instant: a re-polled or re-pushed reading is not stored twice.
 */
export const tankReadings = pgTable(
  'tank_readings',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').notNull().defaultRandom(),
    tankId: uuid('tank_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    source: text('source').$type<ReadingSource>().notNull(),
    productHeightMm: real('product_height_mm'),
    waterHeightMm: real('water_height_mm'),
    temperatureC: real('temperature_c'),
    grossLitres: litresCol('gross_litres').notNull(),
    netLitres15: litresCol('net_litres_15'),
    ullageLitres: litresCol('ullage_litres'),
    waterLitres: litresCol('water_litres'),
    gaugeDeviceId: uuid('gauge_device_id'),
    /** Field records (dips) only: the outbox's idempotency, as on dispenses. */
    payloadHash: text('payload_hash'),
    deviceId: text('device_id'),
    note: text('note').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: 'tank_readings_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    uniqueIndex('tank_readings_instant_uq').on(t.accountId, t.tankId, t.source, t.readAt),
    index('tank_readings_tank_at').on(t.accountId, t.tankId, t.readAt),
    check('tank_readings_source_ck', sql`${t.source} in ('gauge', 'dip', 'import')`),
  ],
);

/**
 * A delivery the gauge saw (TLS i202): matched to a receipt, or an exception is raised. `settled_at`
 * is when that was decided for good (a receipt may be recorded up to 2 h after the gauge saw the
 * delivery, so the decision waits), so a resolved `unmatched_delivery` is never raised again.
 */
export const gaugeDeliveries = pgTable(
  'gauge_deliveries',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').primaryKey().defaultRandom(),
    tankId: uuid('tank_id').notNull(),
    gaugeDeviceId: uuid('gauge_device_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    startLitres: litresCol('start_litres').notNull(),
    endLitres: litresCol('end_litres').notNull(),
    litres: litresCol('litres').notNull(),
    netLitres15: litresCol('net_litres_15'),
    matchedReceiptId: uuid('matched_receipt_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'gauge_deliveries_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    uniqueIndex('gauge_deliveries_instant_uq').on(t.accountId, t.tankId, t.startedAt),
    index('gauge_deliveries_unsettled')
      .on(t.accountId, t.endedAt)
      .where(sql`${t.settledAt} is null`),
  ],
);

/**
 * A tank's book stock (the sum of its stock movements), kept in step by every movement in the same
 * transaction so ingest reads it in one row instead of summing a growing history.
 */
export const tankStock = pgTable(
  'tank_stock',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    tankId: uuid('tank_id').notNull(),
    bookLitres: litresCol('book_litres').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.tankId] }),
    foreignKey({
      name: 'tank_stock_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
  ],
);
