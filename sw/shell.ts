/// <reference lib="webworker" />
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { setupPrecache, type BuildEntry } from './precache';

/** Only the API is excluded: the server answers it live and it must never come from a cache. */
const API_PREFIX = /^\/api\//;

/**
 * Precaches the field app (the build injects the list; office-only files are cached as they are
 * used, see precache.ts), and answers every navigation with index.html so a reload without
 * network still starts the app. API requests are not routed here at all, so they always go to
 * the network and are never cached.
 */
export function setupShell(sw: ServiceWorkerGlobalScope, entries: Array<BuildEntry | string>): void {
  const precache = setupPrecache(sw, entries);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('index.html'), { denylist: [API_PREFIX] }));
}
