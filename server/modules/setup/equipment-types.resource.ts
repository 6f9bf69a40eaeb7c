import { sql } from 'drizzle-orm';
import {
  EquipmentTypeCreate,
  EquipmentTypeRow,
  EquipmentTypeUpdate,
  METER_TYPES,
  type EquipmentType,
} from '../../../src/contract/setup/equipment-types';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { equipmentTypes as t } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const equipmentTypesResource = defineResource({
  info: SETUP_RESOURCES.equipmentTypes,
  table: t,
  rules: screenRules('/MasterEquipment'),
  schemas: { create: EquipmentTypeCreate, update: EquipmentTypeUpdate, row: EquipmentTypeRow },
  extra: {},
  search: [t.code, t.make, t.model],
  sort: {
    code: sql`lower(${t.code})`,
    make: sql`lower(${t.make})`,
    model: sql`lower(${t.model})`,
    tankCapacity: t.tankCapacity,
    meterType: t.meterType,
  },
  filters: {
    meterType: filter.oneOf(t.meterType, METER_TYPES),
    hasMeter: filter.bool(t.hasMeter),
    make: filter.text(t.make),
  },
  label: sql`${t.code} || ' ' || ${t.make} || ' ' || ${t.model}`,
  unique: { equipment_types_code_uq: { field: 'code', message: 'Another equipment type already has this code' } },
  references: [],
  toRow: (r): EquipmentType => ({
    ...metaOf(r),
    code: r.code,
    make: r.make,
    model: r.model,
    tankCapacity: r.tankCapacity,
    meterType: r.meterType,
    hasMeter: r.hasMeter,
    expectedConsumption: r.expectedConsumption,
  }),
  toValues: (i) => ({
    code: i.code,
    make: i.make,
    model: i.model,
    tankCapacity: i.tankCapacity,
    meterType: i.meterType,
    hasMeter: i.hasMeter,
    expectedConsumption: i.expectedConsumption,
  }),
});
