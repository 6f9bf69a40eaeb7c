import { proxy } from 'valtio';
import { Workbox } from 'workbox-window';
import { isBusy, whenIdle } from './offline/busy';

/**
 * Whether a new service worker is installed and waits for the user to reload, and whether the
 * user chose to reload but it waits for unsaved input or a running sync to finish.
 */
export const pwa = proxy({ updateWaiting: false, reloadDeferred: false });

let wb: Workbox | null = null;

/**
 * Registers sw.js (production builds only: the dev server has no precache manifest). The new
 * version is never activated behind the user's back; `applyUpdate` does it when they choose.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => { pwa.updateWaiting = true; });
  wb.register().catch((e: unknown) => console.warn('Service worker not registered', e));
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
