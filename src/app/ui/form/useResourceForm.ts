import { useMemo, useState } from 'react';
import type { ZodType } from 'zod';
import { ConflictBody } from '@/contract/resource';
import { ApiError } from '@/lib/api';
import { failureText, useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { firstMessages, getAt, isUnder, issuesByPath, setAt, type Path } from '@/lib/paths';
import type { FormMessageValue } from '../FormMessage';

export interface ResourceFormOptions<D extends object, R> {
  /** What the inputs edit: the record as text fields (numbers as strings), or a blank one. */
  initial: D;
  /** Draft → the API body; the schema checks this and errors come back on the same paths. */
  toBody: (draft: D) => unknown;
  /** The contract's Create or Update schema. */
  schema: ZodType;
  save: (body: unknown) => Promise<R>;
  /** After a successful save (close the form, refresh lists). */
  onSaved: (row: R) => void;
  /** The success notification. */
  savedMessage: (row: R) => string;
  /** A row (the 409 `current`) → draft, to load the version saved meanwhile. */
  fromRow?: (row: R) => D;
}

export interface Conflict<R> {
  message: string;
  current: R | null;
  deleted: boolean;
}

/**
 * The one form pattern: the contract schema checks the whole body on submit and each field when
 * it is left; server `fieldErrors` (400, 422 duplicate/invalid_reference) land on the fields by
 * path (`strappingChart.3.litres`); a 409 offers the current version; what the user typed is
 * kept on every error; `dirty` drives the unsaved-changes guard; success notifies once.
 */
export function useResourceForm<D extends object, R>(opts: ResourceFormOptions<D, R>) {
  const [initial, setInitial] = useState(opts.initial);
  const [values, setValues] = useState(opts.initial);
  const [touched, setTouched] = useState<Path[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<Path, string>>({});
  const [conflict, setConflict] = useState<Conflict<R> | null>(null);
  const [saved, setSaved] = useState(false);

  const body = useMemo(() => opts.toBody(values), [opts, values]);
  const issues = useMemo(() => issuesByPath(opts.schema, body), [opts.schema, body]);
  const dirty = !saved && JSON.stringify(values) !== JSON.stringify(initial);

  const shown = (path: Path) => submitted || touched.some((t) => isUnder(path, t));
  const error = (path: Path): string | undefined => server[path] ?? (shown(path) ? issues[path] : undefined);
  /** Errors at or under a path (a chart's rows), by full path. */
  const errorsUnder = (prefix: Path): Record<Path, string> => {
    const out: Record<Path, string> = {};
    for (const [k, v] of Object.entries(issues)) if (isUnder(k, prefix) && shown(k)) out[k] = v;
    for (const [k, v] of Object.entries(server)) if (isUnder(k, prefix)) out[k] = v;
    return out;
  };

  const set = (path: Path, value: unknown) => {
    setValues((v) => setAt(v, path, value));
    setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !isUnder(k, path) && !isUnder(path, k))));
  };
  const touch = (path: Path) => setTouched((t) => (t.includes(path) ? t : [...t, path]));
  const get = (path: Path) => getAt(values, path);

  /** Props for a text input (TextField and friends). */
  const text = (path: Path) => ({
    value: String(get(path) ?? ''),
    onChange: (v: string) => set(path, v),
    onBlur: () => touch(path),
    error: error(path),
  });
  /** Props for a checkbox or switch. */
  const flag = (path: Path) => ({
    checked: get(path) === true,
    onChange: (on: boolean) => {
      set(path, on);
      touch(path);
    },
  });

  /** A 409 opens the conflict dialog (no message); field errors land on their paths. */
  const fail = (err: unknown): FormMessageValue | null => {
    if (err instanceof ApiError && err.status === 409) {
      const c = ConflictBody.safeParse(err.raw);
      const current = c.success ? (c.data.current as R) : null;
      setConflict({ message: err.message, current, deleted: c.success && c.data.code === 'deleted' });
      return null;
    }
    const fields = err instanceof ApiError ? firstMessages(err.fieldErrors) : {};
    setServer(fields);
    const unplaced = Object.entries(fields).filter(([k]) => getAt(values, k) === undefined && !k.includes('.'));
    const { text } = failureText(err);
    return {
      tone: 'danger',
      text: unplaced.length ? `${text} ${unplaced.map(([k, m]) => `${k}: ${m}`).join('; ')}` : text,
    };
  };

  const {
    busy: saving,
    message,
    setMessage,
    submit,
  } = useSubmit({
    check: () => {
      setSubmitted(true);
      if (!Object.keys(issues).length) return true;
      // Rules about several fields (e.g. "choose an equipment, an employee or a cost centre") are
      // said here too, in case no single input carries them.
      const unplaced = Object.entries(issues)
        .filter(([k]) => getAt(values, k.split('.')[0]) === undefined)
        .map(([, m]) => m);
      setMessage({ tone: 'danger', text: ['Please correct the highlighted fields.', ...new Set(unplaced)].join(' ') });
      return false;
    },
    run: async () => {
      const row = await opts.save(body);
      setSaved(true);
      notify({ tone: 'success', message: opts.savedMessage(row) });
      opts.onSaved(row);
    },
    failure: fail,
  });

  /** 409: replace the draft with the version saved meanwhile (the user's edits are dropped). */
  const loadCurrent = () => {
    if (!conflict?.current || !opts.fromRow) return;
    const d = opts.fromRow(conflict.current);
    setInitial(d);
    setValues(d);
    setConflict(null);
    setServer({});
    setMessage({ tone: 'info', text: 'The current version is loaded. Make your changes again and save.' });
  };
  /** 409: keep the user's edits and save them over the current version. */
  const keepMine = () => {
    const v = (conflict?.current as { version?: number } | null)?.version;
    if (typeof v === 'number' && 'version' in values) setValues((d) => ({ ...d, version: v }));
    setConflict(null);
  };

  return {
    values,
    get,
    set,
    touch,
    text,
    flag,
    error,
    errorsUnder,
    submit,
    saving,
    dirty,
    message,
    conflict,
    loadCurrent,
    keepMine,
    dismissConflict: () => setConflict(null),
  };
}

export type ResourceForm<D extends object = object, R = unknown> = ReturnType<typeof useResourceForm<D, R>>;
