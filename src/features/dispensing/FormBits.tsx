import { PlainAlert } from '@/app/plain/PlainBits';
import { PlainButton } from '@/app/plain/PlainButton';
import css from '@/app/plain/field.module.css';
import { LuMapPin } from '@/app/ui/field-icons';
import type { DispenseWarning } from '@/contract/dispense-warnings';
import { useSnapshot } from 'valtio';
import { gpsText, type Gps } from './useGps';

/** Pieces the field forms share. */

export { NumberField } from './FieldControls';

/** Live warnings: shown, never blocking (the record is saved and the server raises an exception). */
export function WarningList({ warnings }: { warnings: readonly DispenseWarning[] }) {
  return (
    // Always there (a live region must exist before what it announces); while empty, it cancels its gap in the form's
    // stack.
    <div aria-live="polite" className={css.liveEmpty}>
      {warnings.length > 0 && (
        <PlainAlert
          role="status"
          aria-label="Warnings"
          title="Check before saving — it still saves, and the office sees an exception"
        >
          <ul className={css.list} style={{ marginTop: '0.25rem' }}>
            {warnings.map((w) => (
              <li key={`${w.code}:${w.message}`}>{w.message}</li>
            ))}
          </ul>
        </PlainAlert>
      )}
    </div>
  );
}

/** "GPS: ±12 m" / "GPS: no fix (…)", with a retry; saving never waits for it. */
export function GpsLine({ gps }: { gps: Gps }) {
  const { state } = useSnapshot(gps.store);
  return (
    <div className={css.gps} aria-live="polite">
      <LuMapPin aria-hidden />
      <p>{gpsText(state)}</p>
      {state.status === 'none' && (
        <PlainButton size="xlTight" variant="ghost" onClick={gps.relocate}>
          Try again
        </PlainButton>
      )}
    </div>
  );
}

/** Distinct warning codes, for the record's `acceptedWarnings`. */
export const warningCodes = (warnings: readonly DispenseWarning[]) =>
  [...new Set(warnings.map((w) => w.code))].slice(0, 20);
