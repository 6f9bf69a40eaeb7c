/**
 * The setup endpoints and what their lists can sort, filter and search by. The server maps every
 * name listed here to a column (its types require it), so the data table can trust this table.
 * Paths are relative to `API_ROOT`; `screen` is the screen whose rule guards reading and writing.
 */
export interface ListInfo {
  path: string;
  /** Audit-log entity name (also `entity` in the deleted list). */
  entity: string;
  title: string;
  screen: string;
  sort: readonly string[];
  defaultSort: string;
  filters: readonly string[];
  /** What `q` searches, for the search box's placeholder. */
  search: readonly string[];
}

const META_SORT = ['createdAt', 'updatedAt'] as const;

const info = <const S extends readonly string[], const F extends readonly string[]>(
  x: Omit<ListInfo, 'sort' | 'filters'> & { sort: S; filters: F },
) => ({ ...x, sort: [...x.sort, ...META_SORT] as [...S, ...typeof META_SORT], filters: x.filters });

export const SETUP_RESOURCES = {
  stores: info({
    path: '/stores',
    entity: 'store',
    title: 'Stores',
    screen: '/Store',
    defaultSort: 'code',
    sort: ['code', 'name', 'variant', 'timezone'],
    filters: ['variant', 'timezone'],
    search: ['code', 'name', 'address'],
  }),
  products: info({
    path: '/products',
    entity: 'product',
    title: 'Products',
    screen: '/products',
    defaultSort: 'code',
    sort: ['code', 'name', 'kind', 'price', 'fuelGroup'],
    filters: ['kind', 'fuelGroup', 'unit'],
    search: ['code', 'name'],
  }),
  productPrices: info({
    path: '/product-prices',
    entity: 'product_price',
    title: 'Product prices',
    screen: '/products',
    defaultSort: '-effectiveFrom',
    sort: ['effectiveFrom', 'price', 'storeName'],
    filters: ['productId', 'storeId'],
    search: ['storeName'],
  }),
  tanks: info({
    path: '/tanks',
    entity: 'tank',
    title: 'Tanks',
    screen: '/Tank',
    defaultSort: 'code',
    sort: ['code', 'name', 'capacity', 'storeCode'],
    filters: ['storeId', 'productId'],
    search: ['code', 'name', 'gaugeProbeId'],
  }),
  costCentres: info({
    path: '/cost-centres',
    entity: 'cost_centre',
    title: 'Cost centres',
    screen: '/CostCentre',
    defaultSort: 'code',
    sort: ['code', 'name'],
    filters: [],
    search: ['code', 'name', 'description'],
  }),
  equipmentTypes: info({
    path: '/equipment-types',
    entity: 'equipment_type',
    title: 'Equipment types',
    screen: '/MasterEquipment',
    defaultSort: 'code',
    sort: ['code', 'make', 'model', 'tankCapacity', 'meterType'],
    filters: ['meterType', 'hasMeter', 'make'],
    search: ['code', 'make', 'model'],
  }),
  equipmentExtras: info({
    path: '/equipment-extras',
    entity: 'equipment_extra',
    title: 'Equipment extras',
    screen: '/EqpExtras',
    defaultSort: 'key',
    sort: ['key', 'label', 'type'],
    filters: ['type', 'required'],
    search: ['key', 'label'],
  }),
  equipment: info({
    path: '/equipment',
    entity: 'equipment',
    title: 'Equipment',
    screen: '/Equipment',
    defaultSort: 'fleetNo',
    sort: ['fleetNo', 'registration', 'description', 'currentMeter'],
    filters: ['typeId', 'costCentreId', 'homeStoreId', 'meterType', 'hasMeter', 'active', 'fams24Enabled', 'tag'],
    search: ['fleetNo', 'registration', 'description', 'tags'],
  }),
  employees: info({
    path: '/employees',
    entity: 'employee',
    title: 'Employees',
    screen: '/Employee',
    defaultSort: 'number',
    sort: ['number', 'name', 'licenceExpiry'],
    filters: ['costCentreId', 'active', 'fams24Enabled', 'tag', 'storeId'],
    search: ['number', 'name', 'tag'],
  }),
  allocations: info({
    path: '/allocations',
    entity: 'allocation',
    title: 'Allocations',
    screen: '/Allocation',
    defaultSort: 'subjectLabel',
    sort: ['subjectLabel', 'productName', 'storeName', 'dailyLimit', 'monthlyLimit'],
    filters: ['productId', 'storeId', 'equipmentId', 'employeeId', 'costCentreId', 'subjectType', 'active'],
    search: ['subjectLabel', 'note'],
  }),
  assets: info({
    path: '/assets',
    entity: 'asset',
    title: 'Equipment assets',
    screen: '/EquipmentAssets',
    defaultSort: 'assetNo',
    sort: ['assetNo', 'erpId', 'status'],
    filters: ['status', 'equipmentId', 'costCentreId', 'storeId'],
    search: ['assetNo', 'erpId', 'description'],
  }),
  f24Rules: info({
    path: '/f24-rules',
    entity: 'f24_rule',
    title: 'FAMS24 business rules',
    screen: '/F24BusinessRules',
    defaultSort: 'storeName',
    sort: ['storeName'],
    filters: ['storeId'],
    search: ['storeName'],
  }),
} as const;
export type SetupResourceName = keyof typeof SETUP_RESOURCES;

/** Read-mostly lists that are not resources of their own. */
export const SETUP_LISTS = {
  /** Equipment as `/EquipmentFAMS24` sees it: same rows, `PUT /:id` edits only the FAMS24 flags. */
  equipmentFams24: { ...SETUP_RESOURCES.equipment, path: '/equipment-fams24', screen: '/EquipmentFAMS24' },
  /** Employees as `/EmployeeFAMS24` sees them: `PUT /:id` edits the FAMS24 flag, tag and PIN. */
  employeesFams24: { ...SETUP_RESOURCES.employees, path: '/employees-fams24', screen: '/EmployeeFAMS24' },
  assetAllocations: {
    path: '/asset-allocations',
    entity: 'asset_allocation',
    title: 'Allocation assets',
    screen: '/AllocationAssets',
    defaultSort: '-validFrom',
    sort: ['validFrom', 'validTo', 'assetNo'],
    filters: ['assetId', 'costCentreId', 'storeId', 'current'],
    search: ['assetNo'],
  },
  auditLogs: {
    path: '/audit-logs',
    entity: 'audit_log',
    title: 'Audit logs',
    screen: '/AuditLogs',
    defaultSort: '-at',
    sort: ['at', 'entity', 'action', 'userName'],
    filters: ['entity', 'entityId', 'userId', 'action', 'from', 'to'],
    search: ['entity', 'action', 'entityId', 'userName'],
  },
  deleted: {
    path: '/deleted',
    entity: 'deleted',
    title: 'Restore deleted',
    screen: '/RestoreDeleted',
    defaultSort: '-deletedAt',
    sort: ['deletedAt', 'entity', 'label'],
    filters: ['entity'],
    search: ['label'],
  },
} as const satisfies Record<string, ListInfo>;

export { REFERENCE_PATH, VERIFY_PIN_PATH } from './field-paths';
/** The account's users an employee can be linked to (ADR 076). */
export const EMPLOYEE_USERS_PATH = '/employees/users';
