import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deviceSyncs } from '../../db/schema';

export interface DeviceSync {
  accountId: number;
  userId: number;
  deviceId: string;
  kind: string;
  records: number;
  outbox: number | null;
  appVersion: string | null;
}

/** One upsert per batch request: the device's last sync, keyed by account and device. */
export async function upsertDeviceSync(db: DbOrTx, s: DeviceSync): Promise<void> {
  await db
    .insert(deviceSyncs)
    .values({ ...s, lastSyncAt: sql`now()` })
    .onConflictDoUpdate({
      target: [deviceSyncs.accountId, deviceSyncs.deviceId],
      set: {
        userId: s.userId,
        lastSyncAt: sql`now()`,
        kind: s.kind,
        records: s.records,
        outbox: s.outbox,
        appVersion: s.appVersion,
      },
    });
}
