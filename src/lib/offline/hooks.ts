import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { FieldRecordKind } from '@/contract/dispensing';
import { session } from '@/lib/session';
import { busyVersion, clearBusy, isBusy, markBusy, subscribeBusy } from './busy';
import { accountDb, type OutboxRecord, type OutboxState } from './db';
import { listRecent } from './outbox';
import { syncStatus } from './status';

/**
 * React bindings of the outbox. Live queries: they re-render when any tab or the service worker
 * changes the account's database. `undefined` means "still reading".
 */

function useAccountId(): number | undefined {
  return useSnapshot(session).account?.id;
}

/** Recent records (queued, sending, synced, rejected), newest first; one kind or all. */
export function useRecentRecords(kind?: FieldRecordKind, limit = 50): OutboxRecord[] | undefined {
  const id = useAccountId();
  return useLiveQuery(async () => (id === undefined ? [] : listRecent(accountDb(id), kind, limit)), [id, kind, limit]);
}

/** Records in some states, oldest first (the queue in sending order). */
export function useOutbox(states: readonly OutboxState[], limit = 500): OutboxRecord[] | undefined {
  const id = useAccountId();
  const key = states.join(',');
  return useLiveQuery(async () => {
    if (id === undefined) return [];
    const db = accountDb(id);
    const parts = await Promise.all(
      key
        .split(',')
        .map((s) =>
          db.outbox.where('[state+seq]').between([s, Dexie.minKey], [s, Dexie.maxKey]).limit(limit).toArray(),
        ),
    );
    return parts
      .flat()
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
  }, [id, key, limit]);
}

/** Waiting/rejected counts, online state, last success: the valtio status snapshot. */
export function useSyncStatus() {
  return useSnapshot(syncStatus);
}

/** Re-renders when something marks itself busy or idle (the update prompt). */
export function useIsBusy(): boolean {
  useSyncExternalStore(subscribeBusy, busyVersion);
  return isBusy();
}

/**
 * For forms: while `active` (unsaved input), an app update waits instead of reloading the page.
 * `key` must be unique per form, e.g. 'form:/QuickDispense'.
 */
export function useBusyWhile(key: string, active: boolean, reason = 'a form has unsaved input'): void {
  useEffect(() => {
    if (!active) return;
    markBusy(key, reason);
    return () => clearBusy(key);
  }, [key, active, reason]);
}
