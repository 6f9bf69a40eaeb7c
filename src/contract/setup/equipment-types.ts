import { z } from 'zod';
import { atScale } from '../safe-input';
import { code, inputSchemas, positiveLitres, requiredText, rowMeta } from './fields';

export const METER_TYPES = ['km', 'hours'] as const;
export type MeterType = (typeof METER_TYPES)[number];
/** Unit of expected consumption by meter type. */
export const CONSUMPTION_UNIT: Record<MeterType, string> = { km: 'L/100 km', hours: 'L/h' };

export const EquipmentTypeFields = z.strictObject({
  code: code(),
  make: requiredText('Make', 80),
  model: requiredText('Model', 80),
  tankCapacity: positiveLitres('Tank capacity'),
  meterType: z.enum(METER_TYPES, { error: 'Choose km or hours' }),
  /** false = no meter fitted (a bowser, a generator without an hour meter): fills need no reading (ADR 076). */
  hasMeter: z.boolean().default(true),
  /** L/100 km for `km`, L/h for `hours`. */
  expectedConsumption: atScale(
    z.number({ error: 'Expected consumption must be a number' }).min(0, 'Must be 0 or more').max(10_000, 'Too large'),
    'Expected consumption',
    2,
  )
    .nullish()
    .transform((v) => v ?? null),
});

export const { create: EquipmentTypeCreate, update: EquipmentTypeUpdate } = inputSchemas(EquipmentTypeFields);
export type EquipmentTypeCreate = z.input<typeof EquipmentTypeCreate>;
export type EquipmentTypeUpdate = z.input<typeof EquipmentTypeUpdate>;

export const EquipmentTypeRow = z.object({
  ...rowMeta,
  code: z.string(),
  make: z.string(),
  model: z.string(),
  tankCapacity: z.number(),
  meterType: z.enum(METER_TYPES),
  hasMeter: z.boolean(),
  expectedConsumption: z.number().nullable(),
});
export type EquipmentType = z.infer<typeof EquipmentTypeRow>;
