import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StoreVariant } from '../../../../src/contract/setup/stores';
import type { DbOrTx } from '../../../db/client';
import { stores, tanks } from '../../../db/schema';
import type { Actor } from '../../../lib/resource';

export interface StoreRef {
  id: string;
  variant: StoreVariant;
  timezone: string;
}

/** The stores and tanks history records name by code, live rows of the actor's account only. */
export function recordsRepository(db: DbOrTx) {
  return {
    /** Lower-cased store code → the store. */
    async storesByCode(a: Actor, codes: string[]): Promise<Map<string, StoreRef>> {
      if (!codes.length) return new Map();
      const code = sql<string>`lower(${stores.code})`;
      const rows = await db
        .select({ code, id: stores.id, variant: stores.variant, timezone: stores.timezone })
        .from(stores)
        .where(and(eq(stores.accountId, a.accountId), isNull(stores.deletedAt), inArray(code, codes)));
      return new Map(rows.map(({ code: c, ...s }) => [c, s]));
    },
    /** `storeId|lower(tank code)` → tank id. */
    async tanksByCode(a: Actor, storeIds: string[], codes: string[]): Promise<Map<string, string>> {
      if (!storeIds.length || !codes.length) return new Map();
      const code = sql<string>`lower(${tanks.code})`;
      const rows = await db
        .select({ storeId: tanks.storeId, code, id: tanks.id })
        .from(tanks)
        .where(
          and(
            eq(tanks.accountId, a.accountId),
            isNull(tanks.deletedAt),
            inArray(tanks.storeId, storeIds),
            inArray(code, codes),
          ),
        );
      return new Map(rows.map((r) => [`${r.storeId}|${r.code}`, r.id]));
    },
  };
}
