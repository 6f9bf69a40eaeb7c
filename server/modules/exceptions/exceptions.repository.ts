import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExceptionAction, ExceptionStatus, ResolutionReason } from '../../../src/contract/exceptions';
import type { DbOrTx } from '../../db/client';
import { exceptionEvents, exceptions as x, memberships, users } from '../../db/schema';
import { EXCEPTION_SPECS, exceptionRow, type ExceptionRaw } from './exceptions.list';

/** Exceptions by id (`uuid` list), for `countWhere` / `resolveWhere`. */
export const byIds = (ids: readonly string[]): SQL =>
  sql`id in (${sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  )})`;

/** The exceptions raised about the listed records of one kind (`dispense`, `receipt`, …). */
export const aboutRecords = (entity: string, ids: readonly string[]): SQL =>
  sql`entity = ${entity} and entity_id in (${sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  )})`;

export interface EventRow {
  exceptionId: string;
  userId: number | null;
  action: Exclude<ExceptionAction, 'raised'>;
  text: string;
}
export interface Resolution {
  reason: ResolutionReason;
  text: string;
  userId: number | null;
}

/** What a state change writes; `null` clears a column. */
type Change = Partial<
  Pick<
    typeof x.$inferInsert,
    | 'status'
    | 'acknowledgedAt'
    | 'acknowledgedBy'
    | 'assignedTo'
    | 'resolvedAt'
    | 'resolvedBy'
    | 'resolutionReason'
    | 'resolution'
  >
>;

const resolved = (r: Resolution): Change => ({
  status: 'resolved',
  resolvedAt: sql`now()` as unknown as Date,
  resolvedBy: r.userId,
  resolutionReason: r.reason,
  resolution: r.text,
});

/** The exceptions workflow's reads and writes; every call is scoped to one account. */
export function exceptionsRepository(db: DbOrTx, accountId: number) {
  const mine = (id: string) => and(eq(x.accountId, accountId), eq(x.id, id));

  return {
    /** One exception as the lists show it (any state), or null. */
    async row(id: string) {
      const [r] = await db
        .select(EXCEPTION_SPECS.open.fields as Record<string, SQL>)
        .from(x)
        .where(mine(id));
      return r ? exceptionRow(r as unknown as ExceptionRaw) : null;
    },

    /**
     * Incidents that link this exception (`incidents.exception_ids`, ADR 028), newest first. The
     * account's incidents are few, so its index plus the array test is enough (ADR 032).
     */
    async incidents(id: string): Promise<{ id: string; kind: string; title: string; status: string }[]> {
      const { rows } = await db.execute<{ id: string; kind: string; title: string; status: string }>(sql`
        select i.id, i.kind, i.title, i.status from incidents i
        where i.account_id = ${accountId} and i.deleted_at is null and ${id}::uuid = any(i.exception_ids)
        order by i.occurred_at desc, i.id limit 20`);
      return rows;
    },

    async details(id: string): Promise<unknown> {
      const [r] = await db.select({ details: x.details }).from(x).where(mine(id));
      return r?.details ?? null;
    },

    /** The state, locked for the rest of the transaction so two people cannot both move it. */
    async lockState(id: string): Promise<{ status: ExceptionStatus; assignedTo: number | null } | null> {
      const [r] = await db.select({ status: x.status, assignedTo: x.assignedTo }).from(x).where(mine(id)).for('update');
      return r ?? null;
    },

    async change(id: string, set: Change) {
      await db.update(x).set(set).where(mine(id));
    },

    resolveChange: resolved,

    async addEvents(rows: EventRow[]) {
      if (!rows.length) return;
      await db.insert(exceptionEvents).values(rows.map((r) => ({ ...r, accountId })));
    },

    async events(id: string) {
      return db
        .select({
          at: exceptionEvents.at,
          action: exceptionEvents.action,
          userName: users.displayName,
          text: exceptionEvents.text,
        })
        .from(exceptionEvents)
        .leftJoin(users, eq(users.id, exceptionEvents.userId))
        .where(and(eq(exceptionEvents.accountId, accountId), eq(exceptionEvents.exceptionId, id)))
        .orderBy(asc(exceptionEvents.at), asc(exceptionEvents.id));
    },

    /** Users of the account (not blocked), by name: who an exception can be assigned to. */
    async members(userId?: number) {
      return db
        .select({ id: users.id, name: users.displayName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(users.active, true),
            userId === undefined ? undefined : eq(users.id, userId),
          ),
        )
        .orderBy(asc(users.displayName));
    },

    /**
     * Resolves, in one statement, every unresolved exception among `where` (a condition over the
     * exceptions table), at most `limit`; answers their ids and messages for the timeline and audit.
     */
    async resolveWhere(where: SQL, r: Resolution, limit: number) {
      const rows = await db.execute<{ id: string; code: string; status: ExceptionStatus }>(sql`
        with target as (
          select ${x.id} as id, ${x.status} as status from ${x}
          where ${x.accountId} = ${accountId} and ${x.status} in ('open', 'acknowledged') and ${where}
          order by ${x.raisedAt} limit ${limit} for update
        )
        update ${x} set status = 'resolved', resolved_at = now(), resolved_by = ${r.userId}, resolution_reason = ${r.reason},
          resolution = ${r.text}
        from target where ${x.accountId} = ${accountId} and ${x.id} = target.id
        returning ${x.id} as id, ${x.code} as code, target.status as status`);
      return rows.rows;
    },

    /** How many unresolved exceptions `where` matches (bulk resolve refuses more than its cap). */
    async countWhere(where: SQL): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(x)
        .where(and(eq(x.accountId, accountId), inArray(x.status, ['open', 'acknowledged']), where));
      return r.n;
    },

    async counts() {
      const [r] = await db
        .select({
          open: sql<number>`count(*)::int`,
          critical: sql<number>`(count(*) filter (where ${x.severity} = 'critical'))::int`,
        })
        .from(x)
        .where(and(eq(x.accountId, accountId), inArray(x.status, ['open', 'acknowledged'])));
      return r;
    },
  };
}
export type ExceptionsRepository = ReturnType<typeof exceptionsRepository>;
