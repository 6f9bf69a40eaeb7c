import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees } from '../../db/schema';

export function pinRepository(db: DbOrTx) {
  return {
    /** The live employee's PIN hash (null when none is set); undefined when not this account's. */
    async pinHash(accountId: number, id: string): Promise<{ pinHash: string | null } | undefined> {
      const [row] = await db
        .select({ pinHash: employees.pinHash })
        .from(employees)
        .where(and(eq(employees.accountId, accountId), eq(employees.id, id), isNull(employees.deletedAt)));
      return row;
    },
  };
}
