import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, customers, quotations as q, users } from '../../db/schema';
import { followUpDaysOf, followUpOf } from './quotations.repository';

/** The quotation sweep's reads and writes (ADR 049), across accounts: it runs as the system. */
export function followUpsRepository(db: DbOrTx) {
  return {
    /** Stores up to `limit` sent quotations past their validity date as `expired`; returns them. */
    expireOverdue: (limit: number) =>
      db
        .update(q)
        .set({ status: 'expired', version: sql`${q.version} + 1`, updatedAt: sql`now()` })
        .where(
          sql`${q.id} in (select id from ${q} where ${q.status} = 'sent' and ${q.validUntil} < current_date and ${q.deletedAt} is null limit ${limit} for update skip locked)`,
        )
        .returning({ id: q.id, accountId: q.accountId, number: q.number, revision: q.revision }),

    /** Quotations due for follow-up and not reminded yet. */
    due: (limit: number) =>
      db
        .select({ id: q.id, accountId: q.accountId })
        .from(q)
        .where(and(sql`${followUpOf} = 'due'`, isNull(q.remindedAt), isNull(q.deletedAt)))
        .limit(limit),

    /**
     * One due quotation with what its reminder says, locked (another run skips it) and checked
     * again: still sent, still not reminded. Undefined when another run has it or it changed.
     */
    async lockForReminder(accountId: number, id: string) {
      const [row] = await db
        .select({
          number: q.number,
          revision: q.revision,
          sentAt: q.sentAt,
          sentTo: q.sentTo,
          validUntil: q.validUntil,
          email: users.email,
          owner: users.displayName,
          customer: customers.name,
          account: accounts.name,
          days: followUpDaysOf,
        })
        .from(q)
        .innerJoin(accounts, eq(accounts.id, q.accountId))
        .leftJoin(users, eq(users.id, q.createdBy))
        .leftJoin(customers, and(eq(customers.accountId, q.accountId), eq(customers.id, q.customerId)))
        .where(and(eq(q.accountId, accountId), eq(q.id, id), isNull(q.remindedAt), eq(q.status, 'sent')))
        .for('update', { of: q, skipLocked: true });
      return row;
    },

    markReminded: (accountId: number, id: string) =>
      db
        .update(q)
        .set({ remindedAt: sql`now()` })
        .where(and(eq(q.accountId, accountId), eq(q.id, id))),
  };
}
