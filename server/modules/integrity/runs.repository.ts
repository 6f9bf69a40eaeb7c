import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { IntegrityResult, IntegrityRun, IntegrityRunDetail } from '../../../src/contract/integrity';
import type { DbOrTx } from '../../db/client';
import { integrityRuns, users } from '../../db/schema';

/** The history of integrity runs; the only place of this module besides the checks that touches the database. */

type RunRow = typeof integrityRuns.$inferSelect & { userName: string | null };

const toRun = (r: RunRow): IntegrityRun => ({
  id: r.id,
  trigger: r.trigger,
  userName: r.userName,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  durationMs: r.durationMs,
  total: r.total,
  counts: Object.fromEntries((r.results ?? []).map((x) => [x.check, x.count])),
  error: r.error,
});

const columns = {
  id: integrityRuns.id,
  accountId: integrityRuns.accountId,
  trigger: integrityRuns.trigger,
  userId: integrityRuns.userId,
  localDate: integrityRuns.localDate,
  startedAt: integrityRuns.startedAt,
  finishedAt: integrityRuns.finishedAt,
  durationMs: integrityRuns.durationMs,
  total: integrityRuns.total,
  results: integrityRuns.results,
  error: integrityRuns.error,
  userName: users.displayName,
};

export function runsRepository(db: DbOrTx, accountId: number) {
  const mine = eq(integrityRuns.accountId, accountId);
  return {
    /**
     * Starts a run. A nightly run claims its local day: a second claim of the same day (another
     * instance, a restart) finds the unique index and gets null.
     */
    async start(
      trigger: 'manual' | 'nightly',
      userId: number | null,
      localDate: string | null,
    ): Promise<string | null> {
      const rows = await db
        .insert(integrityRuns)
        .values({ accountId, trigger, userId, localDate })
        .onConflictDoNothing()
        .returning({ id: integrityRuns.id });
      return rows[0]?.id ?? null;
    },

    async finish(id: string, results: IntegrityResult[] | null, durationMs: number, error: string | null) {
      await db
        .update(integrityRuns)
        .set({
          finishedAt: sql`now()`,
          durationMs,
          results,
          total: results ? results.reduce((n, r) => n + r.count, 0) : null,
          error,
        })
        .where(and(mine, eq(integrityRuns.id, id)));
    },

    async page(page: number, pageSize: number): Promise<{ items: IntegrityRun[]; total: number }> {
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(columns)
          .from(integrityRuns)
          .leftJoin(users, eq(users.id, integrityRuns.userId))
          .where(mine)
          .orderBy(desc(integrityRuns.startedAt))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(integrityRuns).where(mine),
      ]);
      return { items: rows.map(toRun), total: n };
    },

    /** One run with its rows; the latest finished one when `id` is undefined. */
    async detail(id?: string): Promise<IntegrityRunDetail | null> {
      const [r] = await db
        .select(columns)
        .from(integrityRuns)
        .leftJoin(users, eq(users.id, integrityRuns.userId))
        .where(id ? and(mine, eq(integrityRuns.id, id)) : and(mine, sql`${integrityRuns.finishedAt} is not null`))
        .orderBy(desc(integrityRuns.startedAt))
        .limit(1);
      return r ? { ...toRun(r), results: r.results ?? [] } : null;
    },
  };
}

/**
 * Marks runs that started before `before` and never finished (the server stopped or crashed during
 * the run) as failed, for every account: one statement over a small table. Returns how many.
 */
export async function failStaleRuns(db: DbOrTx, before: Date, error: string): Promise<number> {
  const r = await db
    .update(integrityRuns)
    .set({ finishedAt: sql`now()`, error })
    .where(
      and(
        sql`${integrityRuns.finishedAt} is null`,
        sql`${integrityRuns.startedAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
  return r.rowCount ?? 0;
}

/** Every account that is not blocked, with its time zone (its first store's, else UTC) and local day and hour. */
export async function accountsForNightly(db: DbOrTx, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    with z as (
      select a.id, coalesce((select s.timezone from stores s where s.account_id = a.id and s.deleted_at is null
                             order by s.code limit 1), 'UTC') as tz
      from accounts a where not a.blocked
    )
    select z.id, z.tz, to_char((${at} at time zone z.tz)::date, 'YYYY-MM-DD') as "localDate",
           extract(hour from ${at} at time zone z.tz)::int as hour,
           exists (select 1 from integrity_runs r where r.account_id = z.id and r.trigger = 'nightly'
                   and r.local_date = (${at} at time zone z.tz)::date) as done
    from z order by z.id`);
  return res.rows as { id: number; tz: string; localDate: string; hour: number; done: boolean }[];
}
