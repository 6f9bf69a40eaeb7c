import { sql } from 'drizzle-orm';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { STORE_VARIANTS, StoreCreate, StoreRow, StoreUpdate, type Store } from '../../../src/contract/setup/stores';
import { stores as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const storesResource = defineResource({
  info: SETUP_RESOURCES.stores,
  table: t,
  rules: screenRules('/Store'),
  schemas: { create: StoreCreate, update: StoreUpdate, row: StoreRow },
  extra: {},
  search: [t.code, t.name, t.address],
  sort: { code: sql`lower(${t.code})`, name: sql`lower(${t.name})`, variant: t.variant, timezone: t.timezone },
  filters: { variant: filter.oneOf(t.variant, STORE_VARIANTS), timezone: filter.text(t.timezone) },
  label: sql`${t.code} || ' ' || ${t.name}`,
  unique: { stores_code_uq: { field: 'code', message: 'Another store already has this code' } },
  references: [],
  toRow: (r): Store => ({
    ...metaOf(r),
    code: r.code,
    name: r.name,
    variant: r.variant,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    timezone: r.timezone,
    openingHours: r.openingHours ?? null,
  }),
  toValues: (i) => ({
    code: i.code,
    name: i.name,
    variant: i.variant,
    address: i.address,
    latitude: i.latitude,
    longitude: i.longitude,
    timezone: i.timezone,
    openingHours: i.openingHours,
  }),
});
