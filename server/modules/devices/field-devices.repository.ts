import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fieldDevices } from '../../db/schema';

/** Device state that is not the form's: the key, retirement, and what the device reports. */
export function fieldDevicesRepository(db: DbOrTx) {
  const live = (accountId: number, id: string) =>
    and(eq(fieldDevices.accountId, accountId), eq(fieldDevices.id, id), isNull(fieldDevices.deletedAt));
  return {
    async setKey(accountId: number, id: string, hash: string, hint: string, userId: number) {
      const rows = await db
        .update(fieldDevices)
        .set({
          keyHash: hash,
          keyHint: hint,
          keyRotatedAt: sql`now()`,
          version: sql`${fieldDevices.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(and(live(accountId, id), isNull(fieldDevices.retiredAt)))
        .returning({ id: fieldDevices.id });
      return rows.length === 1;
    },

    /** Retires a device: its key is dropped (it can no longer call) and its open commands expire. */
    async retire(accountId: number, id: string, userId: number) {
      const rows = await db
        .update(fieldDevices)
        .set({
          retiredAt: sql`now()`,
          keyHash: null,
          keyHint: null,
          version: sql`${fieldDevices.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(and(live(accountId, id), isNull(fieldDevices.retiredAt)))
        .returning({ id: fieldDevices.id });
      return rows.length === 1;
    },

    /** A device by its id alone: the key, not a user token, says which account it is. */
    async byId(id: string) {
      const [row] = await db
        .select({
          id: fieldDevices.id,
          accountId: fieldDevices.accountId,
          kind: fieldDevices.kind,
          storeId: fieldDevices.storeId,
          keyHash: fieldDevices.keyHash,
          createdBy: fieldDevices.createdBy,
          usable: sql<boolean>`${fieldDevices.deletedAt} is null and ${fieldDevices.retiredAt} is null`,
        })
        .from(fieldDevices)
        .where(eq(fieldDevices.id, id));
      return row;
    },

    /** What the device says on each call: contact time, and its version and position when sent. */
    async touch(accountId: number, id: string, hello: { appVersion?: string; latitude?: number; longitude?: number }) {
      const positioned = hello.latitude !== undefined && hello.longitude !== undefined;
      await db
        .update(fieldDevices)
        .set({
          lastContactAt: sql`now()`,
          ...(hello.appVersion ? { appVersion: hello.appVersion } : {}),
          ...(positioned
            ? { lastLatitude: hello.latitude, lastLongitude: hello.longitude, lastPositionAt: sql`now()` }
            : {}),
        })
        .where(live(accountId, id));
    },
  };
}
