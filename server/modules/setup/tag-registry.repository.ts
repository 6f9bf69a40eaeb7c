import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, equipment, tagOwners } from '../../db/schema';

export interface TagClash {
  tag: string;
  holder: string;
}

/**
 * Keeps `tag_owners` in step with equipment tags and employee tags, so one tag resolves to one
 * holder across both. Runs inside the holder's write transaction.
 */
export function tagRegistry(db: DbOrTx) {
  return {
    /** Replaces the owner's tags; returns the tags another holder already has (nothing is taken from them). */
    async sync(
      accountId: number,
      ownerKind: 'equipment' | 'employee',
      ownerId: string,
      tags: readonly string[],
    ): Promise<TagClash[]> {
      await this.release(accountId, ownerId);
      if (!tags.length) return [];
      const taken = await db
        .insert(tagOwners)
        .values(tags.map((tag) => ({ accountId, tag, ownerKind, ownerId })))
        .onConflictDoNothing()
        .returning({ tag: tagOwners.tag });
      const got = new Set(taken.map((t) => t.tag.toLowerCase()));
      const missing = tags.filter((t) => !got.has(t.toLowerCase()));
      if (!missing.length) return [];
      const holders = await db
        .select({
          tag: tagOwners.tag,
          holder: sql<string>`coalesce(
          (select 'equipment ' || ${equipment.fleetNo} from ${equipment} where ${equipment.id} = ${tagOwners.ownerId}),
          (select 'employee ' || ${employees.number} || ' ' || ${employees.name} from ${employees} where ${employees.id} = ${tagOwners.ownerId}),
          'another holder')`,
        })
        .from(tagOwners)
        .where(
          and(
            eq(tagOwners.accountId, accountId),
            inArray(
              sql`lower(${tagOwners.tag})`,
              missing.map((t) => t.toLowerCase()),
            ),
          ),
        );
      return missing.map((tag) => ({
        tag,
        holder: holders.find((h) => h.tag.toLowerCase() === tag.toLowerCase())?.holder ?? 'another holder',
      }));
    },
    async release(accountId: number, ownerId: string) {
      await db.delete(tagOwners).where(and(eq(tagOwners.accountId, accountId), eq(tagOwners.ownerId, ownerId)));
    },
  };
}
