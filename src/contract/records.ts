import { z } from 'zod';

/**
 * Query screens over field records (`/FiltersDispensing`, `/FiltersReceived`, `/FiltersReceivedMan`,
 * `/FiltersTransfer`, `/FiltersAllocation`), corrections by reversal and `/QuickPivot`.
 *
 * The lists speak the one list protocol (`list.ts`) plus, beside each list, `GET <path>/totals`
 * (same query → totals over the whole filtered set, not the page) and `GET <path>/export`.
 * Dates `f.from` / `f.to` are calendar days (YYYY-MM-DD, `to` inclusive) in each record's store's
 * time zone, so a day means the same here, in the pivot and on the site.
 */

export interface RecordListInfo {
  path: string;
  title: string;
  screen: string;
  sort: readonly string[];
  defaultSort: string;
  filters: readonly string[];
  search: readonly string[];
}

const list = <const S extends readonly string[], const F extends readonly string[]>(
  x: Omit<RecordListInfo, 'sort' | 'filters'> & { sort: S; filters: F },
) => x;

export const RECORD_LISTS = {
  dispenses: list({
    path: '/records/dispenses',
    title: 'Dispensing records',
    screen: '/FiltersDispensing',
    defaultSort: '-dispensedAt',
    sort: ['dispensedAt', 'litres', 'meter', 'receivedAt'],
    filters: [
      'from',
      'to',
      'storeId',
      'tankId',
      'productId',
      'equipmentId',
      'employeeId',
      'costCentreId',
      'variant',
      'hasException',
      'status',
      'hasGps',
    ],
    search: ['fleet no.', 'registration', 'device', 'note'],
  }),
  receipts: list({
    path: '/records/receipts',
    title: 'Receipts',
    screen: '/FiltersReceived',
    defaultSort: '-receivedOn',
    sort: ['receivedOn', 'litres', 'supplier', 'deliveryNote', 'receivedAt'],
    filters: ['from', 'to', 'storeId', 'tankId', 'productId', 'supplier', 'source'],
    search: ['supplier', 'delivery note', 'device', 'note'],
  }),
  transfers: list({
    path: '/records/transfers',
    title: 'Transfer records',
    screen: '/FiltersTransfer',
    defaultSort: '-transferredAt',
    sort: ['transferredAt', 'litres', 'receivedAt'],
    filters: ['from', 'to', 'storeId', 'fromTankId', 'toTankId', 'destination', 'employeeId'],
    search: ['bowser', 'device', 'note'],
  }),
  allocations: list({
    path: '/records/allocation-usage',
    title: 'Allocation usage',
    screen: '/FiltersAllocation',
    defaultSort: 'subjectLabel',
    sort: ['subjectLabel', 'usedToday', 'usedThisMonth', 'dailyPct', 'monthlyPct'],
    filters: ['productId', 'storeId', 'subjectType', 'overLimit', 'active'],
    search: ['subject', 'note'],
  }),
} as const;
export type RecordListName = keyof typeof RECORD_LISTS;

/** The manual-receipts screen is the receipts list with this filter fixed. */
export const MANUAL_RECEIPTS = { screen: '/FiltersReceivedMan', filter: 'source', value: 'manual' } as const;

/**
 * How a receipt's source is told apart (ADR 014): people capture receipts on a device, under
 * their own user. A receipt is "system" when the system user wrote it (user id 1 owns automatic
 * writes: the demo history, gauge matching) or when its device id carries a reserved
 * `<source>:` prefix (writers that run on a person's behalf, such as imports); every other
 * receipt is "manual".
 */
export const SYSTEM_USER_ID = 1;
export const SYSTEM_DEVICE_PREFIXES = ['import', 'seed', 'gauge', 'system'] as const;
export const RECEIPT_SOURCES = ['manual', 'system'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];
export const isSystemDevice = (deviceId: string) => SYSTEM_DEVICE_PREFIXES.some((p) => deviceId.startsWith(`${p}:`));
export const isSystemReceipt = (r: { deviceId: string; createdBy: number }) =>
  r.createdBy === SYSTEM_USER_ID || isSystemDevice(r.deviceId);

/** Where a dispense stands: a plain record, one cancelled by a reversal, or the reversal itself. */
export const DISPENSE_STATUSES = ['active', 'reversed', 'reversal'] as const;
export type DispenseStatus = (typeof DISPENSE_STATUSES)[number];
export const TRANSFER_DESTINATIONS = ['tank', 'bowser'] as const;

export const DispenseRecordRow = z.object({
  id: z.uuid(),
  dispensedAt: z.string(),
  variant: z.enum(['FAMS', 'FAMS24']),
  storeId: z.uuid(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  tankId: z.uuid(),
  tankCode: z.string().nullable(),
  tankName: z.string().nullable(),
  productId: z.uuid(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  equipmentId: z.uuid(),
  fleetNo: z.string().nullable(),
  employeeId: z.uuid().nullable(),
  employeeName: z.string().nullable(),
  costCentreId: z.uuid().nullable(),
  costCentreCode: z.string().nullable(),
  costCentreName: z.string().nullable(),
  /** Negative on a reversal. */
  litres: z.number(),
  meter: z.number().nullable(),
  meterType: z.enum(['km', 'hours']).nullable(),
  hasGps: z.boolean(),
  gps: z.object({ lat: z.number(), lng: z.number(), accuracyM: z.number().nullable() }).nullable(),
  deviceId: z.string(),
  /** When the server stored it (synced at). */
  receivedAt: z.string(),
  note: z.string(),
  createdByName: z.string().nullable(),
  status: z.enum(DISPENSE_STATUSES),
  /** On a reversal: the dispense it cancels. */
  reversalOf: z.uuid().nullable(),
  exceptionCodes: z.array(z.string()),
});
export type DispenseRecordRow = z.infer<typeof DispenseRecordRow>;

export const ReceiptRecordRow = z.object({
  id: z.uuid(),
  receivedOn: z.string(),
  storeId: z.uuid().nullable(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  tankId: z.uuid(),
  tankCode: z.string().nullable(),
  tankName: z.string().nullable(),
  productId: z.uuid().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  supplier: z.string(),
  deliveryNote: z.string(),
  litres: z.number(),
  dipBeforeMm: z.number().nullable(),
  dipAfterMm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  source: z.enum(RECEIPT_SOURCES),
  deviceId: z.string(),
  receivedAt: z.string(),
  note: z.string(),
  createdByName: z.string().nullable(),
});
export type ReceiptRecordRow = z.infer<typeof ReceiptRecordRow>;

export const TransferRecordRow = z.object({
  id: z.uuid(),
  transferredAt: z.string(),
  storeId: z.uuid().nullable(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  fromTankId: z.uuid(),
  fromTankCode: z.string().nullable(),
  fromTankName: z.string().nullable(),
  toTankId: z.uuid().nullable(),
  toTankCode: z.string().nullable(),
  toTankName: z.string().nullable(),
  toBowser: z.string().nullable(),
  litres: z.number(),
  employeeId: z.uuid().nullable(),
  employeeName: z.string().nullable(),
  deviceId: z.string(),
  receivedAt: z.string(),
  note: z.string(),
  createdByName: z.string().nullable(),
});
export type TransferRecordRow = z.infer<typeof TransferRecordRow>;

/**
 * `/FiltersAllocation`: what each allocation's subject drew of its product today and this month
 * (store-local; the allocation's store's time zone, else the account's first store's), counted as
 * the dispense check counts it (`setup/dispense-check.ts` via the ingest's usage): every dispense
 * of the subject and product, reversals netting out. `date` (YYYY-MM-DD) looks at another day.
 */
export const AllocationUsageRow = z.object({
  id: z.uuid(),
  subjectType: z.enum(['equipment', 'employee', 'costCentre']),
  subjectLabel: z.string().nullable(),
  productId: z.uuid(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  storeId: z.uuid().nullable(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  active: z.boolean(),
  dailyLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  usedToday: z.number(),
  usedThisMonth: z.number(),
  /** Used ÷ limit × 100, one decimal; null without a limit. */
  dailyPct: z.number().nullable(),
  monthlyPct: z.number().nullable(),
  overLimit: z.boolean(),
  /** The day the figures are for (store-local). */
  day: z.string(),
  note: z.string(),
});
export type AllocationUsageRow = z.infer<typeof AllocationUsageRow>;

/** `GET <list>/totals`: over the whole filtered set. */
export const RecordTotals = z.object({
  /** Rows in the filtered set. */
  rows: z.number().int(),
  /** Net litres (reversals count negative). */
  litres: z.number(),
  /** Net number of dispenses: a reversal counts −1 (dispenses only; = rows elsewhere). */
  count: z.number().int(),
});
export type RecordTotals = z.infer<typeof RecordTotals>;

export const ExceptionBrief = z.object({
  id: z.uuid(),
  code: z.string(),
  severity: z.string(),
  status: z.string(),
  message: z.string(),
  raisedAt: z.string(),
});
export const AuditBrief = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.string(),
  entityId: z.string().nullable(),
  userName: z.string().nullable(),
  after: z.unknown(),
});
export type AuditBrief = z.infer<typeof AuditBrief>;

/** `GET <list>/:id`: one record with what it raised and its audit trail. */
export const recordDetail = <T extends z.ZodType>(row: T) =>
  z.object({
    record: row,
    exceptions: z.array(ExceptionBrief),
    audit: z.array(AuditBrief),
    /**
     * Dispenses: the reversal that cancels it, the dispense that replaced it, the one a reversal
     * reverses, the one a replacement replaces. All null for receipts and transfers.
     */
    links: z.object({
      reversalId: z.uuid().nullable(),
      replacementId: z.uuid().nullable(),
      reversalOf: z.uuid().nullable(),
      replaces: z.uuid().nullable(),
    }),
  });
export const DispenseDetail = recordDetail(DispenseRecordRow);
export type DispenseDetail = z.infer<typeof DispenseDetail>;
export const ReceiptDetail = recordDetail(ReceiptRecordRow);
export type ReceiptDetail = z.infer<typeof ReceiptDetail>;
export const TransferDetail = recordDetail(TransferRecordRow);
export type TransferDetail = z.infer<typeof TransferDetail>;

export * from './pivot-query';
export { isCalendarDay, PIVOT_DIMENSIONS, PIVOT_MEASURES, type PivotDimension, type PivotMeasure } from './pivot';
