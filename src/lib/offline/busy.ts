/**
 * What must not be interrupted by an app update's reload: a form with unsaved input, a sync that
 * is sending. Forms and the sync engine mark themselves; the update prompt waits for `isBusy()`
 * to turn false. Plain module state (no DOM), so the sync engine can use it in any context.
 */

const reasons = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const l of [...listeners]) l();
}

/** `key` identifies the holder (e.g. 'sync', 'form:/QuickDispense'); `reason` is shown to the user. */
export function markBusy(key: string, reason = key): void {
  if (reasons.get(key) === reason) return;
  reasons.set(key, reason);
  changed();
}

export function clearBusy(key: string): void {
  if (reasons.delete(key)) changed();
}

export function isBusy(): boolean {
  return reasons.size > 0;
}

/** Human-readable reasons, for "the update waits until …". */
export function busyReasons(): string[] {
  return [...reasons.values()];
}

/** For useSyncExternalStore: a number that changes whenever the busy set changes. */
export function busyVersion(): number {
  return version;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Resolves once nothing is busy (at once if nothing is). */
export function whenIdle(): Promise<void> {
  if (!isBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = subscribeBusy(() => {
      if (isBusy()) return;
      off();
      resolve();
    });
  });
}
