import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, users } from '../../db/schema';

/** The account's users an employee can be linked to (ADR 076), by name. */
export async function accountUsers(db: DbOrTx, accountId: number) {
  return db
    .select({ id: users.id, name: users.displayName, username: users.username })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(users.active, true)))
    .orderBy(asc(users.displayName), asc(users.id));
}
