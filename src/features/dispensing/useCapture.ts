import { useCallback, useRef, useState } from 'react';
import type { FormMessageValue } from '@/app/ui/FormMessage';
import type { FieldRecordKind } from '@/contract/dispensing';
import {
  newRecordId,
  RecordInvalidError,
  resendRecord,
  saveRecord,
  StorageFullError,
  type InputOf,
  type OutboxRecord,
  type RecordDraft,
  validatePayload,
} from '@/lib/offline';

/**
 * What every field form shares: one client id per record (made when the form opens, so a double
 * tap stays one record), save to the outbox or — when correcting a rejected record — resend under
 * the same id, field errors from the contract's schema, and the message after saving. Typed input
 * is never cleared by a failure: the form resets (new `generation`) only after a save succeeded.
 */
/** The confirmation after a save: "Saved — 120 L to DF-0009" (or "Corrected — …" after a fix). */
export interface SavedNote {
  /** The record's id (a new save is a new confirmation, animated in again). */
  id: string;
  corrected: boolean;
  /** What was saved, in a few words: "120 L to DF-0009". */
  what: string;
}

export interface Capture<K extends FieldRecordKind> {
  recordId: string;
  /** The rejected record being corrected, or null for a new one. */
  editing: OutboxRecord<K> | null;
  errors: Record<string, string[]>;
  error: (field: string) => string | undefined;
  message: FormMessageValue | null;
  /** The last save's confirmation, until the next record is started. */
  saved: SavedNote | null;
  dismissSaved: () => void;
  saving: boolean;
  /** Changes after each successful save or when a correction starts/ends: remount the fields with it. */
  generation: number;
  /**
   * `reset` clears the form's own values; it runs in the same update as the remount, so no stale value survives it.
   * `refused`: field errors of rules the contract's schema cannot check alone, since they need the cached
   * reference data (the meter reading, ADR 076): given any, nothing is saved and they are shown with the
   * schema's own errors of the draft.
   */
  save: (
    draft: RecordDraft<K>,
    describe: (rec: OutboxRecord<K>) => string,
    reset: () => void,
    refused?: Record<string, string[]> | null,
  ) => Promise<OutboxRecord<K> | null>;
  /** Opens a rejected record for correction: `load` puts its payload into the form's values. */
  startFix: (rec: OutboxRecord<K>, load: (payload: OutboxRecord<K>['payload']) => void) => void;
  cancelFix: () => void;
  dismiss: () => void;
}

export function useCapture<K extends FieldRecordKind>(kind: K): Capture<K> {
  const [recordId, setRecordId] = useState(newRecordId);
  const [editing, setEditing] = useState<OutboxRecord<K> | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [saved, setSaved] = useState<SavedNote | null>(null);
  const [saving, setSaving] = useState(false);
  // A second tap before React re-rendered must not save twice (its time would differ: same id, other content).
  const busy = useRef(false);
  const [generation, setGeneration] = useState(0);

  const fresh = () => {
    setRecordId(newRecordId());
    setEditing(null);
    setErrors({});
    setGeneration((g) => g + 1);
  };

  const save = async (
    draft: RecordDraft<K>,
    describe: (rec: OutboxRecord<K>) => string,
    reset: () => void,
    refused?: Record<string, string[]> | null,
  ) => {
    if (busy.current) return null;
    busy.current = true;
    setSaving(true);
    setMessage(null);
    setSaved(null);
    try {
      if (refused && Object.keys(refused).length) {
        // Every marked field at once: the schema's errors of the draft beside the refused ones.
        const schema = await validatePayload(kind, { ...draft, id: recordId, deviceId: 'this device' }).then(
          () => ({}),
          (e: unknown) => (e instanceof RecordInvalidError ? e.fieldErrors : {}),
        );
        setErrors({ ...schema, ...refused });
        setMessage({ tone: 'danger', text: 'Not saved: check the marked fields.' });
        return null;
      }
      const rec = editing
        ? await resendRecord<K>(editing.id, { ...editing.payload, ...draft, id: editing.id } as InputOf<K>)
        : await saveRecord(kind, { ...draft, id: recordId });
      setSaved({ id: rec.id, corrected: !!editing, what: describe(rec) });
      reset();
      fresh();
      return rec;
    } catch (e) {
      if (e instanceof RecordInvalidError) {
        setErrors(e.fieldErrors);
        const general = e.fieldErrors._?.[0] ?? e.fieldErrors.id?.[0];
        setMessage({ tone: 'danger', text: general ? `Not saved: ${general}` : 'Not saved: check the marked fields.' });
      } else if (e instanceof StorageFullError) {
        setMessage({ tone: 'danger', text: e.message });
      } else {
        setMessage({ tone: 'danger', text: `Not saved: ${e instanceof Error ? e.message : String(e)}` });
      }
      return null;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const startFix = (rec: OutboxRecord<K>, load: (payload: OutboxRecord<K>['payload']) => void) => {
    load(rec.payload);
    setEditing(rec);
    setSaved(null);
    setRecordId(rec.id);
    setErrors(rec.fieldErrors ?? {});
    setMessage({
      tone: 'warning',
      text: `Correcting a rejected record. The server said: ${rec.lastError ?? 'refused'}`,
    });
    setGeneration((g) => g + 1);
    // The fix button sits in the recent list, below the form on a phone.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const cancelFix = () => {
    fresh();
    setMessage(null);
  };

  const error = useCallback((field: string) => errors[field]?.[0], [errors]);
  const dismissSaved = useCallback(() => setSaved(null), []);

  return {
    recordId,
    editing,
    errors,
    error,
    message,
    saved,
    dismissSaved,
    saving,
    generation,
    save,
    startFix,
    cancelFix,
    dismiss: () => setMessage(null),
  };
}
