import { useEffect, useSyncExternalStore } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * A module loaded on the first interaction with the page (a tap, a key, a focused field), not with
 * the page's first download (ADR 017): `use()` returns it, or `undefined` until it has arrived, and
 * re-renders when it does; `use(true)` loads it at once (it is needed now). A failed load (offline
 * before the first precache) is tried again on the next interaction.
 */
export function loadOnInteraction<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();

  const start = () => {
    loading ??= load().then(
      (v) => {
        value = v;
        listeners.forEach((l) => l());
        return v;
      },
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    );
    return loading;
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };

  function use(now = false): T | undefined {
    const current = useSyncExternalStore(
      subscribe,
      () => value,
      () => undefined,
    );
    useEffect(() => {
      if (value !== undefined) return;
      const go = () => {
        INTERACTIONS.forEach((t) => window.removeEventListener(t, go, true));
        void start().catch(() => INTERACTIONS.forEach((t) => window.addEventListener(t, go, true)));
      };
      if (now) return go();
      INTERACTIONS.forEach((t) => window.addEventListener(t, go, true));
      return () => INTERACTIONS.forEach((t) => window.removeEventListener(t, go, true));
    }, [now]);
    return current;
  }

  return { use, load: start };
}
