import { z } from 'zod';
import { DispenseRecordRow } from './records';
import { atScale, fieldTime } from './safe-input';

/** Corrections of dispenses by reversal (docs/design.md §5): the records they answer with are in records.ts. */

const reason = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason (at least 3 characters)')
  .max(500, 'At most 500 characters');

/** `POST /api/v1/dispenses/:id/reverse`: cancels a dispense without a replacement. */
export const ReverseInput = z.strictObject({ reason });
export type ReverseInput = z.input<typeof ReverseInput>;

/**
 * `POST /api/v1/dispenses/:id/correct`: the dispense as it should have been (every field the
 * form shows) and why. One transaction stores a reversal of the original (litres negated, same
 * time and tank, stock movement `reversal`) and the corrected dispense as a new record through
 * the ingest's dispense handler (its exceptions are raised again). Answers 201 CorrectionResult;
 * 404 unknown; 409 `already_reversed` / `is_reversal`; 422 `unchanged` or invalid references.
 */
export const CorrectionInput = z.strictObject({
  storeId: z.uuid('Choose a store'),
  tankId: z.uuid('Choose a tank or pump'),
  equipmentId: z.uuid('Choose the equipment'),
  employeeId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  costCentreId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  litres: atScale(
    z
      .number({ error: 'Litres must be a number' })
      .positive('Litres must be more than 0')
      .max(1_000_000, 'Litres is too large'),
    'Litres',
    3,
  ),
  meter: atScale(
    z
      .number({ error: 'Meter must be a number' })
      .min(0, 'Meter cannot be negative')
      .max(99_999_999_999, 'Meter is too large'),
    'Meter',
    1,
  )
    .nullish()
    .transform((v) => v ?? null),
  // The same window as a dispense sent from the field (safe-input.ts `fieldTime`).
  dispensedAt: fieldTime('The dispense time'),
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
  reason,
});
export type CorrectionInput = z.input<typeof CorrectionInput>;
export const CORRECTABLE_FIELDS = [
  'storeId',
  'tankId',
  'equipmentId',
  'employeeId',
  'costCentreId',
  'litres',
  'meter',
  'dispensedAt',
  'note',
] as const;

export const CorrectionResult = z.object({
  reversal: DispenseRecordRow,
  /** Null for a reversal without replacement. */
  replacement: DispenseRecordRow.nullable(),
  /** Exception codes the replacement raised. */
  exceptions: z.array(z.string()),
});
export type CorrectionResult = z.infer<typeof CorrectionResult>;

export const CORRECTION_ERRORS = {
  alreadyReversed: 'already_reversed',
  isReversal: 'is_reversal',
  unchanged: 'unchanged',
} as const;

/** The fields of a correction that differ from the original (what the audit entry names). */
export function changedFields(
  original: Record<CorrectableField, unknown>,
  next: Record<CorrectableField, unknown>,
): CorrectableField[] {
  const same = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /^\d{4}-/.test(a))
      return Date.parse(a) === Date.parse(b);
    return (a ?? null) === (b ?? null);
  };
  return CORRECTABLE_FIELDS.filter((f) => !same(original[f], next[f]));
}
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
