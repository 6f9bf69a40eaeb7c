import { columnsOf } from '../columns';
import type { AssetAllocation, Asset } from './assets';
import type { Allocation } from './allocations';
import type { AuditLogRow, DeletedRow } from './audit-logs';
import type { CostCentre } from './cost-centres';
import type { Employee } from './employees';
import type { Equipment } from './equipment';
import type { EquipmentExtra } from './equipment-extras';
import type { EquipmentType } from './equipment-types';
import type { F24Rule } from './f24-rules';
import type { Product } from './products';
import type { ProductPrice } from './product-prices';
import { SETUP_RESOURCES } from './resources';
import type { Store } from './stores';
import type { Tank } from './tanks';

/**
 * The setup lists' columns: what the data table shows and what the export writes (ADR 023).
 * Titles match the import's field labels or aliases where a column can be imported again.
 */
export const PRODUCT_KIND_LABELS = { fuel: 'Fuel', other: 'Other product' } as const;
export const FUEL_GROUP_LABELS = {
  gasoline: 'Gasoline',
  diesel: 'Diesel',
  jet: 'Jet fuel',
  fuel_oil: 'Fuel oil',
  lubricant: 'Lubricant',
  other: 'Other',
} as const;
export const METER_LABELS = { km: 'Odometer (km)', hours: 'Hour meter (hours)' } as const;
export const EXTRA_TYPE_LABELS = { text: 'Text', number: 'Number', date: 'Date', boolean: 'Yes/no' } as const;
export const ASSET_STATUS_LABELS = { active: 'Active', inactive: 'Inactive', disposed: 'Disposed' } as const;
export const ALLOCATION_SUBJECT_LABELS = {
  equipment: 'Equipment',
  employee: 'Employee',
  costCentre: 'Cost centre',
} as const;
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  correct: 'Corrected',
  reverse: 'Reversed',
  // The most frequent of the other modules' actions; the rest read in words (`wordsForUnlabelled`).
  acknowledge: 'Acknowledged',
  resolve: 'Resolved',
  comment: 'Commented',
  reopen: 'Reopened',
  seed: 'Demo data loaded',
  sign_in: 'Signed in',
  import: 'Imported',
  export: 'Exported',
};
/** Audit-log entity names → the setup list's title ("cost_centre" → "Cost centres"). */
export const ENTITY_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(SETUP_RESOURCES).map((r) => [r.entity, r.title]),
);

const updated = { key: 'updatedAt', title: 'Updated', kind: 'datetime', hidden: true } as const;

const allocationBase = columnsOf<Allocation>()([
  { key: 'subjectType', title: 'For', kind: 'enum', labels: ALLOCATION_SUBJECT_LABELS },
  { key: 'subjectLabel', title: 'Subject', kind: 'text' },
  { key: 'productName', title: 'Product', kind: 'text' },
  { key: 'storeName', title: 'Store', kind: 'text' },
]);

const equipment = columnsOf<Equipment>()([
  { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
  { key: 'registration', title: 'Registration', kind: 'text' },
  { key: 'description', title: 'Description', kind: 'text' },
  { key: 'typeName', title: 'Type', kind: 'text' },
  { key: 'costCentreName', title: 'Cost centre', kind: 'text' },
  { key: 'effectiveMeterType', title: 'Meter', kind: 'enum', labels: METER_LABELS },
  { key: 'effectiveHasMeter', title: 'Meter fitted', kind: 'bool' },
  { key: 'currentMeter', title: 'Current meter', kind: 'number', decimals: 1 },
  { key: 'effectiveTankCapacity', title: 'Tank (L)', kind: 'litres' },
  { key: 'tags', title: 'Tags', kind: 'list' },
  { key: 'homeStoreName', title: 'Home store', kind: 'text', hidden: true },
  { key: 'fams24Enabled', title: 'FAMS24', kind: 'bool', hidden: true },
  { key: 'active', title: 'Active', kind: 'bool' },
]);

const employees = columnsOf<Employee>()([
  { key: 'number', title: 'Number', kind: 'text' },
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'costCentreName', title: 'Cost centre', kind: 'text' },
  { key: 'tag', title: 'Tag', kind: 'text' },
  { key: 'hasPin', title: 'PIN', kind: 'bool' },
  { key: 'licenceExpiry', title: 'Licence expiry', kind: 'date' },
  { key: 'storeIds', title: 'Stores', kind: 'list' },
  { key: 'userName', title: 'Signs in as', kind: 'text', hidden: true },
  { key: 'fams24Enabled', title: 'FAMS24', kind: 'bool', hidden: true },
  { key: 'active', title: 'Active', kind: 'bool' },
]);

const shown = <C extends { key: string; hidden?: boolean }>(cols: readonly C[], keys: readonly string[]) =>
  cols.filter((c) => keys.includes(c.key)).map((c) => ({ ...c, hidden: false }));

export const SETUP_COLUMNS = {
  stores: columnsOf<Store>()([
    { key: 'code', title: 'Code', kind: 'text' },
    { key: 'name', title: 'Name', kind: 'text' },
    { key: 'variant', title: 'Variant', kind: 'text' },
    { key: 'address', title: 'Address', kind: 'text' },
    { key: 'timezone', title: 'Time zone', kind: 'text' },
    { key: 'openingHours', title: 'Opening hours', kind: 'text' },
    { key: 'latitude', title: 'Latitude', kind: 'number', decimals: 6, hidden: true },
    { key: 'longitude', title: 'Longitude', kind: 'number', decimals: 6, hidden: true },
    updated,
  ]),
  products: columnsOf<Product>()([
    { key: 'code', title: 'Code', kind: 'text' },
    { key: 'name', title: 'Name', kind: 'text' },
    { key: 'kind', title: 'Kind', kind: 'enum', labels: PRODUCT_KIND_LABELS },
    { key: 'unit', title: 'Unit', kind: 'text' },
    { key: 'price', title: 'Price', kind: 'money' },
    { key: 'fuelGroup', title: 'Fuel group', kind: 'enum', labels: FUEL_GROUP_LABELS },
    { key: 'density15', title: 'Density 15 °C', kind: 'number', hidden: true },
  ]),
  productPrices: columnsOf<ProductPrice>()([
    { key: 'effectiveFrom', title: 'From', kind: 'date' },
    { key: 'storeName', title: 'Store', kind: 'text' },
    { key: 'price', title: 'Price per unit', kind: 'number', decimals: 4 },
    updated,
  ]),
  tanks: columnsOf<Tank>()([
    { key: 'code', title: 'Code', kind: 'text' },
    { key: 'name', title: 'Name', kind: 'text' },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
    { key: 'productName', title: 'Product', kind: 'text' },
    { key: 'capacity', title: 'Capacity (L)', kind: 'litres' },
    { key: 'safeFill', title: 'Safe fill (L)', kind: 'litres' },
    { key: 'lowLevel', title: 'Low level (L)', kind: 'litres' },
    { key: 'gaugeProbeId', title: 'Gauge probe', kind: 'text', hidden: true },
    { key: 'strappingChart', title: 'Strapping chart', kind: 'text' },
    updated,
  ]),
  costCentres: columnsOf<CostCentre>()([
    { key: 'code', title: 'Code', kind: 'text' },
    { key: 'name', title: 'Name', kind: 'text' },
    { key: 'description', title: 'Description', kind: 'text' },
    updated,
  ]),
  equipmentTypes: columnsOf<EquipmentType>()([
    { key: 'code', title: 'Code', kind: 'text' },
    { key: 'make', title: 'Make', kind: 'text' },
    { key: 'model', title: 'Model', kind: 'text' },
    { key: 'tankCapacity', title: 'Tank (L)', kind: 'litres' },
    { key: 'meterType', title: 'Meter', kind: 'enum', labels: METER_LABELS },
    { key: 'hasMeter', title: 'Meter fitted', kind: 'bool' },
    { key: 'expectedConsumption', title: 'Expected consumption', kind: 'number' },
  ]),
  equipmentExtras: columnsOf<EquipmentExtra>()([
    { key: 'key', title: 'Key', kind: 'text' },
    { key: 'label', title: 'Label', kind: 'text' },
    { key: 'type', title: 'Type', kind: 'enum', labels: EXTRA_TYPE_LABELS },
    { key: 'required', title: 'Required', kind: 'bool' },
  ]),
  equipment,
  equipmentFams24: [
    ...shown(equipment, ['fleetNo', 'registration', 'description', 'typeName', 'tags', 'homeStoreName']),
    ...columnsOf<Equipment>()([
      { key: 'fams24Enabled', title: 'FAMS24', kind: 'bool' },
      { key: 'pinRequired', title: 'PIN required', kind: 'bool' },
      { key: 'odometerRequired', title: 'Odometer required', kind: 'bool' },
    ]),
  ],
  employees,
  employeesFams24: shown(employees, ['number', 'name', 'tag', 'hasPin', 'fams24Enabled', 'active']),
  allocations: [
    ...allocationBase,
    ...columnsOf<Allocation>()([
      { key: 'dailyLimit', title: 'Daily limit', kind: 'litres' },
      { key: 'monthlyLimit', title: 'Monthly limit', kind: 'litres' },
      { key: 'active', title: 'Active', kind: 'bool' },
      { key: 'note', title: 'Note', kind: 'text', hidden: true },
    ]),
  ],
  customAllocations: [
    ...allocationBase,
    ...columnsOf<Allocation>()([
      { key: 'weekdays', title: 'Weekdays', kind: 'list' },
      { key: 'hoursFrom', title: 'Hours', kind: 'text' },
      { key: 'hoursTo', title: 'Hours to', kind: 'text', hidden: true },
      { key: 'maxPerTransaction', title: 'Max per transaction', kind: 'litres' },
    ]),
  ],
  assets: columnsOf<Asset>()([
    { key: 'assetNo', title: 'Asset no.', kind: 'text' },
    { key: 'erpId', title: 'ERP id', kind: 'text' },
    { key: 'status', title: 'Status', kind: 'enum', labels: ASSET_STATUS_LABELS },
    { key: 'equipmentFleetNo', title: 'Equipment', kind: 'text' },
    { key: 'description', title: 'Description', kind: 'text' },
    { key: 'costCentreName', title: 'Cost centre', kind: 'text' },
    { key: 'storeName', title: 'Store', kind: 'text' },
  ]),
  f24Rules: columnsOf<F24Rule>()([
    { key: 'storeName', title: 'Store', kind: 'text' },
    { key: 'maxLitresPerTransaction', title: 'Max per transaction', kind: 'litres' },
    { key: 'odometerRequired', title: 'Odometer required', kind: 'bool' },
    { key: 'maxOdometerJumpKm', title: 'Max odometer jump', kind: 'number' },
    { key: 'maxHoursJump', title: 'Max hours jump', kind: 'number' },
    { key: 'allowedFrom', title: 'Allowed hours', kind: 'text' },
    { key: 'allowedTo', title: 'Allowed until', kind: 'text', hidden: true },
    { key: 'minMinutesBetweenFills', title: 'Min interval', kind: 'number', decimals: 0 },
  ]),
  assetAllocations: columnsOf<AssetAllocation>()([
    { key: 'assetNo', title: 'Asset no.', kind: 'text' },
    { key: 'costCentreName', title: 'Cost centre', kind: 'text' },
    { key: 'storeName', title: 'Store', kind: 'text' },
    { key: 'validFrom', title: 'From', kind: 'datetime' },
    { key: 'validTo', title: 'To', kind: 'datetime' },
    { key: 'changedByName', title: 'Changed by', kind: 'text' },
  ]),
  auditLogs: columnsOf<AuditLogRow>()([
    { key: 'at', title: 'When', kind: 'datetime' },
    { key: 'userName', title: 'Who', kind: 'text' },
    { key: 'action', title: 'Action', kind: 'enum', labels: AUDIT_ACTION_LABELS, wordsForUnlabelled: true },
    { key: 'entity', title: 'What', kind: 'enum', labels: ENTITY_LABELS, wordsForUnlabelled: true },
    { key: 'record', title: 'Record', kind: 'text' },
    { key: 'entityId', title: 'Record id', kind: 'text', hidden: true },
    { key: 'before', title: 'Before', kind: 'text', hidden: true },
    { key: 'after', title: 'After', kind: 'text', hidden: true },
  ]),
  deleted: columnsOf<DeletedRow>()([
    { key: 'entity', title: 'What', kind: 'enum', labels: ENTITY_LABELS },
    { key: 'label', title: 'Record', kind: 'text' },
    { key: 'deletedAt', title: 'Deleted', kind: 'datetime' },
    { key: 'deletedByName', title: 'Deleted by', kind: 'text' },
  ]),
} as const;
