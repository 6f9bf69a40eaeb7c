import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, equipment, tagOwners } from '../../db/schema';

export interface TagClash {
  tag: string;
  holder: string;
}

/**
 * Keeps `tag_owners` in step with equipment tags and employee tags, so one tag resolves to one
 * holder across both. Runs inside the holder's write transaction. A tag the holder keeps keeps its
 * row (and its `assigned_at`); every tag inserted is registered in `rfid_tags` by the
 * `tag_owners_register` trigger, so `/ScanTags` lists it (ADR 077).
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
      const keys = [...new Set(tags.map((t) => t.toLowerCase()))];
      await db
        .delete(tagOwners)
        .where(
          and(
            eq(tagOwners.accountId, accountId),
            eq(tagOwners.ownerId, ownerId),
            keys.length ? notInArray(sql`lower(${tagOwners.tag})`, keys) : undefined,
          ),
        );
      if (!tags.length) return [];
      await db
        .insert(tagOwners)
        .values(tags.map((tag) => ({ accountId, tag, ownerKind, ownerId })))
        .onConflictDoNothing();
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
            ne(tagOwners.ownerId, ownerId),
            inArray(sql`lower(${tagOwners.tag})`, keys),
          ),
        );
      return tags.flatMap((tag) => {
        const h = holders.find((x) => x.tag.toLowerCase() === tag.toLowerCase());
        return h ? [{ tag, holder: h.holder }] : [];
      });
    },
    async release(accountId: number, ownerId: string) {
      await db.delete(tagOwners).where(and(eq(tagOwners.accountId, accountId), eq(tagOwners.ownerId, ownerId)));
    },
  };
}
