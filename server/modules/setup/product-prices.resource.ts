import { sql } from 'drizzle-orm';
import {
  ProductPriceCreate,
  ProductPriceRow,
  ProductPriceUpdate,
  type ProductPrice,
} from '../../../src/contract/setup/product-prices';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { productPrices as t, products, stores } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

const storeName = sql<
  string | null
>`(select ${stores.code} || ' ' || ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`;
const productCode = sql<
  string | null
>`(select ${products.code} from ${products} where ${products.id} = ${t.productId})`;

/**
 * Dated prices per product and store, edited on the product's screen (`/products`' rule): versioned,
 * audited, soft-deleted like every master row. Reports read them with `priceInForce` (ADR 035).
 */
export const productPricesResource = defineResource({
  info: SETUP_RESOURCES.productPrices,
  table: t,
  rules: screenRules('/products'),
  schemas: { create: ProductPriceCreate, update: ProductPriceUpdate, row: ProductPriceRow },
  extra: { storeName, productCode },
  search: [storeName],
  sort: {
    effectiveFrom: t.effectiveFrom,
    price: t.price,
    storeName: sql`lower(coalesce(${storeName}, ''))`,
  },
  filters: {
    productId: filter.uuid(t.productId, false),
    storeId: filter.uuid(t.storeId),
  },
  label: sql`coalesce(${productCode}, '?') || ' from ' || ${t.effectiveFrom}::text || ' @ ' || coalesce(${storeName}, 'all stores')`,
  unique: {
    product_prices_uq: {
      field: 'effectiveFrom',
      message: 'This product already has a price from this day for this store',
    },
  },
  references: [
    { field: 'productId', target: products, label: 'product', constraint: 'product_prices_product_fk' },
    { field: 'storeId', target: stores, label: 'store', constraint: 'product_prices_store_fk' },
  ],
  toRow: (r): ProductPrice => ({
    ...metaOf(r),
    productId: r.productId,
    productCode: r.productCode,
    storeId: r.storeId,
    storeName: r.storeName,
    price: r.price,
    effectiveFrom: r.effectiveFrom,
  }),
  toValues: (i) => ({
    productId: i.productId,
    storeId: i.storeId,
    price: i.price,
    effectiveFrom: i.effectiveFrom,
  }),
});
