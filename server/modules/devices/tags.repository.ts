import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, equipment, rfidTags, tagOwners } from '../../db/schema';

/** The tag registry of `/ScanTags` and the holders' tag columns it writes on assignment. */
export function tagsRepository(db: DbOrTx) {
  return {
    /** Registers the tags not yet in the account's registry (the unique index decides); returns those added. */
    async register(accountId: number, userId: number, tags: readonly string[]): Promise<string[]> {
      if (!tags.length) return [];
      const rows = await db
        .insert(rfidTags)
        .values(tags.map((tag) => ({ accountId, tag, createdBy: userId })))
        .onConflictDoNothing()
        .returning({ tag: rfidTags.tag });
      return rows.map((r) => r.tag);
    },

    async byId(accountId: number, id: string) {
      const [row] = await db
        .select({ id: rfidTags.id, tag: rfidTags.tag })
        .from(rfidTags)
        .where(and(eq(rfidTags.accountId, accountId), eq(rfidTags.id, id)));
      return row;
    },

    /** Who holds a tag now (tag_owners), if anyone. */
    async holderOf(accountId: number, tag: string) {
      const [row] = await db
        .select({ kind: tagOwners.ownerKind, id: tagOwners.ownerId })
        .from(tagOwners)
        .where(and(eq(tagOwners.accountId, accountId), sql`lower(${tagOwners.tag}) = lower(${tag})`));
      return row;
    },

    /** A live equipment's tags (locked for the change), or undefined. */
    async equipmentForUpdate(accountId: number, id: string) {
      const [row] = await db
        .select({ id: equipment.id, fleetNo: equipment.fleetNo, tags: equipment.tags })
        .from(equipment)
        .where(and(eq(equipment.accountId, accountId), eq(equipment.id, id), isNull(equipment.deletedAt)))
        .for('update');
      return row;
    },

    async employeeForUpdate(accountId: number, id: string) {
      const [row] = await db
        .select({ id: employees.id, number: employees.number, tag: employees.tag })
        .from(employees)
        .where(and(eq(employees.accountId, accountId), eq(employees.id, id), isNull(employees.deletedAt)))
        .for('update');
      return row;
    },

    async setEquipmentTags(accountId: number, id: string, tags: string[], userId: number) {
      await db
        .update(equipment)
        .set({ tags, version: sql`${equipment.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
        .where(and(eq(equipment.accountId, accountId), eq(equipment.id, id)));
    },

    async setEmployeeTag(accountId: number, id: string, tag: string | null, userId: number) {
      await db
        .update(employees)
        .set({ tag, version: sql`${employees.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
        .where(and(eq(employees.accountId, accountId), eq(employees.id, id)));
    },
  };
}
