import { useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { busyReasons, busyVersion, isBusy, subscribeBusy } from '@/lib/offline/busy';
import { applyUpdate, pwa } from '@/lib/pwa';
import { PlainButton } from './plain/PlainButton';
import css from './plain/layout.module.css';

/** Shown when a new version waits; the user decides when to reload (never mid-form). Static CSS (ADR 047). */
export function UpdatePrompt() {
  const { updateWaiting, reloadDeferred } = useSnapshot(pwa);
  // busy.ts directly, not the offline hooks: those bring Dexie into every page's first download.
  useSyncExternalStore(subscribeBusy, busyVersion);
  const busy = isBusy();
  const [later, setLater] = useState(false);
  if (!updateWaiting || later) return null;
  if (reloadDeferred) {
    // The user chose to reload; say why it has not happened yet (it will by itself).
    return (
      <div role="status" aria-live="polite" className={css.prompt}>
        <p>
          The new version loads as soon as nothing is in progress ({busy ? busyReasons().join('; ') : 'finishing'}).
        </p>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className={css.prompt}>
      <p className={css.promptText}>A new version is available</p>
      <PlainButton variant="ghost" className={`${css.promptButton} ${css.onDark}`} onClick={() => setLater(true)}>
        Later
      </PlainButton>
      <PlainButton className={css.promptButton} onClick={applyUpdate}>
        Reload
      </PlainButton>
    </div>
  );
}
