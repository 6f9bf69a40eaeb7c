import { useSnapshot } from 'valtio';
import { LuCircleAlert, LuCircleCheck, LuCloudDownload } from '@/app/ui/field-icons';
import { pwa } from '@/lib/pwa';
import css from './plain/layout.module.css';

/**
 * Whether this device can work offline yet (ADR 017): while the service worker downloads the
 * field app at the first visit, "Getting ready to work offline" with files done/total; then
 * "Ready to work offline" for a while. Nothing once ready on later visits (the device page
 * has the details). The status region is always in the page so screen readers announce changes.
 * Static CSS (ADR 047); `place` is where it sits: above the page (shell) or below the form (blank layout).
 */
export function OfflineReadiness({ place }: { place: 'above' | 'below' }) {
  const { state, done, total, justReady } = useSnapshot(pwa.offline);
  const view = state === 'downloading' || state === 'failed' || (state === 'ready' && justReady);
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div role="status" aria-live="polite" data-offline-state={state}>
      {view && (
        <div className={`${css.readiness} ${css[place]} ${css[state as 'ready' | 'failed' | 'downloading']}`}>
          {state === 'ready' && (
            <>
              <LuCircleCheck aria-hidden />
              <p className={css.strong}>Ready to work offline</p>
            </>
          )}
          {state === 'downloading' && (
            <>
              <LuCloudDownload aria-hidden />
              <p className={css.strong}>Getting ready to work offline…</p>
              <p>{total ? `${done} of ${total} files` : 'starting'}</p>
              <div
                role="progressbar"
                aria-label="Download for offline use"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                className={css.bar}
              >
                <div className={css.barFill} style={{ width: `${pct}%` }} />
              </div>
            </>
          )}
          {state === 'failed' && (
            <>
              <LuCircleAlert aria-hidden />
              <p className={css.strong}>Not ready to work offline yet:</p>
              <p>
                the download stopped at {done} of {total} files and starts again by itself.
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
