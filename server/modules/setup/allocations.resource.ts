import { sql } from 'drizzle-orm';
import {
  ALLOCATION_SUBJECTS,
  AllocationCreate,
  AllocationRow,
  AllocationUpdate,
  type Allocation,
} from '../../../src/contract/setup/allocations';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { allocations as t, costCentres, employees, equipment, products, stores } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

const subjectLabel = sql<string | null>`coalesce(
  (select ${equipment.fleetNo} from ${equipment} where ${equipment.id} = ${t.equipmentId}),
  (select ${employees.number} || ' ' || ${employees.name} from ${employees} where ${employees.id} = ${t.employeeId}),
  (select ${costCentres.code} || ' ' || ${costCentres.name} from ${costCentres} where ${costCentres.id} = ${t.costCentreId}))`;
const productName = sql<
  string | null
>`(select ${products.name} from ${products} where ${products.id} = ${t.productId})`;
const storeName = sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`;
const subjectColumn = { equipment: t.equipmentId, employee: t.employeeId, costCentre: t.costCentreId } as const;

/** `/Allocation` and `/customAlloc` are two views of this one resource (the latter shows the conditions). */
export const allocationsResource = defineResource({
  info: SETUP_RESOURCES.allocations,
  table: t,
  rules: screenRules('/Allocation'),
  schemas: { create: AllocationCreate, update: AllocationUpdate, row: AllocationRow },
  extra: {
    productName,
    storeName,
    subjectLabel,
    subjectType: sql<
      Allocation['subjectType']
    >`case when ${t.equipmentId} is not null then 'equipment' when ${t.employeeId} is not null then 'employee' else 'costCentre' end`,
  },
  search: [subjectLabel, t.note],
  sort: {
    subjectLabel: sql`lower(${subjectLabel})`,
    productName: sql`lower(${productName})`,
    storeName: sql`lower(${storeName})`,
    dailyLimit: t.dailyLimit,
    monthlyLimit: t.monthlyLimit,
  },
  filters: {
    productId: filter.uuid(t.productId, false),
    storeId: filter.uuid(t.storeId),
    equipmentId: filter.uuid(t.equipmentId),
    employeeId: filter.uuid(t.employeeId),
    costCentreId: filter.uuid(t.costCentreId),
    active: filter.bool(t.active),
    subjectType: filter.custom((v) => {
      const bad = v.find((x) => !(ALLOCATION_SUBJECTS as readonly string[]).includes(x));
      if (bad !== undefined) return { error: `Use ${ALLOCATION_SUBJECTS.join(', ')}` };
      return sql`(${sql.join(
        v.map((x) => sql`${subjectColumn[x as keyof typeof subjectColumn]} is not null`),
        sql` or `,
      )})`;
    }),
  },
  label: sql`coalesce(${subjectLabel}, '?') || ' · ' || coalesce(${productName}, '?') || ' @ ' || coalesce(${storeName}, 'any store')`,
  unique: {
    allocations_subject_uq: {
      field: 'productId',
      message: 'This product already has an allocation for this store and subject',
    },
  },
  references: [
    { field: 'productId', target: products, label: 'product', constraint: 'allocations_product_fk' },
    { field: 'storeId', target: stores, label: 'store', constraint: 'allocations_store_fk' },
    { field: 'equipmentId', target: equipment, label: 'equipment', constraint: 'allocations_equipment_fk' },
    { field: 'employeeId', target: employees, label: 'employee', constraint: 'allocations_employee_fk' },
    { field: 'costCentreId', target: costCentres, label: 'cost centre', constraint: 'allocations_cost_centre_fk' },
  ],
  toRow: (r): Allocation => ({
    ...metaOf(r),
    productId: r.productId,
    productName: r.productName,
    storeId: r.storeId,
    storeName: r.storeName,
    equipmentId: r.equipmentId,
    employeeId: r.employeeId,
    costCentreId: r.costCentreId,
    subjectType: r.subjectType,
    subjectLabel: r.subjectLabel,
    dailyLimit: r.dailyLimit,
    monthlyLimit: r.monthlyLimit,
    weekdays: r.weekdays,
    hoursFrom: r.hoursFrom,
    hoursTo: r.hoursTo,
    maxPerTransaction: r.maxPerTransaction,
    active: r.active,
    note: r.note,
  }),
  toValues: (i) => ({
    productId: i.productId,
    storeId: i.storeId,
    equipmentId: i.equipmentId,
    employeeId: i.employeeId,
    costCentreId: i.costCentreId,
    dailyLimit: i.dailyLimit,
    monthlyLimit: i.monthlyLimit,
    weekdays: i.weekdays ? [...i.weekdays].sort() : null,
    hoursFrom: i.hoursFrom,
    hoursTo: i.hoursTo,
    maxPerTransaction: i.maxPerTransaction,
    active: i.active,
    note: i.note,
  }),
});
