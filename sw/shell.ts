/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Only the API is excluded: the server answers it live and it must never come from a cache. */
const API_PREFIX = /^\/api\//;

/**
 * Precaches the app shell and every route chunk (the build injects the list), and answers every
 * navigation with index.html so a reload without network still starts the app. API requests are
 * not routed here at all, so they always go to the network and are never cached.
 */
export function setupShell(entries: Array<PrecacheEntry | string>): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [API_PREFIX] }));
}
