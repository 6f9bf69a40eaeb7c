import { useCallback, useState, type FormEvent } from 'react';
import { ApiError } from './api';
type Values = Record<string, string>;
type Errors<V> = Partial<Record<keyof V, string>>;

/**
 * A form's schema as the Standard Schema interface every zod schema has (`~standard`): this file
 * imports nothing of zod, so the login page can check its form with a plain check
 * (`contract/sign-in.ts`) and stay without zod (ADR 017).
 */
export interface FormSchema {
  readonly '~standard': {
    validate(value: unknown):
      | {
          readonly issues?: ReadonlyArray<{
            message: string;
            path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
          }>;
        }
      | Promise<unknown>;
  };
}

/** First message per field, keyed by the field name, from a check of the whole form. */
function issuesByField<V extends Values>(schema: FormSchema, values: V): Errors<V> {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('A form schema must check synchronously');
  const out: Errors<V> = {};
  for (const issue of result.issues ?? []) {
    const first = issue.path?.[0];
    const key = String((typeof first === 'object' ? first.key : first) ?? '') as keyof V;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * Form state checked with the contract's zod schema: a field shows its error once it was left
 * (on blur) and then updates as the user types; server field errors land on the same fields.
 * Field names are the schema's (and the API's) names so server errors map one to one.
 */
export function useZodForm<V extends Values>(schema: FormSchema, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: shown[name] ? errors[name] : undefined,
    onChange: (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (shown[name]) setErrors(issuesByField(schema, next));
    },
    onBlur: () => {
      setShown((s) => ({ ...s, [name]: true }));
      setErrors(issuesByField(schema, values));
    },
  });

  /** Validates everything and shows all errors; true when the form may be sent. */
  const validate = (): boolean => {
    const found = issuesByField(schema, values);
    setErrors(found);
    setShown(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof V, boolean>>);
    return Object.keys(found).length === 0;
  };

  const setServerErrors = useCallback((fieldErrors: Record<string, string[]>) => {
    const mapped: Errors<V> = {};
    for (const [k, msgs] of Object.entries(fieldErrors)) if (msgs[0]) mapped[k as keyof V] = msgs[0];
    setErrors((e) => ({ ...e, ...mapped }));
    setShown((s) => ({ ...s, ...Object.fromEntries(Object.keys(mapped).map((k) => [k, true])) }));
  }, []);

  return { values, field, validate, setServerErrors };
}

/** The message above a form (`FormMessage` shows it). */
export interface SubmitMessage {
  tone: 'danger' | 'warning' | 'success' | 'info';
  text: string;
}

/** What `run` resolves to when the page navigates away on success: the button stays busy. */
export const LEAVING = Symbol('leaving');

/** A failure said in words: the error's own message. */
export const failureText = (err: unknown): SubmitMessage => ({
  tone: 'danger',
  text: err instanceof Error ? err.message : String(err),
});

/**
 * The one submit of every form (ADR 030), the auth pages' and `useResourceForm`'s: the form is
 * checked first (its errors shown, nothing sent), one submit at a time (`busy`), the message of the
 * last failure cleared when sending again, server field errors handed to the form's fields, and
 * the failure said above the form.
 */
export function useSubmit(opts: {
  /** Checks the form and shows its errors; false: nothing is sent. */
  check?: () => boolean;
  /** Sends the form; resolves to `LEAVING` when it navigates away. */
  run: () => Promise<unknown>;
  /** A failure → the message (null: none, e.g. the fields or a dialog say it). Default: its message. */
  failure?: (err: unknown) => SubmitMessage | null;
  /** A refusal's `fieldErrors` → the form's fields. */
  fieldErrors?: (fieldErrors: Record<string, string[]>) => void;
  initialMessage?: SubmitMessage | null;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<SubmitMessage | null>(opts.initialMessage ?? null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || (opts.check && !opts.check())) return;
    setBusy(true);
    setMessage(null);
    try {
      if ((await opts.run()) !== LEAVING) setBusy(false);
    } catch (err) {
      if (err instanceof ApiError && opts.fieldErrors) opts.fieldErrors(err.fieldErrors);
      setMessage(opts.failure ? opts.failure(err) : failureText(err));
      setBusy(false);
    }
  };
  return { busy, message, setMessage, submit };
}
