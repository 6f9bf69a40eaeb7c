/**
 * "One runner at a time" across tabs and the service worker: a Web Lock taken with `ifAvailable`,
 * so a second runner returns at once instead of queueing behind the first (the first will see
 * anything added meanwhile). Without Web Locks (old browsers, Node tests) an in-memory flag keeps
 * one runner per JS context.
 */

export const SYNC_LOCK = 'fams-sync';
/** Shared with the api client: two contexts must never present the same rotating cookie at once. */
export const TOKEN_REFRESH_LOCK = 'fams-token-refresh';

export type LockResult<T> = { acquired: true; value: T } | { acquired: false };
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<LockResult<T>>;

const held = new Set<string>();

/** In-memory fallback: one holder per name in this JS context. */
export const memoryLock: LockFn = async (name, fn) => {
  if (held.has(name)) return { acquired: false };
  held.add(name);
  try {
    return { acquired: true, value: await fn() };
  } finally {
    held.delete(name);
  }
};

interface MinimalLocks {
  request<T>(name: string, options: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

function webLocks(): MinimalLocks | undefined {
  return (globalThis as { navigator?: { locks?: MinimalLocks } }).navigator?.locks;
}

/** Web Locks when the browser has them, else the in-memory fallback. */
export const defaultLock: LockFn = async <T>(name: string, fn: () => Promise<T>): Promise<LockResult<T>> => {
  const locks = webLocks();
  if (!locks) return memoryLock(name, fn);
  return locks.request<LockResult<T>>(name, { ifAvailable: true }, async (lock) =>
    lock ? { acquired: true, value: await fn() } : { acquired: false },
  );
};
