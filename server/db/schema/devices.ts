import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CommandStatus, DeviceCommandKind, FieldDeviceKind } from '../../../src/contract/devices';
import type { IntegrationSettings, IntegrationType } from '../../../src/contract/integrations';
import { accounts, users } from './accounts';
import { live, lower, masterColumns } from './columns';
import { stores } from './setup-sites';

/**
 * The account's field devices (issue 15, `/OTRDevices`): site controllers at stores, handhelds and
 * units on the road. A device authenticates with its own key (`Authorization: Device <id>.<key>`,
 * SHA-256 of the key stored, as gauge devices); the device itself writes the `last_*` state.
 */
export const fieldDevices = pgTable(
  'field_devices',
  {
    ...masterColumns(),
    kind: text('kind').$type<FieldDeviceKind>().notNull(),
    serial: text('serial').notNull(),
    name: text('name').notNull(),
    storeId: uuid('store_id'),
    keyHash: text('key_hash'),
    keyHint: text('key_hint'),
    keyRotatedAt: timestamp('key_rotated_at', { withTimezone: true }),
    appVersion: text('app_version'),
    /** The handheld's model as it said at enrolment (`/SumniConfig`), e.g. "Sunmi V2s". */
    model: text('model'),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    lastLatitude: doublePrecision('last_latitude'),
    lastLongitude: doublePrecision('last_longitude'),
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
    /** A retired device keeps its history but its key stops working and it gets no commands. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    unique('field_devices_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'field_devices_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('field_devices_serial_uq').on(t.accountId, lower(t.serial)).where(live(t.deletedAt)),
    index('field_devices_account_store').on(t.accountId, t.storeId),
    check('field_devices_kind_ck', sql`${t.kind} in ('controller', 'handheld', 'mobile')`),
    check('field_devices_controller_store_ck', sql`${t.kind} <> 'controller' or ${t.storeId} is not null`),
  ],
);

/**
 * A command to one site controller. `batch_id` groups the commands of one send to many. State:
 * queued → delivered (the controller fetched it) → acknowledged | failed (its answer), or expired
 * when `expires_at` passes first (the sweep, commands.repository.ts).
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    kind: text('kind').$type<DeviceCommandKind>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<CommandStatus>().notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
  },
  (t) => [
    foreignKey({
      name: 'device_commands_device_fk',
      columns: [t.accountId, t.deviceId],
      foreignColumns: [fieldDevices.accountId, fieldDevices.id],
    }),
    index('device_commands_account_created').on(t.accountId, t.createdAt),
    index('device_commands_device_pending')
      .on(t.deviceId, t.createdAt)
      .where(sql`${t.status} in ('queued', 'delivered')`),
    index('device_commands_open_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('queued', 'delivered')`),
    check(
      'device_commands_status_ck',
      sql`${t.status} in ('queued', 'delivered', 'acknowledged', 'failed', 'expired')`,
    ),
  ],
);

/**
 * RFID/NFC tags registered on `/ScanTags` (issue 15): the account's tag stock, assigned or not.
 * Unique per account, case-insensitive (the database says so). Who holds a tag is `tag_owners`
 * (equipment tags and employee tags), which the assignment keeps in step.
 */
export const rfidTags = pgTable(
  'rfid_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    uniqueIndex('rfid_tags_tag_uq').on(t.accountId, lower(t.tag)),
    index('rfid_tags_account_created').on(t.accountId, t.createdAt),
  ],
);

/**
 * An account's integration instances (`/ManageIntegration`, issue 15): outgoing webhooks, SAP
 * postings, CSV drops, the BI feed. The secret (the webhook's signing key, a target's password)
 * is sealed with AES-256-GCM (server/lib/secrets.ts): the database never holds it in clear.
 */
export const integrations = pgTable(
  'integrations',
  {
    ...masterColumns(),
    type: text('type').$type<IntegrationType>().notNull(),
    name: text('name').notNull(),
    url: text('url'),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretSealed: text('secret_sealed'),
    enabled: boolean('enabled').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    /** CSV drop (datasets, schedule, folder) and BI feed (feed key) settings, ADR 057. */
    settings: jsonb('settings').$type<IntegrationSettings>().notNull().default({}),
    /** CSV drop: records stored before this instant have been dropped; the next drop starts here. */
    watermark: timestamp('watermark', { withTimezone: true }).notNull().defaultNow(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRows: integer('last_rows'),
  },
  (t) => [
    unique('integrations_account_id_id_uq').on(t.accountId, t.id),
    index('integrations_due')
      .on(t.nextRunAt)
      .where(sql`${t.type} = 'csv_drop' and ${t.deletedAt} is null`),
    uniqueIndex('integrations_name_uq').on(t.accountId, lower(t.name)).where(live(t.deletedAt)),
    check('integrations_type_ck', sql`${t.type} in ('webhook', 'sap', 'csv_drop', 'bi_feed')`),
  ],
);

/** One webhook POST of one event to one integration, with its attempts (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    integrationId: uuid('integration_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'webhook_deliveries_integration_fk',
      columns: [t.accountId, t.integrationId],
      foreignColumns: [integrations.accountId, integrations.id],
    }),
    index('webhook_deliveries_account_created').on(t.accountId, t.createdAt),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
