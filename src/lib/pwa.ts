import { proxy } from 'valtio';
import type { Workbox } from 'workbox-window';
import type { PageMessage, PrecacheProgress } from '../../sw/messages';
import { isBusy, whenIdle } from './offline/busy';

/**
 * Whether this device can start the app without network (ADR 017):
 * - `checking`: not known yet (the service worker is being registered);
 * - `downloading`: the first install is fetching the field app (`done` of `total` files);
 * - `ready`: the field app is stored; office screens are kept as they are opened;
 * - `failed`: the download stopped (network lost); it is retried;
 * - `unsupported`: no service worker (development server, old or private browser).
 */
export type OfflineState = 'checking' | 'downloading' | 'ready' | 'failed' | 'unsupported';

/**
 * Whether a new service worker is installed and waits for the user to reload, whether the user
 * chose to reload but it waits for unsaved input or a running sync to finish, and how far the
 * download for offline use is.
 */
export const pwa = proxy({
  updateWaiting: false,
  reloadDeferred: false,
  /** `justReady`: the download finished moments ago in this page (the shell says so for a while). */
  offline: { state: 'checking' as OfflineState, done: 0, total: 0, justReady: false },
});

/** How long "Ready to work offline" stays after the download finished. */
const READY_SHOWN_MS = 15_000;

let wb: Workbox | null = null;
const RETRY_MS = [5_000, 15_000, 60_000];

/**
 * Registers sw.js (production builds only: the dev server has no precache manifest) once the page
 * has loaded, so the first download for offline use never competes with the page's own scripts.
 * The new version is never activated behind the user's back; `applyUpdate` does it when they choose.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    pwa.offline.state = 'unsupported';
    return;
  }
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => {
    pwa.updateWaiting = true;
  });
  wb.addEventListener('activated', (e) => {
    if (e.isUpdate) return;
    // The first version took over: everything it precached is in place. Scripts this page loaded
    // before it took over (an office screen opened on the very first visit) are stored too.
    setReady();
    void wb?.messageSW({ type: 'CACHE_URLS', urls: loadedAssets() } satisfies PageMessage).catch(() => undefined);
  });
  // Offline, the update check fails and register() rejects, but the installed version still works.
  const reg = await wb.register().catch((e: unknown) => {
    console.warn('Service worker not registered', e);
    return navigator.serviceWorker.getRegistration();
  });
  if (!reg) {
    pwa.offline.state = 'unsupported';
    return;
  }
  // An older version already works offline; an update downloading beside it changes nothing.
  if (reg.active) setReady();
  else watchFirstInstall(reg, 0);
}

/** The first install: "downloading" until it activates; a failed install is retried. */
function watchFirstInstall(reg: ServiceWorkerRegistration, attempt: number): void {
  const worker = reg.installing ?? reg.waiting;
  if (!worker) return;
  if (pwa.offline.state !== 'ready') pwa.offline.state = 'downloading';
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') setReady();
    if (worker.state !== 'redundant' || reg.active) return;
    pwa.offline.state = 'failed';
    // Lost network mid-download: try again (the files already stored are not fetched twice).
    setTimeout(
      () => {
        reg
          .update()
          .then(() => watchFirstInstall(reg, attempt + 1))
          .catch(() => watchFirstInstall(reg, attempt + 1));
      },
      RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)],
    );
  });
}

function setReady(): void {
  const o = pwa.offline;
  if (o.state === 'ready') return;
  if (o.state === 'downloading' || o.state === 'failed') {
    o.justReady = true;
    setTimeout(() => {
      o.justReady = false;
    }, READY_SHOWN_MS);
  }
  o.state = 'ready';
  if (o.total) o.done = o.total;
}

/** Same-origin build files this page has fetched so far (from the browser's resource timing). */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
}

/** Install progress posted by the service worker (sw/precache.ts). */
function onWorkerMessage(event: MessageEvent): void {
  const data = event.data as PrecacheProgress | undefined;
  if (data?.type !== 'PRECACHE_PROGRESS' || pwa.offline.state === 'ready') return;
  pwa.offline.done = data.done;
  pwa.offline.total = data.total;
  pwa.offline.state = data.failed ? 'failed' : 'downloading';
}

/**
 * Reloads into the new version, but never over a form with unsaved input or a running sync
 * (src/lib/offline/busy.ts): then it waits until they are done and reloads by itself.
 */
export function applyUpdate(): void {
  if (!wb || pwa.reloadDeferred) return;
  if (isBusy()) {
    pwa.reloadDeferred = true;
    void whenIdle().then(() => {
      pwa.reloadDeferred = false;
      activate();
    });
    return;
  }
  activate();
}

function activate(): void {
  if (!wb) return;
  // Reload once the new worker controls the page, so old and new chunks never mix.
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
