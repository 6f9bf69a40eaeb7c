import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stores, storeVpns } from '../../db/schema';

export interface VpnValues {
  endpoint: string;
  subnet: string;
  publicKey: string;
  privateKeySealed?: string;
  presharedKeySealed?: string | null;
}

/** `/StoreVPN`'s rows: every live store of the account with its VPN settings, if any. */
export function storeVpnRepository(db: DbOrTx) {
  const select = () =>
    db
      .select({
        storeId: stores.id,
        storeCode: stores.code,
        storeName: stores.name,
        endpoint: storeVpns.endpoint,
        subnet: storeVpns.subnet,
        publicKey: storeVpns.publicKey,
        privateKeySealed: storeVpns.privateKeySealed,
        presharedKeySealed: storeVpns.presharedKeySealed,
        lastHandshakeAt: storeVpns.lastHandshakeAt,
        lastTestAt: storeVpns.lastTestAt,
        lastTestResult: storeVpns.lastTestResult,
        updatedAt: storeVpns.updatedAt,
      })
      .from(stores)
      .leftJoin(storeVpns, and(eq(storeVpns.accountId, stores.accountId), eq(storeVpns.storeId, stores.id)));
  return {
    list: (accountId: number) =>
      select()
        .where(and(eq(stores.accountId, accountId), isNull(stores.deletedAt)))
        .orderBy(sql`lower(${stores.code})`),

    async get(accountId: number, storeId: string) {
      const [row] = await select().where(
        and(eq(stores.accountId, accountId), eq(stores.id, storeId), isNull(stores.deletedAt)),
      );
      return row;
    },

    async save(accountId: number, storeId: string, v: VpnValues, userId: number) {
      const set = { ...v, updatedAt: sql`now()`, updatedBy: userId };
      await db
        .insert(storeVpns)
        .values({ accountId, storeId, ...set })
        .onConflictDoUpdate({
          target: [storeVpns.accountId, storeVpns.storeId],
          set: { ...set, version: sql`${storeVpns.version} + 1` },
        });
    },

    async setTest(accountId: number, storeId: string, result: string) {
      await db
        .update(storeVpns)
        .set({ lastTestAt: sql`now()`, lastTestResult: result })
        .where(and(eq(storeVpns.accountId, accountId), eq(storeVpns.storeId, storeId)));
    },

    /** The controller's report; false when its store has no VPN settings. */
    async setHandshake(accountId: number, storeId: string, at: Date) {
      const rows = await db
        .update(storeVpns)
        .set({ lastHandshakeAt: at })
        .where(and(eq(storeVpns.accountId, accountId), eq(storeVpns.storeId, storeId)))
        .returning({ storeId: storeVpns.storeId });
      return rows.length === 1;
    },
  };
}
