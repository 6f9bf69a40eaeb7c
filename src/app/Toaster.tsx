import { lazy, Suspense, useSyncExternalStore } from 'react';
import { raisedAny, subscribeRaised } from '@/lib/notify';
import { ChakraBoundary } from './chakra/ChakraBoundary';

const ToasterView = lazy(() => import('./ToasterView'));

/**
 * Renders the notifications raised through `notify` (src/lib/notify.ts). The toaster's code, and
 * Chakra's provider around it, load with the first notification: a page that never shows one does
 * not download them (ADR 017, 047). The toaster keeps what was raised meanwhile and shows it once loaded.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeRaised, raisedAny);
  return needed ? (
    <ChakraBoundary>
      <Suspense fallback={null}>
        <ToasterView />
      </Suspense>
    </ChakraBoundary>
  ) : null;
}
