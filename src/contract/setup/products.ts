import { z } from 'zod';
import { code, hasDecimals, inputSchemas, money, requiredText, rowMeta } from './fields';

export const PRODUCT_KINDS = ['fuel', 'other'] as const;
/** Groups of the temperature-correction tables (ASTM D1250 / API MPMS 11.1). */
export const FUEL_GROUPS = ['gasoline', 'diesel', 'jet', 'fuel_oil', 'lubricant', 'other'] as const;

const density = z
  .number({ error: 'Density must be a number' })
  .min(500, 'Between 500 and 1100 kg/m³')
  .max(1100, 'Between 500 and 1100 kg/m³')
  .refine((v) => hasDecimals(v, 1), 'At most 1 decimal place');

export const ProductFields = z.strictObject({
  code: code(),
  name: requiredText('Name', 120),
  kind: z.enum(PRODUCT_KINDS, { error: 'Choose fuel or other' }),
  unit: requiredText('Unit', 10).default('L'),
  price: money('Price'),
  fuelGroup: z.enum(FUEL_GROUPS, { error: 'Choose a fuel group' }).default('other'),
  /** Density at 15 °C in kg/m³, for mass and temperature correction. */
  density15: density.nullish().transform((v) => v ?? null),
});

export const { create: ProductCreate, update: ProductUpdate } = inputSchemas(ProductFields);
export type ProductCreate = z.input<typeof ProductCreate>;
export type ProductUpdate = z.input<typeof ProductUpdate>;

export const ProductRow = z.object({
  ...rowMeta,
  code: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  unit: z.string(),
  price: z.number(),
  fuelGroup: z.enum(FUEL_GROUPS),
  density15: z.number().nullable(),
});
export type Product = z.infer<typeof ProductRow>;
