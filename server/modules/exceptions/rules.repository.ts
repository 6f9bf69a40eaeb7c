import { and, eq, sql } from 'drizzle-orm';
import { rulesOf, type ExceptionRulesValue, type NotifyMode } from '../../../src/contract/exception-rules';
import type { DbOrTx } from '../../db/client';
import { exceptionRules, exceptionSubscriptions, users } from '../../db/schema';

/**
 * The account's time zone for its digest: the zone most of its live stores use (UTC without
 * stores). An SQL expression over an `account_id` expression, for the jobs' set-based queries.
 */
export const accountZoneSql = (accountId: unknown) => sql`coalesce((
  select s.timezone from stores s where s.account_id = ${accountId} and s.deleted_at is null
  group by s.timezone order by count(*) desc, s.timezone limit 1), 'UTC')`;

/** Exception rules and subscriptions: reads and writes, each scoped to one account. */
export function exceptionRulesRepository(db: DbOrTx) {
  return {
    /** The account's rules merged over the defaults (one indexed read; the ingest calls it once per batch). */
    async rulesFor(accountId: number): Promise<ExceptionRulesValue> {
      const [r] = await db
        .select({ rules: exceptionRules.rules })
        .from(exceptionRules)
        .where(eq(exceptionRules.accountId, accountId));
      return rulesOf(r?.rules);
    },

    /** The stored row (for the settings page and the audit's "before"), locked when `forUpdate`. */
    async stored(accountId: number, forUpdate = false) {
      const q = db
        .select({
          rules: exceptionRules.rules,
          updatedAt: exceptionRules.updatedAt,
          updatedBy: users.displayName,
        })
        .from(exceptionRules)
        .leftJoin(users, eq(users.id, exceptionRules.updatedBy))
        .where(eq(exceptionRules.accountId, accountId));
      const [r] = forUpdate ? await q.for('update', { of: exceptionRules }) : await q;
      return r ?? null;
    },

    async save(accountId: number, rules: ExceptionRulesValue, userId: number) {
      await db
        .insert(exceptionRules)
        .values({ accountId, rules, updatedBy: userId })
        .onConflictDoUpdate({
          target: exceptionRules.accountId,
          set: { rules, updatedBy: userId, updatedAt: sql`now()` },
        });
    },

    async subscriptions(accountId: number, userId: number) {
      return db
        .select({ code: exceptionSubscriptions.code, mode: exceptionSubscriptions.mode })
        .from(exceptionSubscriptions)
        .where(and(eq(exceptionSubscriptions.accountId, accountId), eq(exceptionSubscriptions.userId, userId)))
        .orderBy(exceptionSubscriptions.code);
    },

    /**
     * Replaces the user's subscriptions: "off" removes a type, a changed mode keeps `created_at`
     * unless the type was off before (immediate mail covers exceptions raised after subscribing).
     */
    async replaceSubscriptions(accountId: number, userId: number, items: { code: string; mode: NotifyMode }[]) {
      const on = items.filter((i) => i.mode !== 'off');
      await db
        .delete(exceptionSubscriptions)
        .where(
          and(
            eq(exceptionSubscriptions.accountId, accountId),
            eq(exceptionSubscriptions.userId, userId),
            on.length
              ? sql`${exceptionSubscriptions.code} <> all(${sql.param(on.map((i) => i.code))}::text[])`
              : undefined,
          ),
        );
      if (!on.length) return;
      await db
        .insert(exceptionSubscriptions)
        .values(on.map((i) => ({ accountId, userId, code: i.code, mode: i.mode as 'immediate' | 'digest' })))
        .onConflictDoUpdate({
          target: [exceptionSubscriptions.accountId, exceptionSubscriptions.userId, exceptionSubscriptions.code],
          set: { mode: sql`excluded.mode` },
        });
    },

    async emailOf(userId: number): Promise<string> {
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return u?.email ?? '';
    },

    async zoneOf(accountId: number): Promise<string> {
      const { rows } = await db.execute<{ tz: string }>(sql`select ${accountZoneSql(accountId)} as tz`);
      return rows[0]?.tz ?? 'UTC';
    },
  };
}
