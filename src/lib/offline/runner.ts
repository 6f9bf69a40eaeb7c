import { liveQuery, type Subscription } from 'dexie';
import { subscribe } from 'valtio';
import { ApiError, refreshToken } from '@/lib/api';
import { hasValidSession, session } from '@/lib/session';
import { accountDb, setSyncTarget } from './db';
import { countOutbox, getMeta, META } from './outbox';
import { pageTransport } from './pageTransport';
import { lastReferenceAttempt, refreshReference } from './reference';
import { syncStatus } from './status';
import { OUTBOX_SYNC_TAG, runSync } from './sync';

/**
 * Runs the sync engine from the page (docs/design.md §6): on start, on `online`, when the tab becomes
 * visible, on a timer while records wait, after each save, and when a back-off delay ends. When
 * the browser has Background Sync the service worker is asked to run it too (it survives a closed
 * tab). Also keeps `syncStatus` and the reference cache current for the account in use.
 */

const TICK_MS = 30_000;
const REFERENCE_EVERY_MS = 15 * 60_000;

export interface RunnerOptions {
  /** Turns an offline session into a real one when the network is back; false = sign in again. */
  renewSession?: () => Promise<boolean>;
}

let refs = 0;
let teardown: (() => void) | null = null;
let options: RunnerOptions = {};
let bound: { accountId: number; sub: Subscription } | null = null;
let hadToken = false;
let running: Promise<void> | null = null;
let again: { force: boolean } | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Starts the triggers (idempotent, reference-counted); the returned function stops them. */
export function startOfflineSync(opts: RunnerOptions = {}): () => void {
  options = opts;
  if (refs++ === 0) teardown = start();
  return () => {
    if (--refs > 0) return;
    teardown?.();
    teardown = null;
  };
}

function start(): () => void {
  const onOnline = () => {
    syncStatus.online = true;
    void wentOnline();
  };
  const onOffline = () => {
    syncStatus.online = false;
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void requestSync();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = subscribe(session, bind);
  const tick = setInterval(() => {
    // `online` does not fire when only the server was down: keep trying to leave an offline session.
    if (session.offline && !hasValidSession() && navigator.onLine && !syncStatus.needsSignIn) void wentOnline();
    else if (syncStatus.waiting > 0) void requestSync();
    if (Date.now() - lastReferenceAttempt > REFERENCE_EVERY_MS) void refreshReference();
  }, TICK_MS);
  syncStatus.online = navigator.onLine;
  bind();
  if (session.offline && navigator.onLine) void wentOnline();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    unsubscribe();
    clearInterval(tick);
    clearTimeout(retryTimer);
    bound?.sub.unsubscribe();
    bound = null;
  };
}

/** Follows the session: another account → other database; a token appearing → send now. */
function bind(): void {
  const id = session.account?.id ?? null;
  const token = !!session.token;
  const gotToken = token && !hadToken;
  hadToken = token;
  if (bound?.accountId !== id) {
    bound?.sub.unsubscribe();
    bound = null;
    Object.assign(syncStatus, {
      accountId: id,
      counted: false,
      waiting: 0,
      rejected: 0,
      lastSuccessAt: null,
      lastError: null,
      retryAt: null,
      needsSignIn: false,
    });
    if (id === null) return;
    const db = accountDb(id);
    const sub = liveQuery(async () => ({
      counts: await countOutbox(db),
      lastSyncAt: await getMeta<number>(db, META.lastSyncAt),
      lastError: await getMeta<string>(db, META.lastError),
    })).subscribe({
      next: ({ counts, lastSyncAt, lastError }) => {
        Object.assign(syncStatus, {
          counted: true,
          waiting: counts.waiting,
          rejected: counts.rejected,
          lastSuccessAt: lastSyncAt,
          lastError,
        });
      },
      error: (e: unknown) => console.error('Outbox status not readable', e),
    });
    bound = { accountId: id, sub };
    void rememberSyncTarget();
    void requestSync();
    void refreshReference();
    return;
  }
  if (gotToken) {
    syncStatus.needsSignIn = false;
    void rememberSyncTarget();
    void requestSync();
    void refreshReference();
  }
}

/** What the service worker needs to sync this account on its own (no token: it uses the cookie). */
async function rememberSyncTarget(): Promise<void> {
  const { account, user, userKey } = session;
  if (!account || !user) return;
  await setSyncTarget({ accountId: account.id, accountKey: account.key, userId: user.uid, userKey }).catch(
    (e: unknown) => console.warn('Sync target not stored', e),
  );
}

/** Default renewal: the refresh cookie; no answer rethrows (still offline), a refusal is false. */
async function renewWithCookie(): Promise<boolean> {
  try {
    await refreshToken();
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) throw e;
    return false;
  }
}

let renewing = false;

async function wentOnline(): Promise<void> {
  if (session.offline && !hasValidSession()) {
    if (renewing) return;
    renewing = true;
    try {
      // Reachable but refused: only a new online sign-in can send the queue.
      if (!(await (options.renewSession ?? renewWithCookie)())) {
        syncStatus.needsSignIn = true;
        return;
      }
    } catch {
      return; // still no answer: the timer and the next `online` event try again
    } finally {
      renewing = false;
    }
  }
  void requestSync();
  void refreshReference();
}

/**
 * Runs the engine once for the current account (a call during a run queues one more run). `force`
 * ("Send now") ignores back-off delays.
 */
export function requestSync(opts: { force?: boolean } = {}): Promise<void> {
  if (running) {
    again = { force: (again?.force ?? false) || !!opts.force };
    return running;
  }
  running = (async () => {
    let next: { force: boolean } | null = { force: !!opts.force };
    while (next) {
      again = null;
      await once(next.force);
      next = again;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

async function once(force: boolean): Promise<void> {
  const id = session.account?.id;
  if (id === undefined) return;
  if (!navigator.onLine) {
    void registerBackgroundSync();
    return;
  }
  syncStatus.running = true;
  try {
    const out = await runSync(accountDb(id), pageTransport, { force });
    if (out.status === 'locked') return; // another tab or the service worker is on it
    syncStatus.needsSignIn = out.status === 'auth';
    syncStatus.retryAt = out.retryAt;
    clearTimeout(retryTimer);
    if (out.retryAt !== null)
      retryTimer = setTimeout(() => void requestSync(), Math.max(1_000, out.retryAt - Date.now()));
    if (out.status === 'backoff') void registerBackgroundSync();
  } catch (e) {
    // IndexedDB itself failed: say so, never pretend the records went.
    syncStatus.lastError = e instanceof Error ? e.message : String(e);
    console.error('Sync failed', e);
  } finally {
    syncStatus.running = false;
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Background Sync: the browser wakes the service worker when connectivity returns. */
export async function registerBackgroundSync(): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await reg?.sync?.register(OUTBOX_SYNC_TAG);
  } catch (e) {
    console.warn('Background sync not registered', e);
  }
}
