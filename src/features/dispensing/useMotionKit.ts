import { useEffect, useSyncExternalStore } from 'react';

type Kit = typeof import('./motionKit');

let kit: Kit | undefined;
let loading: Promise<Kit> | undefined;
const listeners = new Set<() => void>();

function load() {
  loading ??= import('./motionKit').then(
    (k) => {
      kit = k;
      listeners.forEach((l) => l());
      return k;
    },
    (e: unknown) => {
      loading = undefined; // offline before the first precache: try again on the next interaction
      throw e;
    },
  );
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * framer-motion and the field forms' animated parts (`motionKit.tsx`), loaded on the first
 * interaction with the page (a tap, a key, a focused field), before anything can be saved and
 * animated; `undefined` until then, and the parts render unanimated (ADR 017, third pass).
 */
export function useMotionKit(): Kit | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => kit,
    () => undefined,
  );
  useEffect(() => {
    if (kit) return;
    const start = () => {
      INTERACTIONS.forEach((t) => window.removeEventListener(t, start, true));
      void load().catch(() => INTERACTIONS.forEach((t) => window.addEventListener(t, start, true)));
    };
    INTERACTIONS.forEach((t) => window.addEventListener(t, start, true));
    return () => INTERACTIONS.forEach((t) => window.removeEventListener(t, start, true));
  }, []);
  return current;
}
