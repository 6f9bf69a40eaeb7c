/// <reference lib="webworker" />
/**
 * FAMS service worker. Each concern lives in its own module and is wired here, so later
 * features add one import and one call.
 */
import { setupLifecycle } from './lifecycle';
import { setupShell } from './shell';
import { setupSync } from './sync';

declare const self: ServiceWorkerGlobalScope;

setupLifecycle(self);
setupShell(self, self.__WB_MANIFEST);
// Outbox wake-up: Background Sync runs the same sync engine as the page.
setupSync(self);
