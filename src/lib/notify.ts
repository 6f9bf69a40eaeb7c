import { createToaster } from '@chakra-ui/react';
import { NOTIFICATION_MS } from '@/contract/constants';

/** The one toaster of the app; `src/app/Toaster.tsx` renders it. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

/** Spec §8 colours: warning for a failed call, danger for no response or a 429 on GET. */
export type Tone = 'info' | 'success' | 'warning' | 'danger';

export interface Notice {
  title?: string;
  message: string;
  tone?: Tone;
  durationMs?: number;
}

/** The single way to show a notification (docs/product-rules.md §8: 5.5 s by default). */
export function notify({ title, message, tone = 'info', durationMs = NOTIFICATION_MS }: Notice): void {
  toaster.create({
    title: title ?? (tone === 'danger' || tone === 'warning' ? 'Error' : 'Notification'),
    description: message,
    type: tone === 'danger' ? 'error' : tone,
    duration: durationMs,
    closable: true,
  });
}
