import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, tagOwners } from '../../db/schema';
import type { Actor, MasterTable } from '../../lib/resource';
import { extraDefinitions } from '../setup/equipment-extras.resource';
import type { WriteService } from './targets';

/**
 * The set-at-a-time writes of the import fast path (bulk.ts): new records of a chunk in one
 * insert, their audit entries and tags in one statement each.
 */
export function bulkRepository(db: DbOrTx) {
  return {
    /** Inserts the rows, skipping any that hits a unique index; returns the inserted ids with their key. */
    async insertNew(
      table: MasterTable,
      actor: Actor,
      values: Record<string, unknown>[],
      keySql: SQL,
    ): Promise<{ id: string; key: string }[]> {
      if (!values.length) return [];
      const rows = values.map((v) => ({
        ...v,
        accountId: actor.accountId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      }));
      return db
        .insert(table)
        .values(rows as never)
        .onConflictDoNothing()
        .returning({ id: table.id, key: sql<string>`${keySql}` }) as unknown as Promise<{ id: string; key: string }[]>;
    },
    /** API rows of the given ids. */
    async rows(
      svc: WriteService,
      table: MasterTable,
      actor: Actor,
      ids: string[],
    ): Promise<Map<string, Record<string, unknown>>> {
      if (!ids.length) return new Map();
      const raw = (await db
        .select(svc.spec.fields as never)
        .from(table as never)
        .where(and(eq(table.accountId, actor.accountId), inArray(table.id, ids)))) as unknown as Record<
        string,
        unknown
      >[];
      return new Map(raw.map((r) => [String(r.id), svc.toRow(r as never) as unknown as Record<string, unknown>]));
    },
    /** One audit entry per created record, as a single create would write it. */
    async auditCreates(actor: Actor, entity: string, rows: Record<string, unknown>[]) {
      if (!rows.length) return;
      await db.insert(auditLog).values(
        rows.map((r) => ({
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'create',
          entity,
          entityId: String(r.id),
          before: null,
          after: r,
        })),
      );
    },
    /** Tags (lower-cased) of the list that a holder already has. */
    async takenTags(actor: Actor, tags: string[]): Promise<Set<string>> {
      if (!tags.length) return new Set();
      const rows = await db
        .select({ tag: sql<string>`lower(${tagOwners.tag})` })
        .from(tagOwners)
        .where(
          and(
            eq(tagOwners.accountId, actor.accountId),
            inArray(
              sql`lower(${tagOwners.tag})`,
              tags.map((t) => t.toLowerCase()),
            ),
          ),
        );
      return new Set(rows.map((r) => r.tag));
    },
    /** Registers tags of new holders; a tag taken meanwhile fails the statement (23505). */
    async registerTags(actor: Actor, kind: 'equipment' | 'employee', owners: { id: string; tags: string[] }[]) {
      const rows = owners.flatMap((o) =>
        o.tags.map((tag) => ({ accountId: actor.accountId, tag, ownerKind: kind, ownerId: o.id })),
      );
      if (rows.length) await db.insert(tagOwners).values(rows);
    },
    extraDefinitions: (actor: Actor) => extraDefinitions(db, actor.accountId),
  };
}
export type BulkRepository = ReturnType<typeof bulkRepository>;
