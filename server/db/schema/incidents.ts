import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type {
  IncidentKind,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
  PhotoType,
} from '../../../src/contract/incidents';
import { accounts, users } from './accounts';
import { masterColumns, moneyCol } from './columns';
import { equipment } from './setup-fleet';
import { stores, tanks } from './setup-sites';

/**
 * `/IncidentReport` (issue 12): incidents and call-outs at a store (optionally one of its tanks or
 * a piece of equipment). Composite foreign keys pin every reference to the same account. Linked
 * exceptions are kept as an id array (checked against the account's exceptions on write).
 */
export const incidents = pgTable(
  'incidents',
  {
    ...masterColumns(),
    kind: text('kind').$type<IncidentKind>().notNull(),
    type: text('type').$type<IncidentType>().notNull(),
    severity: text('severity').$type<IncidentSeverity>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull().default('open'),
    storeId: uuid('store_id').notNull(),
    tankId: uuid('tank_id'),
    equipmentId: uuid('equipment_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    technician: text('technician'),
    company: text('company'),
    calledAt: timestamp('called_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    cost: moneyCol('cost'),
    exceptionIds: uuid('exception_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: bigint('closed_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    unique('incidents_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'incidents_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    foreignKey({
      name: 'incidents_tank_fk',
      columns: [t.accountId, t.tankId],
      foreignColumns: [tanks.accountId, tanks.id],
    }),
    foreignKey({
      name: 'incidents_equipment_fk',
      columns: [t.accountId, t.equipmentId],
      foreignColumns: [equipment.accountId, equipment.id],
    }),
    index('incidents_account_occurred').on(t.accountId, t.occurredAt),
    index('incidents_account_store_occurred').on(t.accountId, t.storeId, t.occurredAt),
    index('incidents_account_status').on(t.accountId, t.status),
  ],
);

/**
 * Photos of an incident. The bytes live in the file store under the account
 * (`incidents/<incident>/<photo>.<ext>` and `…-thumb.jpg`); this row says what they are.
 */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    incidentId: uuid('incident_id').notNull(),
    contentType: text('content_type').$type<PhotoType>().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    foreignKey({
      name: 'incident_photos_incident_fk',
      columns: [t.accountId, t.incidentId],
      foreignColumns: [incidents.accountId, incidents.id],
    }).onDelete('cascade'),
    index('incident_photos_account_incident').on(t.accountId, t.incidentId, t.createdAt),
  ],
);
