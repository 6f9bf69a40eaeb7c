import { useLiveQuery } from 'dexie-react-hooks';
import { deviceDb } from '@/lib/offline/db';

/**
 * The store and tank last used on this device, per account and screen, so the next dispense starts
 * there. Kept in the device database: sign-out clears web storage, not this.
 */
export interface LastUsed {
  storeId: string;
  tankId: string;
}

const key = (accountId: number, screen: string) => `lastUsed:${accountId}:${screen}`;

export async function readLastUsed(accountId: number, screen: string): Promise<LastUsed | null> {
  try {
    const row = await deviceDb().meta.get(key(accountId, screen));
    return (row?.value as LastUsed | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function writeLastUsed(accountId: number, screen: string, value: LastUsed): Promise<void> {
  await deviceDb()
    .meta.put({ key: key(accountId, screen), value })
    .catch((e: unknown) => console.warn('Last used store not kept', e));
}

/**
 * The last used store and tank as a hook: `undefined` while reading, `null` when none. A form waits
 * for it with its other first data, so it renders once with the right store instead of rendering
 * and then rendering again when the store arrives (ADR 017, fourth pass).
 */
export function useLastUsed(accountId: number | undefined, screen: string): LastUsed | null | undefined {
  return useLiveQuery(
    async () => (accountId === undefined ? null : readLastUsed(accountId, screen)),
    [accountId, screen],
  );
}
