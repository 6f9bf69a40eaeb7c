import { sql } from 'drizzle-orm';
import { employees, equipment } from '../../../db/schema';
import { bool, list, lowerOrNull, num, ref, refList, refsOf, text, textOrNull } from './convert';
import type { TargetDef } from './types';

const low = (v: unknown) => String(v ?? '').toLowerCase();

export const equipmentTarget: TargetDef = {
  name: 'equipment',
  table: equipment,
  service: (s) => s.equipment,
  fields: [
    { field: 'fleetNo', input: 'fleetNo', convert: text },
    { field: 'registration', input: 'registration', convert: textOrNull },
    { field: 'description', input: 'description', convert: text },
    { field: 'typeCode', input: 'typeId', convert: ref('equipmentTypes'), refs: refsOf('equipmentTypes') },
    { field: 'costCentreCode', input: 'costCentreId', convert: ref('costCentres'), refs: refsOf('costCentres') },
    { field: 'meterType', input: 'meterType', convert: lowerOrNull },
    { field: 'hasMeter', input: 'hasMeter', convert: bool },
    { field: 'currentMeter', input: 'currentMeter', convert: num },
    { field: 'tankCapacity', input: 'tankCapacity', convert: num },
    { field: 'tags', input: 'tags', convert: list },
    { field: 'homeStoreCode', input: 'homeStoreId', convert: ref('stores'), refs: refsOf('stores') },
    { field: 'fams24Enabled', input: 'fams24Enabled', convert: bool },
    { field: 'pinRequired', input: 'pinRequired', convert: bool },
    { field: 'odometerRequired', input: 'odometerRequired', convert: bool },
    { field: 'active', input: 'active', convert: bool },
  ],
  keyOf: (i) => (i.fleetNo ? low(i.fleetNo) : null),
  keySql: sql`lower(${equipment.fleetNo})`,
  label: (v) => v.fleetNo ?? '',
  // Extras are not columns: an update keeps them.
  fromRow: (r) => ({
    fleetNo: r.fleetNo,
    registration: r.registration,
    description: r.description,
    typeId: r.typeId,
    costCentreId: r.costCentreId,
    meterType: r.meterType,
    hasMeter: r.hasMeter,
    currentMeter: r.currentMeter,
    tankCapacity: r.tankCapacity,
    tags: r.tags,
    homeStoreId: r.homeStoreId,
    fams24Enabled: r.fams24Enabled,
    pinRequired: r.pinRequired,
    odometerRequired: r.odometerRequired,
    active: r.active,
    extras: r.extras,
  }),
};

/** PINs are not imported: a file of PINs is a leak waiting to happen, and each would cost a scrypt hash. */
export const employeesTarget: TargetDef = {
  name: 'employees',
  table: employees,
  service: (s) => s.employees,
  fields: [
    { field: 'number', input: 'number', convert: text },
    { field: 'name', input: 'name', convert: text },
    { field: 'tag', input: 'tag', convert: textOrNull },
    { field: 'costCentreCode', input: 'costCentreId', convert: ref('costCentres'), refs: refsOf('costCentres') },
    { field: 'licenceExpiry', input: 'licenceExpiry', convert: textOrNull },
    { field: 'storeCodes', input: 'storeIds', convert: refList('stores'), refs: refsOf('stores') },
    { field: 'fams24Enabled', input: 'fams24Enabled', convert: bool },
    { field: 'active', input: 'active', convert: bool },
  ],
  keyOf: (i) => (i.number ? low(i.number) : null),
  keySql: sql`lower(${employees.number})`,
  label: (v) => v.number ?? '',
  fromRow: (r) => ({
    number: r.number,
    name: r.name,
    tag: r.tag,
    costCentreId: r.costCentreId,
    licenceExpiry: r.licenceExpiry,
    storeIds: r.storeIds,
    fams24Enabled: r.fams24Enabled,
    active: r.active,
    // Not an import column (ADR 076): an update keeps the employee's user.
    userId: r.userId,
  }),
};
