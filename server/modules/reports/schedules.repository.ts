import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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

    /**
     * The addresses a schedule's mail goes to: the e-mails (lower case) of the account's active
     * members who are among `userIds` or whose e-mail is among `emails` (ADR 074: members only).
     */
    async recipientAddresses(accountId: number, userIds: readonly number[], emails: readonly string[]) {
      if (!userIds.length && !emails.length) return [];
      const chosen = [
        ...(userIds.length ? [inArray(memberships.userId, [...userIds])] : []),
        ...(emails.length ? [inArray(sql`lower(${users.email})`, [...emails])] : []),
      ];
      const rows = await db
        .selectDistinct({ email: sql<string>`lower(${users.email})` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(users.active, true), or(...chosen)));
      return rows.map((r) => r.email);
    },
  };
}
