/// <reference lib="webworker" />
import { accountDb, getSyncTarget } from '@/lib/offline/db';
import { fetchTransport } from '@/lib/offline/fetchTransport';
import { countOutbox } from '@/lib/offline/outbox';
import { OUTBOX_SYNC_TAG, runSync } from '@/lib/offline/sync';

/** Background Sync's event (not in TypeScript's WebWorker lib yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

/**
 * The outbox wake-up: when the browser fires Background Sync (connectivity is back, even with the
 * app closed), the service worker runs the same engine as the page, for the account the page last
 * used, with a token of its own from the refresh cookie. The Web Lock keeps it from running
 * alongside a tab. Dexie tells open tabs about the changes, so their status updates by itself.
 */
export function setupSync(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(syncFromWorker());
  });
}

async function syncFromWorker(): Promise<void> {
  const target = await getSyncTarget();
  if (!target) return; // nobody signed in on this device since install: nothing to send for
  const db = accountDb(target.accountId);
  // `force`: the browser fires this when connectivity is back and paces its own retries (minutes
  // apart), so the page's back-off delays, mostly earned while offline, do not apply here.
  const out = await runSync(db, fetchTransport(target), { force: true });
  if (out.status === 'locked' || out.status === 'auth') return; // a tab is on it / needs a sign-in
  // Records still waiting (back-off, server down): reject so the browser schedules another try.
  if ((await countOutbox(db)).waiting > 0) throw new Error(`Outbox not empty after sync (${out.status})`);
}
