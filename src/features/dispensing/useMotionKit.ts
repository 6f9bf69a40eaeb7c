import { loadOnInteraction } from '@/app/ui/loadOnInteraction';

const motionKit = loadOnInteraction(() => import('./motionKit'));

/**
 * framer-motion and the field forms' animated parts (`motionKit.tsx`), loaded on the first
 * interaction with the page (a tap, a key, a focused field), before anything can be saved and
 * animated; `undefined` until then, and the parts render unanimated (ADR 017, third pass).
 */
export function useMotionKit() {
  return motionKit.use();
}
