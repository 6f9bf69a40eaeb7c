import { z } from 'zod';
import { atScale } from '../safe-input';
import { endTimeOfDay, inputSchemas, litres, optionalRef, rowMeta, timeOfDay } from './fields';

/** FAMS24 business rules (`/F24BusinessRules`): one per store, or the account default (no store). */
const jump = (label: string) =>
  atScale(
    z
      .number({ error: `${label} must be a number` })
      .min(0, 'Must be 0 or more')
      .max(1_000_000, 'Too large'),
    label,
    1,
  )
    .nullish()
    .transform((v) => v ?? null);

export const F24RuleFields = z.strictObject({
  /** null = the account's default rule. */
  storeId: optionalRef('store'),
  maxLitresPerTransaction: litres('Max litres per transaction')
    .nullish()
    .transform((v) => v ?? null),
  odometerRequired: z.boolean().default(false),
  /** Largest plausible odometer increase between fills (km); null = unchecked. */
  maxOdometerJumpKm: jump('Max odometer jump'),
  /** Largest plausible hour-meter increase between fills (hours); null = unchecked. */
  maxHoursJump: jump('Max hours jump'),
  allowedFrom: timeOfDay.nullish().transform((v) => v ?? null),
  allowedTo: endTimeOfDay.nullish().transform((v) => v ?? null),
  minMinutesBetweenFills: z
    .number({ error: 'Must be a number' })
    .int('Whole minutes')
    .min(0, 'Must be 0 or more')
    .max(10_080, 'At most a week')
    .nullish()
    .transform((v) => v ?? null),
});

export const { create: F24RuleCreate, update: F24RuleUpdate } = inputSchemas(F24RuleFields, (v, ctx) => {
  if ((v.allowedFrom === null) !== (v.allowedTo === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.allowedFrom === null ? 'allowedFrom' : 'allowedTo'],
      message: 'Give both times, or neither',
    });
  } else if (v.allowedFrom !== null && v.allowedFrom === v.allowedTo) {
    ctx.addIssue({ code: 'custom', path: ['allowedTo'], message: 'The end time must differ from the start time' });
  }
});
export type F24RuleCreate = z.input<typeof F24RuleCreate>;
export type F24RuleUpdate = z.input<typeof F24RuleUpdate>;

export const F24RuleRow = z.object({
  ...rowMeta,
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  maxLitresPerTransaction: z.number().nullable(),
  odometerRequired: z.boolean(),
  maxOdometerJumpKm: z.number().nullable(),
  maxHoursJump: z.number().nullable(),
  allowedFrom: z.string().nullable(),
  allowedTo: z.string().nullable(),
  minMinutesBetweenFills: z.number().int().nullable(),
});
export type F24Rule = z.infer<typeof F24RuleRow>;
