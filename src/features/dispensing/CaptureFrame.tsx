import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { PlainAlert, PlainCard, PlainSkeletons } from '@/app/plain/PlainBits';
import { PlainButton } from '@/app/plain/PlainButton';
import { PlainMessage } from '@/app/plain/PlainMessage';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { useReference } from '@/lib/offline';
import { handleEnter } from './enterKey';
import { RequiredNote } from './FieldControls';
import { SaveBar } from './SaveBar';
import type { Capture } from './useCapture';

/**
 * The frame of the field screens: reference data gate, form card, two columns from lg up. Static
 * CSS (ADR 062): a field screen renders without Chakra.
 */

/** Renders the page once the cached reference data is read; says so when this device has none. */
export function ReferenceGate({ children }: { children: (ref: ReferenceData) => ReactNode }) {
  const snapshot = useReference();
  if (snapshot === undefined) return <FormSkeleton />;
  if (snapshot === null) {
    return (
      <PlainAlert role="alert" className={css.wide} title="No stores, tanks or equipment on this device yet">
        They are loaded the first time this device is online after signing in. Connect once, then this form works with
        no signal.
      </PlainAlert>
    );
  }
  return <>{children(snapshot.data)}</>;
}

/** What a field form shows while its data or code is on the way. */
export function FormSkeleton() {
  return <PlainSkeletons />;
}

/** Form first (one column on a phone), recent records beside it on a wide screen. */
export function CaptureColumns({ form, recent }: { form: ReactNode; recent: ReactNode }) {
  return (
    <div className={css.columns}>
      {form}
      {recent}
    </div>
  );
}

interface FormCardProps {
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  capture: Capture<any>;
  submitLabel: string;
  resendLabel?: string;
  onSubmit: () => void;
  children: ReactNode;
  /** Above the Save button: live warnings, GPS state. */
  footer?: ReactNode;
}

/**
 * A field form: title, what the asterisks mean, the fields, and the sticky save bar. Enter moves
 * to the next field (a picker first picks; the last field saves); the first typing after a save
 * puts the confirmation away.
 */
export function FormCard({
  title,
  capture,
  submitLabel,
  resendLabel = 'Send again',
  onSubmit,
  children,
  footer,
}: FormCardProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // After a refused save, take the user to the first marked field (its text is still there).
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [capture.errors]);
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const form = formRef.current;
    if (form) handleEnter(e, form, () => form.requestSubmit(), barRef.current);
  };
  const { saved, dismissSaved } = capture;
  return (
    <PlainCard aria-label={title}>
      <form
        ref={formRef}
        noValidate
        aria-label={title}
        onKeyDown={onKeyDown}
        onInput={saved ? dismissSaved : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className={css.stack}>
          <div className={css.stackTight}>
            <h2 className={css.heading}>{capture.editing ? `${title}: correct and send again` : title}</h2>
            <RequiredNote />
          </div>
          <PlainMessage message={capture.message} />
          {children}
          {footer}
          <SaveBar barRef={barRef} saved={saved} onDismiss={dismissSaved}>
            <div className={css.saveButtons}>
              <PlainButton type="submit" size="xl" loading={capture.saving} loadingText="Saving">
                {capture.editing ? resendLabel : submitLabel}
              </PlainButton>
              {capture.editing && (
                <PlainButton size="xl" variant="outline" onClick={capture.cancelFix}>
                  Cancel correction
                </PlainButton>
              )}
            </div>
          </SaveBar>
        </div>
      </form>
    </PlainCard>
  );
}
