import { z } from 'zod';
import { hasDecimals, inputSchemas, isoDate, optionalRef, rowMeta, uuidRef } from './fields';

/**
 * A product's price per unit (litre) from a store-local day on, for one store or every store
 * (`storeId` null), edited on the product's screen. The cost of a dispense is the price in force at
 * its time: the store's own price if one has started, else the all-stores price, else the
 * product's list price (ADR 035).
 */
export const ProductPriceFields = z.strictObject({
  productId: uuidRef('product'),
  storeId: optionalRef('store'),
  price: z
    .number({ error: 'Price must be a number' })
    .min(0, 'Must be 0 or more')
    .max(99_999_999, 'Too large')
    .refine((v) => hasDecimals(v, 4), 'At most 4 decimal places'),
  effectiveFrom: isoDate,
});

export const { create: ProductPriceCreate, update: ProductPriceUpdate } = inputSchemas(ProductPriceFields);
export type ProductPriceCreate = z.input<typeof ProductPriceCreate>;
export type ProductPriceUpdate = z.input<typeof ProductPriceUpdate>;

export const ProductPriceRow = z.object({
  ...rowMeta,
  productId: z.uuid(),
  productCode: z.string().nullable(),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  price: z.number(),
  effectiveFrom: z.string(),
});
export type ProductPrice = z.infer<typeof ProductPriceRow>;
