import { sql } from 'drizzle-orm';
import { extrasErrors } from '../../../src/contract/setup/equipment-extras';
import { METER_TYPES } from '../../../src/contract/setup/equipment-types';
import { EquipmentCreate, EquipmentRow, EquipmentUpdate, type Equipment } from '../../../src/contract/setup/equipment';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { costCentres, equipment as t, equipmentTypes, stores } from '../../db/schema';
import { defineResource, fieldError, filter, metaOf } from '../../lib/resource';
import { extraDefinitions } from './equipment-extras.resource';
import { screenRules } from './rules';
import { tagRegistry } from './tag-registry.repository';

const typeOf = (col: string) =>
  sql.raw(`(select ${col} from equipment_types where equipment_types.id = "equipment"."type_id")`);

export const equipmentResource = defineResource({
  info: SETUP_RESOURCES.equipment,
  table: t,
  rules: screenRules('/Equipment'),
  schemas: { create: EquipmentCreate, update: EquipmentUpdate, row: EquipmentRow },
  extra: {
    typeName: sql<
      string | null
    >`(select ${equipmentTypes.make} || ' ' || ${equipmentTypes.model} from ${equipmentTypes} where ${equipmentTypes.id} = ${t.typeId})`,
    costCentreName: sql<
      string | null
    >`(select ${costCentres.code} || ' ' || ${costCentres.name} from ${costCentres} where ${costCentres.id} = ${t.costCentreId})`,
    homeStoreName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${t.homeStoreId})`,
    effectiveMeterType: sql<'km' | 'hours' | null>`coalesce(${t.meterType}, ${typeOf('meter_type')})`,
    effectiveHasMeter: sql<boolean>`coalesce(${t.hasMeter}, ${typeOf('has_meter')}, true)`,
    effectiveTankCapacity: sql<number | null>`coalesce(${t.tankCapacity}, ${typeOf('tank_capacity')})`.mapWith(Number),
  },
  search: [t.fleetNo, t.registration, t.description, sql`array_to_string(${t.tags}, ' ')`],
  sort: {
    fleetNo: sql`lower(${t.fleetNo})`,
    registration: sql`lower(${t.registration})`,
    description: sql`lower(${t.description})`,
    currentMeter: t.currentMeter,
  },
  filters: {
    typeId: filter.uuid(t.typeId),
    costCentreId: filter.uuid(t.costCentreId),
    homeStoreId: filter.uuid(t.homeStoreId),
    meterType: filter.oneOf(t.meterType, METER_TYPES, true),
    hasMeter: filter.bool(sql`coalesce(${t.hasMeter}, ${typeOf('has_meter')}, true)`),
    active: filter.bool(t.active),
    fams24Enabled: filter.bool(t.fams24Enabled),
    tag: filter.textArrayHas(t.tags),
  },
  label: sql`${t.fleetNo} || coalesce(' ' || ${t.registration}, '')`,
  unique: {
    equipment_fleet_no_uq: { field: 'fleetNo', message: 'Another equipment already has this fleet no.' },
    equipment_registration_uq: { field: 'registration', message: 'Another equipment already has this registration' },
    tag_owners_tag_uq: { field: 'tags', message: 'One of these tags is already in use' },
  },
  references: [
    { field: 'typeId', target: equipmentTypes, label: 'equipment type', constraint: 'equipment_type_fk' },
    { field: 'costCentreId', target: costCentres, label: 'cost centre', constraint: 'equipment_cost_centre_fk' },
    { field: 'homeStoreId', target: stores, label: 'store', constraint: 'equipment_home_store_fk' },
  ],
  toRow: (r): Equipment => ({
    ...metaOf(r),
    fleetNo: r.fleetNo,
    registration: r.registration,
    description: r.description,
    typeId: r.typeId,
    typeName: r.typeName,
    costCentreId: r.costCentreId,
    costCentreName: r.costCentreName,
    meterType: r.meterType,
    effectiveMeterType: r.effectiveMeterType,
    hasMeter: r.hasMeter,
    effectiveHasMeter: r.effectiveHasMeter,
    currentMeter: r.currentMeter,
    tankCapacity: r.tankCapacity,
    effectiveTankCapacity: r.effectiveTankCapacity === null ? null : Number(r.effectiveTankCapacity),
    tags: r.tags,
    homeStoreId: r.homeStoreId,
    homeStoreName: r.homeStoreName,
    fams24Enabled: r.fams24Enabled,
    pinRequired: r.pinRequired,
    odometerRequired: r.odometerRequired,
    active: r.active,
    extras: r.extras,
  }),
  toValues: (i) => ({
    fleetNo: i.fleetNo,
    registration: i.registration,
    description: i.description,
    typeId: i.typeId,
    costCentreId: i.costCentreId,
    meterType: i.meterType,
    hasMeter: i.hasMeter,
    currentMeter: i.currentMeter,
    tankCapacity: i.tankCapacity,
    tags: i.tags,
    homeStoreId: i.homeStoreId,
    fams24Enabled: i.fams24Enabled,
    pinRequired: i.pinRequired,
    odometerRequired: i.odometerRequired,
    active: i.active,
    extras: i.extras,
  }),
  async validate(tx, input, { actor }) {
    const errors = extrasErrors(input.extras, await extraDefinitions(tx, actor.accountId));
    return Object.keys(errors).length ? errors : undefined;
  },
  async afterWrite(tx, { action, actor, after }) {
    const registry = tagRegistry(tx);
    if (action === 'delete') return registry.release(actor.accountId, after.id);
    const clashes = await registry.sync(actor.accountId, 'equipment', after.id, after.tags);
    if (!clashes.length) return;
    const errors: Record<string, string[]> = {
      tags: clashes.map((c) => `Tag ${c.tag} is already used by ${c.holder}`),
    };
    for (const c of clashes) errors[`tags.${after.tags.indexOf(c.tag)}`] = [`Already used by ${c.holder}`];
    throw fieldError('duplicate', errors);
  },
});
