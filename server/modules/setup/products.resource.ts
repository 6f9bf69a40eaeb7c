import { sql } from 'drizzle-orm';
import {
  FUEL_GROUPS,
  PRODUCT_KINDS,
  ProductCreate,
  ProductRow,
  ProductUpdate,
  type Product,
} from '../../../src/contract/setup/products';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { products as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const productsResource = defineResource({
  info: SETUP_RESOURCES.products,
  table: t,
  rules: screenRules('/products'),
  schemas: { create: ProductCreate, update: ProductUpdate, row: ProductRow },
  extra: {},
  search: [t.code, t.name],
  sort: {
    code: sql`lower(${t.code})`,
    name: sql`lower(${t.name})`,
    kind: t.kind,
    price: t.price,
    fuelGroup: t.fuelGroup,
  },
  filters: {
    kind: filter.oneOf(t.kind, PRODUCT_KINDS),
    fuelGroup: filter.oneOf(t.fuelGroup, FUEL_GROUPS),
    unit: filter.text(t.unit),
  },
  label: sql`${t.code} || ' ' || ${t.name}`,
  unique: { products_code_uq: { field: 'code', message: 'Another product already has this code' } },
  references: [],
  toRow: (r): Product => ({
    ...metaOf(r),
    code: r.code,
    name: r.name,
    kind: r.kind,
    unit: r.unit,
    price: r.price,
    fuelGroup: r.fuelGroup,
    density15: r.density15,
  }),
  toValues: (i) => ({
    code: i.code,
    name: i.name,
    kind: i.kind,
    unit: i.unit,
    price: i.price,
    fuelGroup: i.fuelGroup,
    density15: i.density15,
  }),
});
