import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract/list';
import type { DbOrTx } from '../../db/client';
import { runList, type ListOptions, type ListResult } from './list-engine';
import { qualifiedFields } from './qualify';
import type { Actor, AnyResourceDef, ListSpec, MasterTable } from './types';

/** The list spec of a resource: its table, every column plus the extra fields, scoped to the account. */
export function resourceListSpec(def: AnyResourceDef): ListSpec {
  const t = def.table;
  return {
    from: t,
    fields: qualifiedFields(t, { ...getTableColumns(t), ...def.extra }),
    scope: (a) => sql`${t.accountId} = ${a.accountId}`,
    deletedAt: t.deletedAt,
    id: t.id,
    search: def.search,
    sort: { ...def.sort, createdAt: t.createdAt, updatedAt: t.updatedAt },
    defaultSort: def.info.defaultSort,
    filters: def.filters,
  };
}

/** The only code that touches a resource's table. Every statement is scoped to the actor's account. */
export function resourceRepository(db: DbOrTx, def: AnyResourceDef, spec = resourceListSpec(def)) {
  const t = def.table;
  const mine = (a: Actor, id: string) => and(eq(t.accountId, a.accountId), eq(t.id, id));
  return {
    list<Raw>(a: Actor, query: ListQuery, opts?: ListOptions): Promise<ListResult<Raw>> {
      return runList<Raw>(db, spec, a, query, opts);
    },
    async byId<Raw>(a: Actor, id: string): Promise<Raw | undefined> {
      const rows = await db
        .select(spec.fields as never)
        .from(t as never)
        .where(mine(a, id));
      return (rows as Raw[])[0];
    },
    /** Locks the row for the rest of the transaction; false when it is not this account's. */
    async lock(a: Actor, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: t.id })
        .from(t as never)
        .where(mine(a, id))
        .for('update');
      return rows.length === 1;
    },
    async insert(a: Actor, values: Record<string, unknown>): Promise<string> {
      const [row] = await db
        .insert(t)
        .values({ ...values, accountId: a.accountId, createdBy: a.userId, updatedBy: a.userId } as never)
        .returning({ id: t.id });
      return row.id as string;
    },
    /** Applies the values, bumps the version and stamps who and when. */
    async update(a: Actor, id: string, values: Record<string, unknown>): Promise<void> {
      await db
        .update(t)
        .set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()`, updatedBy: a.userId } as never)
        .where(mine(a, id));
    },
    /** True when `id` is a live row of this account in `target`. */
    async exists(a: Actor, target: MasterTable, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: target.id })
        .from(target as never)
        .where(and(eq(target.accountId, a.accountId), eq(target.id, id), isNull(target.deletedAt)))
        .limit(1);
      return rows.length === 1;
    },
  };
}
export type ResourceRepository = ReturnType<typeof resourceRepository>;
