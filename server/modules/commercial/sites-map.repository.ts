import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, customerSites as t, stores } from '../../db/schema';

/** `/Customersitelist`'s map: the account's live sites, optionally of some customers only (ADR 059). */
export function sitesMapRepository(db: DbOrTx) {
  return {
    sites: (accountId: number, customerIds: string[], limit: number) =>
      db
        .select({
          id: t.id,
          name: t.name,
          address: t.address,
          customerId: t.customerId,
          customerName: customers.name,
          lat: t.latitude,
          lng: t.longitude,
          version: t.version,
          storeId: t.storeId,
          storeName: sql<string | null>`${stores.code} || ' — ' || ${stores.name}`,
        })
        .from(t)
        .leftJoin(customers, and(eq(customers.accountId, t.accountId), eq(customers.id, t.customerId)))
        .leftJoin(stores, and(eq(stores.accountId, t.accountId), eq(stores.id, t.storeId), isNull(stores.deletedAt)))
        .where(
          and(
            eq(t.accountId, accountId),
            isNull(t.deletedAt),
            customerIds.length ? inArray(t.customerId, customerIds) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${t.name})`), asc(t.id))
        .limit(limit),
  };
}
