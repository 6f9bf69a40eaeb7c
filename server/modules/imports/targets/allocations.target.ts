import { sql } from 'drizzle-orm';
import { allocations as t } from '../../../db/schema';
import { bool, num, ref, refsOf, text, time, weekdays } from './convert';
import type { TargetDef } from './types';

const part = (v: unknown) => (v ? String(v) : '');

/** The natural key is the one of `allocations_subject_uq`: product, store (or any) and the subject. */
export const allocationsTarget: TargetDef = {
  name: 'allocations',
  table: t,
  service: (s) => s.allocations,
  fields: [
    { field: 'productCode', input: 'productId', convert: ref('products'), refs: refsOf('products') },
    { field: 'storeCode', input: 'storeId', convert: ref('stores'), refs: refsOf('stores') },
    { field: 'equipmentFleetNo', input: 'equipmentId', convert: ref('equipment'), refs: refsOf('equipment') },
    { field: 'employeeNumber', input: 'employeeId', convert: ref('employees'), refs: refsOf('employees') },
    { field: 'costCentreCode', input: 'costCentreId', convert: ref('costCentres'), refs: refsOf('costCentres') },
    { field: 'dailyLimit', input: 'dailyLimit', convert: num },
    { field: 'monthlyLimit', input: 'monthlyLimit', convert: num },
    { field: 'weekdays', input: 'weekdays', convert: weekdays },
    { field: 'hoursFrom', input: 'hoursFrom', convert: time },
    { field: 'hoursTo', input: 'hoursTo', convert: time },
    { field: 'maxPerTransaction', input: 'maxPerTransaction', convert: num },
    { field: 'active', input: 'active', convert: bool },
    { field: 'note', input: 'note', convert: text },
  ],
  keyOf: (i) =>
    i.productId ? [i.productId, i.storeId, i.equipmentId, i.employeeId, i.costCentreId].map(part).join('|') : null,
  keySql: sql`concat_ws('|', ${t.productId}::text, coalesce(${t.storeId}::text, ''), coalesce(${t.equipmentId}::text, ''),
    coalesce(${t.employeeId}::text, ''), coalesce(${t.costCentreId}::text, ''))`,
  label: (v) => {
    const subject = v.equipmentFleetNo || v.employeeNumber || v.costCentreCode || '?';
    return `${v.productCode ?? ''} @ ${v.storeCode || 'any store'} · ${subject}`;
  },
  fromRow: (r) => ({
    productId: r.productId,
    storeId: r.storeId,
    equipmentId: r.equipmentId,
    employeeId: r.employeeId,
    costCentreId: r.costCentreId,
    dailyLimit: r.dailyLimit,
    monthlyLimit: r.monthlyLimit,
    weekdays: r.weekdays,
    hoursFrom: r.hoursFrom,
    hoursTo: r.hoursTo,
    maxPerTransaction: r.maxPerTransaction,
    active: r.active,
    note: r.note,
  }),
};
