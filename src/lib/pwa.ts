import { proxy } from 'valtio';
import { Workbox } from 'workbox-window';

/** Whether a new service worker is installed and waits for the user to reload. */
export const pwa = proxy({ updateWaiting: false });

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

export function applyUpdate(): void {
  if (!wb) return;
  // Reload once the new worker controls the page, so old and new chunks never mix.
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
