/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { PageMessage } from './messages';

/**
 * A new version waits until the user presses "Reload" in the update prompt: activating it on
 * its own could swap chunks under a form with unsaved input.
 */
export function setupLifecycle(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as PageMessage | undefined;
    if (data?.type === 'SKIP_WAITING') void sw.skipWaiting();
  });
  // The first install has no older version to protect, so take control of open pages at once.
  clientsClaim();
}
