/// <reference lib="webworker" />
/**
 * FAMS service worker. Each concern lives in its own module and is wired here, so later
 * features (e.g. the outbox sync wake-up) add one import and one call.
 */
import { setupLifecycle } from './lifecycle';
import { setupShell } from './shell';

declare const self: ServiceWorkerGlobalScope;

setupLifecycle(self);
setupShell(self.__WB_MANIFEST);
// Sync wake-up goes here: e.g. `setupSync(self)` registering 'sync' / 'periodicsync' listeners.
