import { and, arrayContains, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customReports as t } from '../../db/schema';

export type SavedCustomReport = typeof t.$inferSelect;

/**
 * The reports an account sees (ADR 064): those saved in it, and those published to it by their
 * author's account (`accounts` holds it and the report is published). `withUnpublished` also finds the
 * ones that name it but are not published now (titles of old runs only).
 */
const seenIn = (accountId: number, withUnpublished = false) =>
  or(
    eq(t.accountId, accountId),
    withUnpublished
      ? arrayContains(t.accounts, [accountId])
      : and(eq(t.published, true), arrayContains(t.accounts, [accountId])),
  );

/** Saved custom reports as one account sees them (the engine's look-ups; writes go through the resource). */
export function customReportsRepository(db: DbOrTx) {
  return {
    live: (accountId: number): Promise<SavedCustomReport[]> =>
      db
        .select()
        .from(t)
        .where(and(seenIn(accountId), isNull(t.deletedAt)))
        .orderBy(t.title),
    /** Every report the account has or had, deleted ones too, for the lists' report names. */
    titles: (accountId: number) =>
      db
        .select({ id: t.id, title: t.title, deletedAt: t.deletedAt })
        .from(t)
        .where(seenIn(accountId, true))
        .orderBy(t.title),
    /** A live report saved in the account or published to it. */
    async byId(accountId: number, id: string): Promise<SavedCustomReport | null> {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.id, id), isNull(t.deletedAt), seenIn(accountId)));
      return rows[0] ?? null;
    },
  };
}
