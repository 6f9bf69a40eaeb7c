import { NOTIFICATION_MS } from '@/contract/constants';

/** Spec §8 colours: warning for a failed call, danger for no response or a 429 on GET. */
export type Tone = 'info' | 'success' | 'warning' | 'danger';

export interface Notice {
  title?: string;
  message: string;
  tone?: Tone;
  durationMs?: number;
  /** A button in the notice (e.g. "Undo" after a move); the notice closes when it is pressed. */
  action?: { label: string; onClick: () => void };
}

/**
 * The toaster's store (Chakra's) loads with the first notification, so the login and field pages,
 * which render without Chakra, pay for it only when they notify (ADR 047). `app/Toaster.tsx` mounts
 * the view when `raisedAny` turns true; notices raised meanwhile are created in order once loaded.
 */
const loadToaster = () => import('./toaster').then((m) => m.toaster);
let raised = false;
const listeners = new Set<() => void>();

/** Whether a notification was ever raised (the toaster's view stays from then on). */
export const raisedAny = () => raised;
export function subscribeRaised(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The single way to show a notification (docs/product-rules.md §8: 5.5 s by default). */
export function notify({ title, message, tone = 'info', durationMs = NOTIFICATION_MS, action }: Notice): void {
  if (!raised) {
    raised = true;
    listeners.forEach((l) => l());
  }
  void loadToaster().then((toaster) =>
    toaster.create({
      title: title ?? (tone === 'danger' || tone === 'warning' ? 'Error' : 'Notification'),
      description: message,
      type: tone === 'danger' ? 'error' : tone,
      duration: durationMs,
      closable: true,
      ...(action && { action }),
    }),
  );
}
