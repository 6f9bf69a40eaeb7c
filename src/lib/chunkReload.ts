/**
 * A deploy replaces the hashed chunks; a tab still running the old build then fails to import
 * one (docs/product-rules.md §8: reload the page). The time of the last such reload is kept so a chunk that is
 * really missing cannot cause a reload loop.
 */
const RELOADED_AT = 'chunkReloadAt';
const LOOP_WINDOW_MS = 30_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** Reloads unless this tab already did so moments ago; returns whether it reloads. */
export function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < LOOP_WINDOW_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * Vite reports failed preloads of dynamic imports on window, and with them any other rejection of
 * the promise it wraps: the bundler moves a `.then` written right after `import()` into the wrapped
 * promise, so a request made there (aborted, offline, a 5xx) arrives here too. Only a chunk that
 * failed to load reloads the page; anything else is left to its caller (Vite rethrows it). A reload
 * for such an error dropped whatever the user had typed (ADR 065).
 */
export function watchChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadError(event.payload) && reloadOnce()) event.preventDefault();
  });
}
