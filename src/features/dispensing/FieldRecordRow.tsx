import { memo, type ReactNode, type Ref } from 'react';
import { PlainBadge, type BadgePalette } from '@/app/plain/PlainBits';
import { PlainButton } from '@/app/plain/PlainButton';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { formatTime, KIND_LABEL, recordTime, STATE_LABEL, summary } from '@/lib/offline/summary';
import type { OutboxRecord } from '@/lib/offline';
import { describeFieldErrors, type MeterType } from '@/lib/offline/rejection';
import { useMotionKit } from './useMotionKit';

interface Props {
  rec: OutboxRecord;
  reference: ReferenceData | undefined;
  /** Rejected records: correct it in the form / discard it. */
  onFix?: (rec: OutboxRecord) => void;
  onDiscard?: (rec: OutboxRecord) => void;
  ref?: Ref<HTMLLIElement>;
}

/** The dispense's meter as its form called it ("Odometer (km)" or "Hours"). */
function meterTypeOf(rec: OutboxRecord, ref: ReferenceData | undefined): MeterType {
  if (rec.kind !== 'dispenses') return null;
  const id = (rec.payload as OutboxRecord<'dispenses'>['payload']).equipmentId;
  return ref?.equipment.find((e) => e.id === id)?.meterType ?? null;
}

function PlainRow({ ref, children }: { ref?: Ref<HTMLLIElement>; children: ReactNode }) {
  return (
    <li ref={ref} style={{ listStyle: 'none' }}>
      {children}
    </li>
  );
}

/**
 * One record of a field screen's "recent" list: what, when, its sync state and, when the server
 * rejected it, the reason and each field's problem under the label the form shows ("Litres: must
 * be more than 0"), with "Fix and resend". A new row grows in at the top (a fade only with
 * reduced motion), pushing the rows below down smoothly.
 */
function FieldRecordRowView({ rec, reference, onFix, onDiscard, ref }: Props) {
  // Animated once the motion kit is there (first interaction); a plain row until then.
  const Row = useMotionKit()?.RowMotion ?? PlainRow;
  const state = STATE_LABEL[rec.state];
  const problems =
    rec.state === 'rejected' ? describeFieldErrors(rec.kind, rec.fieldErrors, meterTypeOf(rec, reference)) : [];
  return (
    <Row ref={ref}>
      <div className={css.row}>
        <div className={css.rowHead}>
          <div className={css.rowWhat}>
            <p className={css.rowKind}>
              {KIND_LABEL[rec.kind]} · <span className={css.rowTime}>{formatTime(recordTime(rec))}</span>
            </p>
            <p className={css.rowSummary}>{summary(rec, reference)}</p>
          </div>
          <PlainBadge palette={state.palette as BadgePalette}>{state.label}</PlainBadge>
        </div>
        {rec.state === 'queued' && rec.lastError && rec.attempts > 0 && (
          <p className={`${css.xs} ${css.muted}`}>
            Not sent yet ({rec.attempts} tries): {rec.lastError}
          </p>
        )}
        {rec.state === 'synced' && rec.exceptions.length > 0 && (
          <p className={`${css.xs} ${css.orangeText}`}>Stored with exceptions: {rec.exceptions.join(', ')}</p>
        )}
        {rec.state === 'rejected' && (
          <div className={css.rowProblems}>
            <p className={`${css.small} ${css.errorText} ${css.medium}`}>
              Reason: {rec.lastError ?? 'refused by the server'}
            </p>
            {problems.length > 0 && (
              <ul className={`${css.list} ${css.listTight} ${css.small} ${css.errorText}`} aria-label="What to correct">
                {problems.map((p) => (
                  <li key={p.path}>{p.text}</li>
                ))}
              </ul>
            )}
            {(onFix || onDiscard) && (
              <div className={css.rowButtons}>
                {onFix && (
                  <PlainButton size="rowButton" onClick={() => onFix(rec)}>
                    Fix and resend
                  </PlainButton>
                )}
                {onDiscard && (
                  <PlainButton size="rowButton" variant="outline" danger onClick={() => onDiscard(rec)}>
                    Discard
                  </PlainButton>
                )}
              </div>
            )}
          </div>
        )}
      </div>
    </Row>
  );
}

/** What a row shows of its record is the same (each live query answers with new objects). */
function sameShown(a: OutboxRecord, b: OutboxRecord): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.state === b.state &&
      a.attempts === b.attempts &&
      a.lastError === b.lastError &&
      a.createdAt === b.createdAt &&
      a.exceptions.join() === b.exceptions.join() &&
      JSON.stringify(a.fieldErrors) === JSON.stringify(b.fieldErrors) &&
      JSON.stringify(a.payload) === JSON.stringify(b.payload))
  );
}

/**
 * Re-rendered only when what it shows changed: while a long queue is sent, the list's live query
 * answers after every batch, and re-rendering every row each time (styles, formatting) was a
 * large part of the page's work (ADR 017).
 */
export const FieldRecordRow = memo(
  FieldRecordRowView,
  (a, b) =>
    a.reference === b.reference &&
    a.onFix === b.onFix &&
    a.onDiscard === b.onDiscard &&
    a.ref === b.ref &&
    sameShown(a.rec, b.rec),
);
