import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FeedKeyRow } from '../../../src/contract/bi';
import type { DbOrTx } from '../../db/client';
import { biFeedKeys, users } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function feedKeysRepository(db: DbOrTx) {
  return {
    async list(accountId: number): Promise<FeedKeyRow[]> {
      const rows = await db
        .select({ k: biFeedKeys, by: users.username })
        .from(biFeedKeys)
        .leftJoin(users, eq(users.id, biFeedKeys.createdBy))
        .where(eq(biFeedKeys.accountId, accountId))
        .orderBy(desc(biFeedKeys.createdAt));
      return rows.map(({ k, by }) => ({
        id: k.id,
        name: k.name,
        keyHint: k.keyHint,
        createdAt: k.createdAt.toISOString(),
        createdBy: by,
        lastUsedAt: iso(k.lastUsedAt),
        revokedAt: iso(k.revokedAt),
      }));
    },
    async insert(v: { id: string; accountId: number; name: string; keyHash: string; keyHint: string; userId: number }) {
      const [row] = await db
        .insert(biFeedKeys)
        .values({ ...v, createdBy: v.userId })
        .returning();
      return row;
    },
    /** Revokes a live key of the account; null when there is none (another account's, or revoked). */
    async revoke(accountId: number, id: string, userId: number) {
      const [row] = await db
        .update(biFeedKeys)
        .set({ revokedAt: new Date(), revokedBy: userId })
        .where(and(eq(biFeedKeys.accountId, accountId), eq(biFeedKeys.id, id), isNull(biFeedKeys.revokedAt)))
        .returning();
      return row ?? null;
    },
    /** The key a feed request names, live or not (the caller compares the hash). */
    async byId(id: string) {
      const [row] = await db
        .select({
          id: biFeedKeys.id,
          accountId: biFeedKeys.accountId,
          keyHash: biFeedKeys.keyHash,
          revokedAt: biFeedKeys.revokedAt,
          blocked: sql<boolean>`(select blocked from accounts a where a.id = ${biFeedKeys.accountId})`,
        })
        .from(biFeedKeys)
        .where(eq(biFeedKeys.id, id));
      return row ?? null;
    },
    /** At most once a minute per key, so a feed pull of many pages writes once. */
    async touch(id: string) {
      await db
        .update(biFeedKeys)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(biFeedKeys.id, id),
            sql`(${biFeedKeys.lastUsedAt} is null or ${biFeedKeys.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
    },
  };
}
