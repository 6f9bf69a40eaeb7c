/**
 * Messages between the page (src/lib/pwa.ts) and the service worker. Types only, so both sides
 * can import them.
 */

/** Page → worker: activate the waiting version; store files the page loaded before control. */
export type PageMessage = { type: 'SKIP_WAITING' } | { type: 'CACHE_URLS'; urls: string[] };

/** Worker → pages, during the first download for offline use (and each update's). */
export interface PrecacheProgress {
  type: 'PRECACHE_PROGRESS';
  done: number;
  total: number;
  /** A file could not be fetched: the install fails and is retried later. */
  failed?: boolean;
}
