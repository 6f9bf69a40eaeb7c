/** Small conversions between what a field screen's inputs hold (text) and the contract's values. */

/**
 * '' → undefined (the schema then says the field is required); '12,5' → 12.5; 'abc' → NaN (the schema says "must be a
 * number").
 */
export function requiredNumber(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t.replace(',', '.'));
}

/** '' → null (not given); otherwise as `requiredNumber`. */
export function optionalNumber(text: string): number | null {
  return requiredNumber(text) ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` input's value for a moment in the device's time zone. */
export function localInputValue(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value → ISO 8601 with zone; '' or nonsense → undefined (the schema reports it). */
export function isoFromLocal(value: string): string | undefined {
  if (!value) return undefined;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
}

/** An ISO time from a stored record → the `datetime-local` value. */
export function localFromIso(iso: string | null | undefined): string {
  const t = iso ? new Date(iso) : null;
  return t && !Number.isNaN(t.getTime()) ? localInputValue(t) : localInputValue();
}

/** A number kept in a record → the text an input shows. */
export const numberText = (v: number | null | undefined): string => (v === null || v === undefined ? '' : String(v));

/** The schema's message for a missing number reads "must be a number": say "Enter …" when the box is empty. */
export const whenEmpty = (text: string, error: string | undefined, message: string) =>
  error && text.trim() === '' ? message : error;
