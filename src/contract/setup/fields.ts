import { z } from 'zod';
import { atScale, hasDecimals, inCalendarRange, storableText } from '../safe-input';

export { hasDecimals };

/**
 * Field schemas shared by the setup resources, so every form and the server say the same thing.
 * Inputs are what forms and imports send (trimmed, checked); rows are what the API returns.
 */

const num = (label: string) => z.number({ error: `${label} must be a number` });
/** At most `dp` decimals, and never a non-zero amount the column would keep as 0 (5e-324; issue 10). */
const decimals = (s: z.ZodNumber, dp: number, label: string) => atScale(s, label, dp);

/** Text PostgreSQL can store (no NUL, no lone surrogate); every text field below is one. */
const text = (required = 'Text is required') =>
  z.string({ error: required }).refine(storableText, 'Contains a character that cannot be stored').trim();

export const requiredText = (label: string, max: number) =>
  text(`${label} is required`).min(1, `${label} is required`).max(max, `At most ${max} characters`);

/** Optional free text: missing → ''. */
export const optionalText = (max: number) => text().max(max, `At most ${max} characters`).default('');

/** Optional short text: missing or blank → null. */
export const nullableText = (max: number) =>
  text()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Natural keys (codes, fleet numbers): no surrounding spaces, compared case-insensitively. */
export const code = (label = 'Code', max = 40) => requiredText(label, max);

/** Litres: numeric(12,3). */
export const litres = (label = 'Litres') =>
  decimals(num(label).min(0, 'Must be 0 or more').max(999_999_999, 'Too large'), 3, label);
/** Money: numeric(14,2). */
export const money = (label = 'Price') =>
  decimals(num(label).min(0, 'Must be 0 or more').max(999_999_999_999, 'Too large'), 2, label);
/** Odometer (km) or engine hours: numeric(12,1). */
export const meter = (label = 'Meter') =>
  decimals(num(label).min(0, 'Must be 0 or more').max(99_999_999_999, 'Too large'), 1, label);
export const positiveLitres = (label = 'Capacity') =>
  litres(label).refine((v) => v > 0, `${label} must be more than 0`);

export const uuidRef = (label: string) => z.uuid({ error: `Choose a ${label}` });
/** Optional reference: missing or null → null. */
export const optionalRef = (label: string) =>
  z
    .uuid({ error: `Choose a ${label}` })
    .nullish()
    .transform((v) => v ?? null);

/** A time of day, `HH:MM` (24 h). `24:00` is allowed as an end time. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = z.string().regex(HHMM, 'Use HH:MM (00:00–23:59)');
export const endTimeOfDay = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use HH:MM (00:00–24:00)');

/** IANA time zone name, checked with the runtime's Intl data. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
export const timeZone = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine(isTimeZone, 'Unknown time zone (use an IANA name such as Africa/Johannesburg)');

export const isoDate = inCalendarRange(z.iso.date({ error: 'Use a date (YYYY-MM-DD)' }));

/** Every update names the version it edits (optimistic concurrency). */
export const version = z.number({ error: 'version is required' }).int().min(1);

/**
 * `{create, update}` input schemas from one strict object and one cross-field check: update is
 * the same fields plus `version` (PUT replaces the whole record).
 */
export function inputSchemas<S extends z.core.$ZodLooseShape>(
  fields: z.ZodObject<S, z.core.$strict>,
  check?: (
    value: z.output<z.ZodObject<S, z.core.$strict>>,
    ctx: z.RefinementCtx<z.output<z.ZodObject<S, z.core.$strict>>>,
  ) => void,
) {
  const update = z.strictObject({ ...fields.shape, version });
  return {
    create: check ? fields.superRefine(check) : fields,
    update: check ? update.superRefine(check as never) : update,
  };
}

/** Standard row fields (matches `RowMeta` in list.ts). */
export const rowMeta = {
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
};
