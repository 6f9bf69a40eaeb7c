import { sql } from 'drizzle-orm';
import { costCentres, stores, tanks } from '../../../db/schema';
import { num, ref, refsOf, text, textOrNull, upper } from './convert';
import type { TargetDef } from './types';

const low = (v: unknown) => String(v ?? '').toLowerCase();

export const storesTarget: TargetDef = {
  name: 'stores',
  table: stores,
  service: (s) => s.stores,
  fields: [
    { field: 'code', input: 'code', convert: text },
    { field: 'name', input: 'name', convert: text },
    { field: 'variant', input: 'variant', convert: upper },
    { field: 'address', input: 'address', convert: text },
    { field: 'latitude', input: 'latitude', convert: num },
    { field: 'longitude', input: 'longitude', convert: num },
    { field: 'timezone', input: 'timezone', convert: text },
  ],
  keyOf: (i) => (i.code ? low(i.code) : null),
  keySql: sql`lower(${stores.code})`,
  label: (v) => v.code ?? '',
  // Opening hours are not a column: an update keeps them.
  fromRow: (r) => ({
    code: r.code,
    name: r.name,
    variant: r.variant,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    timezone: r.timezone,
    openingHours: r.openingHours,
  }),
};

export const tanksTarget: TargetDef = {
  name: 'tanks',
  table: tanks,
  service: (s) => s.tanks,
  fields: [
    { field: 'storeCode', input: 'storeId', convert: ref('stores'), refs: refsOf('stores') },
    { field: 'code', input: 'code', convert: text },
    { field: 'productCode', input: 'productId', convert: ref('products'), refs: refsOf('products') },
    { field: 'name', input: 'name', convert: text },
    { field: 'capacity', input: 'capacity', convert: num },
    { field: 'safeFill', input: 'safeFill', convert: num },
    { field: 'lowLevel', input: 'lowLevel', convert: num },
    { field: 'gaugeProbeId', input: 'gaugeProbeId', convert: textOrNull },
  ],
  keyOf: (i) => (i.storeId && i.code ? `${String(i.storeId)}|${low(i.code)}` : null),
  keySql: sql`${tanks.storeId}::text || '|' || lower(${tanks.code})`,
  label: (v) => `${v.storeCode ?? ''}/${v.code ?? ''}`,
  // The strapping chart is edited on /Tank: an update keeps it.
  fromRow: (r) => ({
    storeId: r.storeId,
    productId: r.productId,
    code: r.code,
    name: r.name,
    capacity: r.capacity,
    safeFill: r.safeFill,
    lowLevel: r.lowLevel,
    gaugeProbeId: r.gaugeProbeId,
    strappingChart: r.strappingChart,
  }),
};

export const costCentresTarget: TargetDef = {
  name: 'costCentres',
  table: costCentres,
  service: (s) => s.costCentres,
  fields: [
    { field: 'code', input: 'code', convert: text },
    { field: 'name', input: 'name', convert: text },
    { field: 'description', input: 'description', convert: text },
  ],
  keyOf: (i) => (i.code ? low(i.code) : null),
  keySql: sql`lower(${costCentres.code})`,
  label: (v) => v.code ?? '',
  fromRow: (r) => ({ code: r.code, name: r.name, description: r.description }),
};
