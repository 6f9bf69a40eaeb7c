import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, reportRuns, reportSchedules as t, users } from '../../db/schema';

/** A queued run this old has lost its job (a restart between the claim and the send): send it again. */
const RESEND_AFTER = '5 minutes';
/** A run still "running" after this was cut short by a stop; it fails so that it can be run again. */
const RUNNING_AT_MOST = '1 hour';

/** The schedules' queries (ADR 033); the service holds the rules and the transactions. */
export function schedulesRepository(db: DbOrTx) {
  return {
    /** The account's active users, by name (the form's recipients). */
    recipients(accountId: number) {
      return db
        .select({ id: users.id, name: users.displayName, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(users.active, true)))
        .orderBy(users.displayName);
    },

    /** Due occurrences, locked for this claim; another tick skips them (at most 100 a tick). */
    due(now: Date) {
      return db
        .select()
        .from(t)
        .where(and(eq(t.paused, false), isNull(t.deletedAt), sql`${t.nextRunAt} <= ${now.toISOString()}::timestamptz`))
        .for('update', { skipLocked: true })
        .limit(100);
    },

    async advance(id: string, next: Date) {
      await db.update(t).set({ nextRunAt: next }).where(eq(t.id, id));
    },

    /** Queued runs whose job was lost. */
    async staleQueuedRuns(): Promise<string[]> {
      const r = await db.execute<{ id: string }>(sql`
        select id from ${reportRuns} where status = 'queued' and queued_at < now() - ${RESEND_AFTER}::interval limit 100`);
      return r.rows.map((x) => x.id);
    },

    /** Runs cut short by a stop fail, so they can be run again. */
    async failOverlongRuns() {
      await db.execute(sql`
        update ${reportRuns} set status = 'failed', finished_at = now(),
          error = 'The server stopped during the run; run it again.'
        where status = 'running' and started_at < now() - ${RUNNING_AT_MOST}::interval`);
    },

    async get(accountId: number, id: string) {
      const [s] = await db
        .select()
        .from(t)
        .where(and(eq(t.accountId, accountId), eq(t.id, id)));
      return s;
    },

    /** E-mail addresses of the given users who are still active members of the account. */
    async memberEmails(accountId: number, userIds: readonly number[]): Promise<string[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(users.active, true),
            sql`${memberships.userId} in (${sql.join(
              userIds.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          ),
        );
      return rows.map((r) => r.email);
    },

    /** Those of `emails` (lower case) that belong to active members of the account (ADR 074). */
    async memberAddresses(accountId: number, emails: readonly string[]): Promise<string[]> {
      if (!emails.length) return [];
      const rows = await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(users.active, true),
            sql`lower(${users.email}) in (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )})`,
          ),
        );
      return rows.map((r) => r.email);
    },
  };
}
