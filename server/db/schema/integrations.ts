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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IntegrationType } from '../../../src/contract/integrations';
import { accounts, users } from './accounts';
import { integrations } from './devices';

/**
 * `/IntegrationSetup` (ThebigBoss, ADR 048): whether each integration type is offered and to which
 * account types. No row = offered to every type (as `report_catalogue`); `account_types` null = every type.
 */
export const integrationCatalogue = pgTable('integration_catalogue', {
  type: text('type').$type<IntegrationType>().primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  accountTypes: text('account_types').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
});

/**
 * One CSV drop (ADR 057): the records stored in [window_from, window_to) of the chosen datasets,
 * written as one file per dataset. At most one open (queued) run per integration, so windows follow
 * each other; a run that fails for good leaves the watermark where it was and the next covers it.
 */
export const integrationRuns = pgTable(
  'integration_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    integrationId: uuid('integration_id').notNull(),
    trigger: text('trigger').$type<'scheduled' | 'manual'>().notNull(),
    status: text('status').$type<'queued' | 'done' | 'failed'>().notNull().default('queued'),
    windowFrom: timestamp('window_from', { withTimezone: true }).notNull(),
    windowTo: timestamp('window_to', { withTimezone: true }).notNull(),
    rows: integer('rows'),
    files: text('files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'integration_runs_integration_fk',
      columns: [t.accountId, t.integrationId],
      foreignColumns: [integrations.accountId, integrations.id],
    }),
    index('integration_runs_integration').on(t.accountId, t.integrationId, t.createdAt),
    uniqueIndex('integration_runs_one_open')
      .on(t.integrationId)
      .where(sql`${t.status} = 'queued'`),
    check('integration_runs_status_ck', sql`${t.status} in ('queued', 'done', 'failed')`),
  ],
);
