import { z } from 'zod';
import { isCalendarDay, PIVOT_DIMENSIONS, PIVOT_MEASURES, type PivotDimension, type PivotMeasure } from './pivot';
import { atScale, fieldTime, inCalendarRange } from './safe-input';

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

// ---- Correction by reversal (docs/design.md §5) --------------------------------------------------

const reason = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason (at least 3 characters)')
  .max(500, 'At most 500 characters');

/** `POST /api/v1/dispenses/:id/reverse`: cancels a dispense without a replacement. */
export const ReverseInput = z.strictObject({ reason });
export type ReverseInput = z.input<typeof ReverseInput>;

/**
 * `POST /api/v1/dispenses/:id/correct`: the dispense as it should have been (every field the
 * form shows) and why. One transaction stores a reversal of the original (litres negated, same
 * time and tank, stock movement `reversal`) and the corrected dispense as a new record through
 * the ingest's dispense handler (its exceptions are raised again). Answers 201 CorrectionResult;
 * 404 unknown; 409 `already_reversed` / `is_reversal`; 422 `unchanged` or invalid references.
 */
export const CorrectionInput = z.strictObject({
  storeId: z.uuid('Choose a store'),
  tankId: z.uuid('Choose a tank or pump'),
  equipmentId: z.uuid('Choose the equipment'),
  employeeId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  costCentreId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  litres: atScale(
    z
      .number({ error: 'Litres must be a number' })
      .positive('Litres must be more than 0')
      .max(1_000_000, 'Litres is too large'),
    'Litres',
    3,
  ),
  meter: atScale(
    z
      .number({ error: 'Meter must be a number' })
      .min(0, 'Meter cannot be negative')
      .max(99_999_999_999, 'Meter is too large'),
    'Meter',
    1,
  )
    .nullish()
    .transform((v) => v ?? null),
  // The same window as a dispense sent from the field (safe-input.ts `fieldTime`).
  dispensedAt: fieldTime('The dispense time'),
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
  reason,
});
export type CorrectionInput = z.input<typeof CorrectionInput>;
export const CORRECTABLE_FIELDS = [
  'storeId',
  'tankId',
  'equipmentId',
  'employeeId',
  'costCentreId',
  'litres',
  'meter',
  'dispensedAt',
  'note',
] as const;

export const CorrectionResult = z.object({
  reversal: DispenseRecordRow,
  /** Null for a reversal without replacement. */
  replacement: DispenseRecordRow.nullable(),
  /** Exception codes the replacement raised. */
  exceptions: z.array(z.string()),
});
export type CorrectionResult = z.infer<typeof CorrectionResult>;

export const CORRECTION_ERRORS = {
  alreadyReversed: 'already_reversed',
  isReversal: 'is_reversal',
  unchanged: 'unchanged',
} as const;

/** The fields of a correction that differ from the original (what the audit entry names). */
export function changedFields(
  original: Record<CorrectableField, unknown>,
  next: Record<CorrectableField, unknown>,
): CorrectableField[] {
  const same = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /^\d{4}-/.test(a))
      return Date.parse(a) === Date.parse(b);
    return (a ?? null) === (b ?? null);
  };
  return CORRECTABLE_FIELDS.filter((f) => !same(original[f], next[f]));
}
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

// ---- Pivot ------------------------------------------------------------------------------------

export { isCalendarDay, PIVOT_DIMENSIONS, PIVOT_MEASURES, type PivotDimension, type PivotMeasure } from './pivot';
export const DIMENSION_LABELS: Record<PivotDimension, string> = {
  store: 'Store',
  product: 'Product',
  tank: 'Tank',
  equipment: 'Equipment',
  employee: 'Employee',
  costCentre: 'Cost centre',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};
export const MEASURE_LABELS: Record<PivotMeasure, string> = { litres: 'Litres', cost: 'Cost', count: 'Dispenses' };
/** Most cells (rows × columns) one pivot may have; beyond it the answer is 422 `too_many_cells`. */
export const MAX_PIVOT_CELLS = 20_000;
/** A pivot without a column dimension is one column wide. */
export const pivotCellsOk = (rows: number, cols: number) => rows * Math.max(cols, 1) <= MAX_PIVOT_CELLS;

const day = (label: string) =>
  inCalendarRange(z.string().refine(isCalendarDay, `${label}: use a real date (YYYY-MM-DD)`), label);

/**
 * `GET /api/v1/records/pivot`: dispenses grouped by a row and a column dimension (the column may be
 * left out for a single column), one measure. Cost is litres × the product's current price.
 * Count is net (a reversal counts −1), so a corrected dispense counts once.
 */
export const PivotQuery = z
  .strictObject({
    rows: z.enum(PIVOT_DIMENSIONS, { error: `rows: one of ${PIVOT_DIMENSIONS.join(', ')}` }),
    cols: z.enum(PIVOT_DIMENSIONS, { error: `cols: one of ${PIVOT_DIMENSIONS.join(', ')}` }).optional(),
    measure: z.enum(PIVOT_MEASURES, { error: `measure: one of ${PIVOT_MEASURES.join(', ')}` }).default('litres'),
    from: day('From').optional(),
    to: day('To').optional(),
    storeId: z.uuid('Not a store id').optional(),
    productId: z.uuid('Not a product id').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.cols && q.cols === q.rows)
      ctx.addIssue({ code: 'custom', path: ['cols'], message: 'Choose a different dimension for the columns' });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From' });
  });
export type PivotQuery = z.input<typeof PivotQuery>;

export const PivotHeader = z.object({ key: z.string().nullable(), label: z.string() });
export const PivotResult = z.object({
  measure: z.enum(PIVOT_MEASURES),
  rowDimension: z.enum(PIVOT_DIMENSIONS),
  colDimension: z.enum(PIVOT_DIMENSIONS).nullable(),
  rows: z.array(PivotHeader),
  cols: z.array(PivotHeader),
  /** cells[r][c]; null where no dispense falls. */
  cells: z.array(z.array(z.number().nullable())),
  rowTotals: z.array(z.number()),
  colTotals: z.array(z.number()),
  grand: z.number(),
});
export type PivotResult = z.infer<typeof PivotResult>;

/** Rounding of a measure's figures (litres to the ml, money to the cent). */
export const roundMeasure = (m: PivotMeasure, v: number) =>
  m === 'count' ? Math.round(v) : m === 'cost' ? Math.round(v * 100) / 100 : Math.round(v * 1000) / 1000;
