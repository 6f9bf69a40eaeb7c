import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from '@/lib/notify';

const ToasterView = lazy(() => import('./ToasterView'));

/** Whether a notification was ever raised: from then on the toaster's view stays. */
let raised = false;
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    raised = true;
    onChange();
  });
const wasRaised = () => raised || (raised = toaster.getVisibleToasts().length > 0);

/**
 * Renders the notifications raised through `notify` (src/lib/notify.ts). The toaster's code is
 * loaded with the first notification: a page that never shows one does not download it. The
 * toaster keeps what was raised meanwhile and shows it once loaded.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribe, wasRaised);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
