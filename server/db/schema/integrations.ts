import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntegrationType } from '../../../src/contract/integrations';
import { users } from './accounts';

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
