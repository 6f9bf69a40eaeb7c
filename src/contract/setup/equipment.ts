import { z } from 'zod';
import { METER_TYPES } from './equipment-types';
import {
  code,
  inputSchemas,
  meter,
  nullableText,
  optionalRef,
  optionalText,
  positiveLitres,
  rowMeta,
  version,
} from './fields';

/** An RFID/NFC tag as read by a tag reader; unique per account across equipment and employees. */
export const tag = z
  .string({ error: 'Tag must be text' })
  .trim()
  .min(1, 'Tag must not be empty')
  .max(64, 'At most 64 characters');
export const MAX_TAGS = 10;

const extraValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const EquipmentFields = z.strictObject({
  fleetNo: code('Fleet no.'),
  registration: nullableText(20),
  description: optionalText(200),
  typeId: optionalRef('equipment type'),
  costCentreId: optionalRef('cost centre'),
  /** null = the type's meter type. */
  meterType: z
    .enum(METER_TYPES, { error: 'Choose km or hours' })
    .nullish()
    .transform((v) => v ?? null),
  /** null = the type's (without a type: fitted); false = no meter, fills need no reading (ADR 076). */
  hasMeter: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  currentMeter: meter('Current meter')
    .nullish()
    .transform((v) => v ?? null),
  /** null = the type's tank capacity. */
  tankCapacity: positiveLitres('Tank capacity')
    .nullish()
    .transform((v) => v ?? null),
  tags: z.array(tag).max(MAX_TAGS, `At most ${MAX_TAGS} tags`).default([]),
  homeStoreId: optionalRef('store'),
  fams24Enabled: z.boolean().default(false),
  pinRequired: z.boolean().default(false),
  odometerRequired: z.boolean().default(false),
  active: z.boolean().default(true),
  /** Values of the account's equipment extras, by key (checked against `/EqpExtras`). */
  extras: z.record(z.string(), extraValue).default({}),
});

/** Flags each repeated tag (case-insensitive) at `tags.<i>`. */
export function duplicateTagIssues(tags: readonly string[]): { path: (string | number)[]; message: string }[] {
  const seen = new Set<string>();
  const out: { path: (string | number)[]; message: string }[] = [];
  tags.forEach((t, i) => {
    const k = t.toLowerCase();
    if (seen.has(k)) out.push({ path: ['tags', i], message: `Tag ${t} is listed twice` });
    seen.add(k);
  });
  return out;
}

export const { create: EquipmentCreate, update: EquipmentUpdate } = inputSchemas(EquipmentFields, (v, ctx) => {
  for (const i of duplicateTagIssues(v.tags)) ctx.addIssue({ code: 'custom', ...i });
  if (v.typeId === null && v.meterType === null)
    ctx.addIssue({ code: 'custom', path: ['meterType'], message: 'Choose a meter type or an equipment type' });
});
export type EquipmentCreate = z.input<typeof EquipmentCreate>;
export type EquipmentUpdate = z.input<typeof EquipmentUpdate>;

/** `/EquipmentFAMS24` edits only the FAMS24 authorisation flags. */
export const EquipmentFams24Update = z.strictObject({
  version,
  fams24Enabled: z.boolean(),
  pinRequired: z.boolean(),
  odometerRequired: z.boolean(),
});
export type EquipmentFams24Update = z.input<typeof EquipmentFams24Update>;

export const EquipmentRow = z.object({
  ...rowMeta,
  fleetNo: z.string(),
  registration: z.string().nullable(),
  description: z.string(),
  typeId: z.uuid().nullable(),
  typeName: z.string().nullable(),
  costCentreId: z.uuid().nullable(),
  costCentreName: z.string().nullable(),
  meterType: z.enum(METER_TYPES).nullable(),
  /** The meter type in force: own, else the type's. */
  effectiveMeterType: z.enum(METER_TYPES).nullable(),
  hasMeter: z.boolean().nullable(),
  /** A meter is fitted: own, else the type's, else yes (ADR 076). */
  effectiveHasMeter: z.boolean(),
  currentMeter: z.number().nullable(),
  tankCapacity: z.number().nullable(),
  /** The tank capacity in force: own, else the type's. */
  effectiveTankCapacity: z.number().nullable(),
  tags: z.array(z.string()),
  homeStoreId: z.uuid().nullable(),
  homeStoreName: z.string().nullable(),
  fams24Enabled: z.boolean(),
  pinRequired: z.boolean(),
  odometerRequired: z.boolean(),
  active: z.boolean(),
  extras: z.record(z.string(), extraValue),
});
export type Equipment = z.infer<typeof EquipmentRow>;
