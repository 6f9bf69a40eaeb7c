import { z } from 'zod';
import { code, inputSchemas, optionalText, requiredText, rowMeta } from '../setup/fields';

/** What an account quotes: the price list's kinds. */
export const CATALOGUE_KINDS = ['tank', 'pump', 'gauge', 'installation', 'fuel', 'service', 'other'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const CATALOGUE_KIND_LABELS: Record<CatalogueKind, string> = {
  tank: 'Tank',
  pump: 'Pump',
  gauge: 'Gauge',
  installation: 'Installation',
  fuel: 'Fuel (per litre)',
  service: 'Service',
  other: 'Other',
};

export const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(0, 'Must be 0 or more')
    .max(100_000_000_000, 'Too large');
/** A percentage with at most 2 decimals, 0–100. */
export const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, 'Must be 0 or more')
    .max(100, 'At most 100')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');

export const DEFAULT_VAT_PCT = 15;

export const CatalogueItemFields = z.strictObject({
  code: code(),
  name: requiredText('Name', 160),
  kind: z.enum(CATALOGUE_KINDS, { error: 'Choose a kind' }),
  unit: requiredText('Unit', 20).default('each'),
  unitPriceCents: cents('Unit price'),
  vatPct: percent('VAT').default(DEFAULT_VAT_PCT),
  description: optionalText(1000),
});
export const { create: CatalogueItemCreate, update: CatalogueItemUpdate } = inputSchemas(CatalogueItemFields);
export type CatalogueItemCreate = z.input<typeof CatalogueItemCreate>;

export const CatalogueItemRow = z.object({
  ...rowMeta,
  code: z.string(),
  name: z.string(),
  kind: z.enum(CATALOGUE_KINDS),
  unit: z.string(),
  unitPriceCents: z.number().int(),
  /** The unit price as an amount (for the table and exports). */
  unitPrice: z.number(),
  vatPct: z.number(),
  description: z.string(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemRow>;
