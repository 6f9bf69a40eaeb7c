import { sql } from 'drizzle-orm';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { TankCreate, TankRow, TankUpdate, type Tank } from '../../../src/contract/setup/tanks';
import { products, stores, tanks as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

const storeCode = sql<string | null>`(select ${stores.code} from ${stores} where ${stores.id} = ${t.storeId})`;
const storeName = sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`;

export const tanksResource = defineResource({
  info: SETUP_RESOURCES.tanks,
  table: t,
  rules: screenRules('/Tank'),
  schemas: { create: TankCreate, update: TankUpdate, row: TankRow },
  extra: {
    storeCode,
    storeName,
    productName: sql<string | null>`(select ${products.name} from ${products} where ${products.id} = ${t.productId})`,
  },
  search: [t.code, t.name, t.gaugeProbeId],
  sort: {
    code: sql`lower(${t.code})`,
    name: sql`lower(${t.name})`,
    capacity: t.capacity,
    storeCode: sql`lower(${storeCode})`,
  },
  filters: { storeId: filter.uuid(t.storeId, false), productId: filter.uuid(t.productId, false) },
  label: sql`${t.code} || ' ' || ${t.name}`,
  unique: { tanks_code_uq: { field: 'code', message: 'Another tank at this store already has this code' } },
  references: [
    { field: 'storeId', target: stores, label: 'store', constraint: 'tanks_store_fk' },
    { field: 'productId', target: products, label: 'product', constraint: 'tanks_product_fk' },
  ],
  toRow: (r): Tank => ({
    ...metaOf(r),
    storeId: r.storeId,
    storeCode: r.storeCode,
    storeName: r.storeName,
    productId: r.productId,
    productName: r.productName,
    code: r.code,
    name: r.name,
    capacity: r.capacity,
    safeFill: r.safeFill,
    lowLevel: r.lowLevel,
    gaugeProbeId: r.gaugeProbeId,
    strappingChart: r.strappingChart ?? null,
  }),
  toValues: (i) => ({
    storeId: i.storeId,
    productId: i.productId,
    code: i.code,
    name: i.name,
    capacity: i.capacity,
    safeFill: i.safeFill,
    lowLevel: i.lowLevel,
    gaugeProbeId: i.gaugeProbeId,
    strappingChart: i.strappingChart,
  }),
});
