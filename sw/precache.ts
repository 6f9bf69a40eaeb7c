/// <reference lib="webworker" />
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { PageMessage, PrecacheProgress } from './messages';

/**
 * The build's manifest (vite.config.ts `fieldPrecache`): every file of the build, those an office
 * screen needs only marked `lazy`. ADR 017.
 */
export type BuildEntry = PrecacheEntry & { lazy?: boolean };

/** Office-only build files, stored the first time a page loads them. */
export const RUNTIME_CACHE = 'fams-assets';
/** Parallel downloads during install (a browser opens about six connections per server). */
const CONCURRENCY = 6;
const PROGRESS_EVERY_MS = 150;

/**
 * Precaches the field app (login, shell, field screens and what they import) with progress
 * posted to the pages, and keeps office-only build files in a runtime cache once a page has
 * loaded them (cache first: their names carry a content hash). Returns the controller, whose
 * `createHandlerBoundToURL` the navigation route uses.
 */
export function setupPrecache(sw: ServiceWorkerGlobalScope, manifest: Array<BuildEntry | string>): PrecacheController {
  const entries = manifest.map((e) => (typeof e === 'string' ? { url: e, revision: null } : e));
  const pc = new PrecacheController();
  pc.addToCacheList(
    entries.filter((e) => !e.lazy).map(({ url, revision, integrity }) => ({ url, revision, integrity })),
  );
  const build = new Set(entries.map((e) => new URL(e.url, sw.location.href).href));

  sw.addEventListener('install', (event) => event.waitUntil(install(sw, pc, event)));
  sw.addEventListener('activate', (event) => event.waitUntil(Promise.all([pc.activate(event), pruneRuntime(build)])));
  registerRoute(new PrecacheRoute(pc));
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && !pc.getCacheKeyForURL(url.href),
    ({ request }) => cacheFirst(request),
  );
  sw.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as PageMessage | undefined;
    if (data?.type !== 'CACHE_URLS') return;
    // workbox-window's messageSW waits for an answer on the port.
    event.waitUntil(storeLoaded(pc, data.urls).finally(() => event.ports[0]?.postMessage(null)));
  });
  return pc;
}

/**
 * Workbox's own install fetches one file after the other (~1 round trip each: a minute on a slow
 * link); this one fetches a few at a time through the same strategy (already-stored files are not
 * fetched again) and tells the pages how far it is.
 */
async function install(sw: ServiceWorkerGlobalScope, pc: PrecacheController, event: ExtendableEvent): Promise<void> {
  const todo = [...pc.getURLsToCacheKeys()];
  const total = todo.length;
  let done = 0;
  let failed: unknown = null;
  let lastPost = 0;
  const post = async (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = now;
    const msg: PrecacheProgress = { type: 'PRECACHE_PROGRESS', done, total, ...(failed ? { failed: true } : {}) };
    for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true }))
      client.postMessage(msg);
  };
  await post(true);
  const worker = async () => {
    for (let next = todo.shift(); next && !failed; next = todo.shift()) {
      const [url, cacheKey] = next;
      // A revisioned entry (index.html, icons) must skip the HTTP cache; hashed files may use it.
      const request = new Request(url, { cache: cacheKey === url ? 'default' : 'reload', credentials: 'same-origin' });
      try {
        await Promise.all(pc.strategy.handleAll({ params: { cacheKey }, request, event }));
        done += 1;
        await post(done === total);
      } catch (e) {
        failed = e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, total) }, worker));
  if (failed) {
    await post(true);
    throw failed;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(RUNTIME_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** Files a page loaded before this worker controlled it (the first visit), if not precached. */
async function storeLoaded(pc: PrecacheController, urls: string[]): Promise<void> {
  const cache = await caches.open(RUNTIME_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      const u = new URL(url, location.href);
      if (u.origin !== location.origin || !u.pathname.startsWith('/assets/') || pc.getCacheKeyForURL(u.href)) return;
      if (await cache.match(u.href)) return;
      const response = await fetch(u.href).catch(() => null); // usually from the browser's HTTP cache
      if (response?.ok) await cache.put(u.href, response);
    }),
  );
}

/** After an update: drop stored office files the new build no longer has. */
async function pruneRuntime(build: Set<string>): Promise<void> {
  const cache = await caches.open(RUNTIME_CACHE);
  for (const request of await cache.keys()) if (!build.has(request.url)) await cache.delete(request);
}
