import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, customers, quotations as q, users } from '../../db/schema';
import { followUpDaysOf, reminderDueOf } from './quotations.repository';

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

    /** Quotations whose next reminder is due (ADR 059), with how many they have had. */
    due: (limit: number) =>
      db
        .select({ id: q.id, accountId: q.accountId, count: q.reminderCount })
        .from(q)
        .where(and(reminderDueOf, isNull(q.deletedAt)))
        .limit(limit),

    /**
     * One due quotation with what its reminder says, locked (another run skips it) and checked
     * again: reminder `count + 1` still due and not sent. Undefined when another run has it or it changed.
     */
    async lockForReminder(accountId: number, id: string, count: number) {
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
          sentOrigin: q.sentOrigin,
        })
        .from(q)
        .innerJoin(accounts, eq(accounts.id, q.accountId))
        .leftJoin(users, eq(users.id, q.createdBy))
        .leftJoin(customers, and(eq(customers.accountId, q.accountId), eq(customers.id, q.customerId)))
        .where(and(eq(q.accountId, accountId), eq(q.id, id), eq(q.reminderCount, count), reminderDueOf))
        .for('update', { of: q, skipLocked: true });
      return row;
    },

    /** Reminder `count + 1` sent: only from `count` (a second run finds nothing to change). */
    markReminded: (accountId: number, id: string, count: number) =>
      db
        .update(q)
        .set({ remindedAt: sql`now()`, reminderCount: count + 1 })
        .where(and(eq(q.accountId, accountId), eq(q.id, id), eq(q.reminderCount, count)))
        .returning({ id: q.id }),
  };
}
