import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every write: who, when, what, before/after (docs/design.md §5). account_id is null for sign-in
 * events without an account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: bigint('account_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_account_at').on(t.accountId, t.at),
    // The audit screen filters by record ("what happened to this tank").
    index('audit_log_account_entity').on(t.accountId, t.entity, t.entityId),
  ],
);
