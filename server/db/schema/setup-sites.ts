import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FUEL_GROUPS, PRODUCT_KINDS } from '../../../src/contract/setup/products';
import type { OpeningHours, StoreVariant } from '../../../src/contract/setup/stores';
import type { StrappingPoint } from '../../../src/contract/setup/strapping';
import { litresCol, live, lower, masterColumns, moneyCol, orNil } from './columns';

/**
 * Sites and what they hold. Every table has `unique (account_id, id)` so other tables can point at
 * it with a composite foreign key that also pins the account: a row can never reference another
 * tenant's row, whatever the application does.
 */
export const stores = pgTable(
  'stores',
  {
    ...masterColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    variant: text('variant').$type<StoreVariant>().notNull(),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: text('timezone').notNull(),
    /** Seven entries, Sunday first, null = closed; the column null = always open. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
  },
  (t) => [
    unique('stores_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('stores_code_uq').on(t.accountId, lower(t.code)).where(live(t.deletedAt)),
    check('stores_variant_ck', sql`${t.variant} in ('FAMS', 'FAMS24')`),
  ],
);

export const products = pgTable(
  'products',
  {
    ...masterColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<(typeof PRODUCT_KINDS)[number]>().notNull(),
    unit: text('unit').notNull().default('L'),
    price: moneyCol('price').notNull().default(0),
    fuelGroup: text('fuel_group').$type<(typeof FUEL_GROUPS)[number]>().notNull().default('other'),
    /** kg/m³ at 15 °C. */
    density15: numeric('density_15', { precision: 6, scale: 1, mode: 'number' }),
  },
  (t) => [
    unique('products_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('products_code_uq').on(t.accountId, lower(t.code)).where(live(t.deletedAt)),
    check('products_kind_ck', sql`${t.kind} in ('fuel', 'other')`),
    check('products_price_ck', sql`${t.price} >= 0`),
  ],
);

export const tanks = pgTable(
  'tanks',
  {
    ...masterColumns(),
    storeId: uuid('store_id').notNull(),
    productId: uuid('product_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    capacity: litresCol('capacity').notNull(),
    safeFill: litresCol('safe_fill').notNull(),
    lowLevel: litresCol('low_level').notNull(),
    gaugeProbeId: text('gauge_probe_id'),
    strappingChart: jsonb('strapping_chart').$type<StrappingPoint[]>(),
  },
  (t) => [
    unique('tanks_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'tanks_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    foreignKey({
      name: 'tanks_product_fk',
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }),
    uniqueIndex('tanks_code_uq').on(t.accountId, t.storeId, lower(t.code)).where(live(t.deletedAt)),
    index('tanks_account_product').on(t.accountId, t.productId),
    check(
      'tanks_levels_ck',
      sql`${t.capacity} > 0 and ${t.safeFill} <= ${t.capacity} and ${t.lowLevel} < ${t.safeFill}`,
    ),
  ],
);

/**
 * A product's price per litre (per unit) from a store-local day on, for one store or (store null)
 * every store. The cost of a dispense is the price in force at its time: the store's own price if
 * one has started, else the all-stores one, else the product's list price (issue 13, ADR 035).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    ...masterColumns(),
    productId: uuid('product_id').notNull(),
    storeId: uuid('store_id'),
    /** Per unit (litre), up to 4 decimals: pump prices such as 1.7390. In the account's currency. */
    price: numeric('price', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    /** First store-local day the price applies. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  },
  (t) => [
    unique('product_prices_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'product_prices_product_fk',
      columns: [t.accountId, t.productId],
      foreignColumns: [products.accountId, products.id],
    }),
    foreignKey({
      name: 'product_prices_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('product_prices_uq')
      .on(t.accountId, t.productId, orNil(t.storeId), t.effectiveFrom)
      .where(live(t.deletedAt)),
    check('product_prices_price_ck', sql`${t.price} >= 0`),
  ],
);
