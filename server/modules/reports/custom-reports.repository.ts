import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customReports as t } from '../../db/schema';

export type SavedCustomReport = typeof t.$inferSelect;

/** Live saved custom reports of one account (the engine's look-ups; writes go through the resource). */
export function customReportsRepository(db: DbOrTx) {
  return {
    live: (accountId: number): Promise<SavedCustomReport[]> =>
      db
        .select()
        .from(t)
        .where(and(eq(t.accountId, accountId), isNull(t.deletedAt)))
        .orderBy(t.title),
    /** Every saved report of the account, deleted ones too, for the lists' report names. */
    titles: (accountId: number) =>
      db
        .select({ id: t.id, title: t.title, deletedAt: t.deletedAt })
        .from(t)
        .where(eq(t.accountId, accountId))
        .orderBy(t.title),
    async byId(accountId: number, id: string): Promise<SavedCustomReport | null> {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.accountId, accountId), eq(t.id, id), isNull(t.deletedAt)));
      return rows[0] ?? null;
    },
  };
}
