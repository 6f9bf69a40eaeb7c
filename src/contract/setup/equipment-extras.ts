import { z } from 'zod';
import { inputSchemas, isoDate, requiredText, rowMeta } from './fields';

/** Extra attributes an account defines for its equipment (`/EqpExtras`). */
export const EXTRA_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type ExtraType = (typeof EXTRA_TYPES)[number];

export const EquipmentExtraFields = z.strictObject({
  /** The property name in `equipment.extras`. */
  key: z
    .string({ error: 'Key is required' })
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'Start with a lower-case letter; letters, digits and _ only (max 40)'),
  label: requiredText('Label', 80),
  type: z.enum(EXTRA_TYPES, { error: 'Choose text, number, date or boolean' }),
  required: z.boolean().default(false),
});

export const { create: EquipmentExtraCreate, update: EquipmentExtraUpdate } = inputSchemas(EquipmentExtraFields);
export type EquipmentExtraCreate = z.input<typeof EquipmentExtraCreate>;
export type EquipmentExtraUpdate = z.input<typeof EquipmentExtraUpdate>;

export const EquipmentExtraRow = z.object({
  ...rowMeta,
  key: z.string(),
  label: z.string(),
  type: z.enum(EXTRA_TYPES),
  required: z.boolean(),
});
export type EquipmentExtra = z.infer<typeof EquipmentExtraRow>;

export type ExtraValue = string | number | boolean | null;

/**
 * Checks an equipment's `extras` against the account's definitions: unknown keys, wrong types and
 * missing required values, as field errors keyed `extras.<key>`. Used by the form and the server.
 */
export function extrasErrors(
  extras: Record<string, unknown>,
  defs: readonly Pick<EquipmentExtra, 'key' | 'label' | 'type' | 'required'>[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [k, v] of Object.entries(extras)) {
    const def = byKey.get(k);
    if (!def) {
      errors[`extras.${k}`] = ['Unknown attribute (not defined in Equipment extras)'];
      continue;
    }
    if (v === null || v === '') continue;
    const ok =
      def.type === 'text'
        ? typeof v === 'string' && v.length <= 500
        : def.type === 'number'
          ? typeof v === 'number' && Number.isFinite(v)
          : def.type === 'boolean'
            ? typeof v === 'boolean'
            : typeof v === 'string' && isoDate.safeParse(v).success;
    if (!ok)
      errors[`extras.${k}`] = [
        `${def.label} must be ${def.type === 'text' ? 'text (max 500 characters)' : def.type === 'date' ? 'a date (YYYY-MM-DD)' : `a ${def.type}`}`,
      ];
  }
  for (const d of defs) {
    const v = extras[d.key];
    if (d.required && (v === undefined || v === null || v === ''))
      errors[`extras.${d.key}`] = [`${d.label} is required`];
  }
  return errors;
}
