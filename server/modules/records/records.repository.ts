import { and, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract/list';
import type { DbOrTx } from '../../db/client';
import { auditLog, exceptions } from '../../db/schema';
import { listConditions, qualifiedFields, type Actor, type ListSpec } from '../../lib/resource';
import { names } from './records.sql';

/** Reads of the record screens beyond the list engine: totals, one record, its trail. */
export function recordsRepository(db: DbOrTx) {
  type Totals = { rows: number; litres: string; count: number };
  /** The totals summed over the rows themselves. */
  const sumRows = async (spec: ListSpec, where: SQL, count: SQL) =>
    (await db
      .select({
        rows: sql<number>`count(*)::int`,
        litres: sql<string>`coalesce(sum(litres), 0)`,
        count: sql<number>`coalesce(sum(${count}), 0)::int`,
      })
      .from(spec.from as never)
      .where(where)) as unknown as Totals[];

  return {
    /**
     * Totals over the whole filtered set (the list's own conditions, so they cannot disagree with
     * the rows): rows, net litres and the net count (a reversal counts −1 where `netOfReversals`).
     */
    async totals(spec: ListSpec, actor: Actor, query: ListQuery, netOfReversals = false) {
      const where = listConditions(spec, actor, query);
      const summary = spec.summary?.(actor, query);
      const count = netOfReversals ? sql`case when reversal_of is null then 1 else -1 end` : sql`1`;
      const [r] = summary ? ((await db.execute(summary)).rows as Totals[]) : await sumRows(spec, where, count);
      return { rows: r.rows, litres: Math.round(Number(r.litres) * 1000) / 1000, count: r.count };
    },

    /** One row of a list's source by id, in the actor's account (undefined when not found). */
    async one<Raw>(spec: ListSpec, actor: Actor, id: string): Promise<Raw | undefined> {
      const rows = (await db
        .select(qualifiedFields(spec.from, spec.fields) as never)
        .from(spec.from as never)
        .where(and(spec.scope(actor), sql`${spec.id} = ${id}::uuid`))) as unknown as Raw[];
      return rows[0];
    },

    async exceptionsOf(accountId: number, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: exceptions.id,
          code: exceptions.code,
          severity: exceptions.severity,
          status: exceptions.status,
          message: exceptions.message,
          raisedAt: exceptions.raisedAt,
        })
        .from(exceptions)
        .where(
          and(
            sql`${exceptions.accountId} = ${accountId}`,
            sql`${exceptions.entityId} in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(exceptions.raisedAt, exceptions.code);
    },

    /** Audit entries about any of the ids (a record, its reversal, its replacement), oldest first. */
    async auditOf(accountId: number, entity: string, ids: string[]) {
      if (!ids.length) return [];
      return (
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            entityId: auditLog.entityId,
            userName: names.user(auditLog.userId),
            after: auditLog.after,
          })
          .from(auditLog)
          .where(
            and(
              sql`${auditLog.accountId} = ${accountId}`,
              sql`${auditLog.entity} = ${entity}`,
              sql`${auditLog.entityId} in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            ),
          )
          // A correction's two entries share the transaction's time: the reversal reads first.
          .orderBy(
            auditLog.at,
            sql`case ${auditLog.action} when 'reverse' then 0 when 'correct' then 1 else -1 end`,
            auditLog.id,
          )
      );
    },

    /** Which of the ids exist as dispenses of the account. */
    async existingDispenses(accountId: number, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const r = await db.execute(
        sql`select id::text from dispenses where account_id = ${accountId} and id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
      );
      return new Set((r.rows as { id: string }[]).map((x) => x.id));
    },
  };
}
export type RecordsRepository = ReturnType<typeof recordsRepository>;
