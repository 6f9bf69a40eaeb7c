import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import css from '@/app/plain/shell.module.css';
import type { ExceptionCount } from '@/contract/exceptions';

/**
 * The exceptions client (and its contract's zod schemas) loads with the first count: the shell is
 * in every page's first download (ADR 017). Loaded apart from the call: written as
 * `import('./client').then(call)`, the bundler puts the call inside Vite's preload wrapper, and an
 * aborted or failed count was reported as a chunk that failed to load (ADR 065).
 */
const loadClient = () => import('./client');
const countOpen = (signal: AbortSignal) => loadClient().then((m) => m.exceptionsApi.count(signal));

const EVERY_MS = 120_000;

/**
 * The menu's count of unresolved exceptions (red when any is critical); nothing when there are
 * none. The shell renders outside the query client (the light field app, ADR 017), so this is a
 * plain call, again on every navigation (a resolve is followed by one) and every two minutes.
 */
export function ExceptionCountBadge() {
  const path = useRouterState({ select: (s) => s.location.href });
  const [count, setCount] = useState<ExceptionCount | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const load = () => countOpen(ctl.signal).then(setCount, () => undefined);
    void load();
    const timer = setInterval(load, EVERY_MS);
    return () => {
      ctl.abort();
      clearInterval(timer);
    };
  }, [path]);
  if (!count?.open) return null;
  return (
    <span
      className={`${css.badge} ${css.menuBadge} ${count.critical ? css.badgeRed : css.badgeOrange}`}
      aria-label={`${count.open} unresolved`}
    >
      {count.open > 999 ? '999+' : count.open}
    </span>
  );
}
