import { lazy, Suspense } from 'react';
import { ChakraBoundary } from '@/app/chakra/ChakraBoundary';
import { useLoadOnUse } from '@/app/ui/loadOnUse';
import { SyncStatusFace, useNow } from './SyncStatusFace';

const loadPopover = () => import('./SyncStatusPopover');
const SyncStatusPopover = lazy(() => loadPopover().then((m) => ({ default: m.SyncStatusPopover })));

/**
 * The navbar's sync control (docs/design.md §6): the state on the button, the queue in a popover. The
 * popover's code loads on the first tap (from the service worker's first precache when offline);
 * until then the button is a plain one with the same name and look (ADR 017, third pass); on a field
 * screen Chakra's provider loads with it (ADR 054).
 */
export function SyncStatusButton() {
  const now = useNow();
  const [used, start, warm] = useLoadOnUse(loadPopover);
  const face = (
    <SyncStatusFace
      now={now}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={start}
      onPointerDown={warm}
      onFocus={warm}
    />
  );
  if (!used) return face;
  return (
    <Suspense fallback={face}>
      <ChakraBoundary fallback={face}>
        <SyncStatusPopover />
      </ChakraBoundary>
    </Suspense>
  );
}
