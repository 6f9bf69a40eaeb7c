import { z } from 'zod';
import type { Rule } from './access';
import { columnsOf } from './columns';
import { screenFor } from './screens';
import type { ListInfo } from './setup/resources';

/**
 * `/DataImports`: CSV/XLSX import of master data (ADR 008). Flow:
 *   POST /api/v1/imports?target=<t>&fileName=<name>   raw file as the body (≤ 50 MB) → 201 ImportJob
 *        with the file's columns and a suggested mapping
 *   POST /api/v1/imports/:id/preview {mapping}        the first rows, validated and dry-run → ImportPreview
 *   POST /api/v1/imports/:id/run {mapping}            starts the import in the background → 202 ImportJob
 *   GET  /api/v1/imports/:id                          the job with its progress (poll it)
 *   GET  /api/v1/imports/:id/report                   CSV: row, status, key, column, message
 *   GET  /api/v1/imports (+ /export)                  past jobs of the account (list protocol)
 * Every endpoint needs `editor` (the screen's rule); a target also needs its own screen's rule
 * (stores and tanks `admin`, equipment, employees and allocations `famsManager`, dispenses and
 * receipts `editor`, tank readings `atg`).
 */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_PREVIEW_ROWS = 20;
/** Errors kept on the job (the report file has them all). */
export const IMPORT_MAX_LISTED_ERRORS = 1000;

/** Master data, upserted on a natural key through the setup resources. */
export const MASTER_IMPORT_TARGETS = [
  'stores',
  'tanks',
  'equipment',
  'employees',
  'costCentres',
  'allocations',
] as const;
/**
 * History records (from an old system), stored through the field-record ingest like a device's records:
 * never updated, idempotent on an id made from the row (ADR 037).
 */
export const RECORD_IMPORT_TARGETS = ['dispenses', 'receipts', 'dips'] as const;
export const IMPORT_TARGETS = [...MASTER_IMPORT_TARGETS, ...RECORD_IMPORT_TARGETS] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export type MasterImportTarget = (typeof MASTER_IMPORT_TARGETS)[number];
export type RecordImportTarget = (typeof RECORD_IMPORT_TARGETS)[number];
export const isRecordTarget = (t: ImportTarget): t is RecordImportTarget =>
  (RECORD_IMPORT_TARGETS as readonly string[]).includes(t);

/** How the target choice groups the targets. */
export const IMPORT_TARGET_GROUPS: readonly { label: string; targets: readonly ImportTarget[] }[] = [
  { label: 'Master data', targets: MASTER_IMPORT_TARGETS },
  { label: 'History records', targets: RECORD_IMPORT_TARGETS },
];

export interface ImportField {
  /** Key of the mapping. */
  name: string;
  label: string;
  required?: boolean;
  /** How a cell is written, shown beside the mapping select. */
  hint?: string;
  /** Other column headers that suggest this field (compared without case, spaces or punctuation). */
  aliases?: readonly string[];
}

export interface ImportTargetInfo {
  label: string;
  /** The screen whose rule writing this target needs. */
  screen: string;
  rule: Rule;
  /** What makes a row the same record again (the upsert key), in words. */
  key: string;
  fields: readonly ImportField[];
}

const YES_NO = 'yes/no';
/** Times of history records: the store's wall clock unless the cell names its offset. */
const TIME_HINT = 'YYYY-MM-DD HH:MM[:SS], store’s local time (or with Z / +02:00)';
const time = (label: string) =>
  f('time', label, { required: true, hint: TIME_HINT, aliases: ['date', 'dateTime', 'when', 'timestamp'] });
const storeCode = () => f('storeCode', 'Store code', { required: true, aliases: ['store'] });
const tankCode = () =>
  f('tankCode', 'Tank code', { required: true, hint: 'the tank’s code at that store', aliases: ['tank'] });
const reference = () =>
  f('reference', 'External reference', {
    hint: 'the old system’s record id; blank = the row itself identifies the record',
    aliases: ['ref', 'externalRef', 'externalId', 'transactionId', 'recordId'],
  });
const CODES = 'codes separated by ;';
const f = (name: string, label: string, extra: Omit<ImportField, 'name' | 'label'> = {}): ImportField => ({
  name,
  label,
  ...extra,
});
const ruleOf = (screen: string): Rule => screenFor(screen)!.rule;
const target = (label: string, screen: string, key: string, fields: ImportField[]): ImportTargetInfo => ({
  label,
  screen,
  rule: ruleOf(screen),
  key,
  fields,
});

export const IMPORT_TARGET_INFO: Record<ImportTarget, ImportTargetInfo> = {
  stores: target('Stores', '/Store', 'store code', [
    f('code', 'Code', { required: true, aliases: ['store', 'storeCode'] }),
    f('name', 'Name', { required: true }),
    f('variant', 'Variant', { required: true, hint: 'FAMS or FAMS24' }),
    f('address', 'Address'),
    f('latitude', 'Latitude'),
    f('longitude', 'Longitude'),
    f('timezone', 'Time zone', { required: true, hint: 'e.g. Africa/Johannesburg', aliases: ['tz'] }),
  ]),
  tanks: target('Tanks', '/Tank', 'store code + tank code', [
    f('storeCode', 'Store code', { required: true, aliases: ['store'] }),
    f('code', 'Tank code', { required: true, aliases: ['tank'] }),
    f('productCode', 'Product code', { required: true, aliases: ['product'] }),
    f('name', 'Name', { required: true }),
    f('capacity', 'Capacity (L)', { required: true }),
    f('safeFill', 'Safe fill (L)', { required: true }),
    f('lowLevel', 'Low level (L)', { required: true }),
    f('gaugeProbeId', 'Gauge probe', { aliases: ['probe'] }),
  ]),
  equipment: target('Equipment', '/Equipment', 'fleet no.', [
    f('fleetNo', 'Fleet no.', { required: true, aliases: ['fleet', 'fleetNumber'] }),
    f('registration', 'Registration', { aliases: ['reg', 'registrationNo'] }),
    f('description', 'Description'),
    f('typeCode', 'Type code', { aliases: ['type', 'equipmentType'] }),
    f('costCentreCode', 'Cost centre code', { aliases: ['costCentre', 'cc'] }),
    f('meterType', 'Meter type', { hint: 'km or hours; blank = the type’s', aliases: ['meter'] }),
    f('hasMeter', 'Meter fitted', { hint: `${YES_NO}; no = fills need no reading` }),
    f('currentMeter', 'Current meter'),
    f('tankCapacity', 'Tank capacity (L)', { hint: 'blank = the type’s' }),
    f('tags', 'Tags', { hint: 'separated by ;' }),
    f('homeStoreCode', 'Home store code', { aliases: ['homeStore', 'store'] }),
    f('fams24Enabled', 'FAMS24 enabled', { hint: YES_NO, aliases: ['fams24'] }),
    f('pinRequired', 'PIN required', { hint: YES_NO }),
    f('odometerRequired', 'Odometer required', { hint: YES_NO }),
    f('active', 'Active', { hint: YES_NO }),
  ]),
  employees: target('Employees', '/Employee', 'employee number', [
    f('number', 'Employee number', { required: true, aliases: ['employeeNumber', 'employeeNo', 'empNo'] }),
    f('name', 'Name', { required: true }),
    f('tag', 'Tag'),
    f('costCentreCode', 'Cost centre code', { aliases: ['costCentre', 'cc'] }),
    f('licenceExpiry', 'Licence expiry', { hint: 'YYYY-MM-DD', aliases: ['licenseExpiry'] }),
    f('storeCodes', 'Authorised stores', { hint: `store ${CODES}; blank = every store`, aliases: ['stores'] }),
    f('fams24Enabled', 'FAMS24 enabled', { hint: YES_NO, aliases: ['fams24'] }),
    f('active', 'Active', { hint: YES_NO }),
  ]),
  costCentres: target('Cost centres', '/CostCentre', 'cost centre code', [
    f('code', 'Code', { required: true, aliases: ['costCentre', 'costCentreCode'] }),
    f('name', 'Name', { required: true }),
    f('description', 'Description'),
  ]),
  allocations: target('Allocations', '/Allocation', 'product + store + subject', [
    f('productCode', 'Product code', { required: true, aliases: ['product'] }),
    f('storeCode', 'Store code', { hint: 'blank = any store', aliases: ['store'] }),
    f('equipmentFleetNo', 'Equipment fleet no.', {
      hint: 'one of the three subjects',
      aliases: ['fleetNo', 'equipment'],
    }),
    f('employeeNumber', 'Employee number', { hint: 'one of the three subjects', aliases: ['employee', 'employeeNo'] }),
    f('costCentreCode', 'Cost centre code', { hint: 'one of the three subjects', aliases: ['costCentre'] }),
    f('dailyLimit', 'Daily limit (L)'),
    f('monthlyLimit', 'Monthly limit (L)'),
    f('weekdays', 'Weekdays', { hint: 'Mon;Tue… or 0–6 (0 = Sunday); blank = every day' }),
    f('hoursFrom', 'From (HH:MM)', { aliases: ['from', 'timeFrom'] }),
    f('hoursTo', 'To (HH:MM)', { aliases: ['to', 'timeTo'] }),
    f('maxPerTransaction', 'Max per transaction (L)'),
    f('active', 'Active', { hint: YES_NO }),
    f('note', 'Note'),
  ]),
  dispenses: target('Dispenses', '/FiltersDispensing', 'external reference (else the whole row)', [
    time('Time'),
    storeCode(),
    tankCode(),
    f('fleetNo', 'Fleet no.', { required: true, aliases: ['fleet', 'fleetNumber', 'equipment'] }),
    f('employeeNumber', 'Employee number', { aliases: ['employee', 'employeeNo', 'empNo'] }),
    f('costCentreCode', 'Cost centre code', { hint: 'blank = the equipment’s', aliases: ['costCentre', 'cc'] }),
    f('litres', 'Litres', { required: true, aliases: ['liters', 'quantity', 'qty', 'volume'] }),
    f('meter', 'Meter', { hint: 'km or hours', aliases: ['odometer', 'hours', 'km'] }),
    f('note', 'Note'),
    reference(),
  ]),
  receipts: target('Receipts', '/FiltersReceived', 'external reference (else the whole row)', [
    time('Time'),
    storeCode(),
    tankCode(),
    f('supplier', 'Supplier', { required: true }),
    f('deliveryNote', 'Delivery note', { required: true, aliases: ['deliveryNoteNo', 'dn', 'invoice'] }),
    f('litres', 'Litres', { required: true, aliases: ['liters', 'quantity', 'qty', 'volume'] }),
    f('dipBeforeMm', 'Dip before (mm)', { aliases: ['dipBefore'] }),
    f('dipAfterMm', 'Dip after (mm)', { aliases: ['dipAfter'] }),
    f('temperatureC', 'Temperature (°C)', { aliases: ['temperature', 'temp'] }),
    f('note', 'Note'),
    reference(),
  ]),
  dips: target('Tank readings', '/TankLevels', 'external reference (else the whole row)', [
    time('Time'),
    storeCode(),
    tankCode(),
    f('productHeightMm', 'Product height (mm)', {
      required: true,
      aliases: ['productHeight', 'product', 'height', 'dip'],
    }),
    f('waterHeightMm', 'Water (mm)', { hint: 'blank = 0', aliases: ['water', 'waterHeight'] }),
    f('temperatureC', 'Temperature (°C)', { aliases: ['temperature', 'temp'] }),
    f('note', 'Note'),
    reference(),
  ]),
};

/** The allocation subject columns: a mapping must include at least one, a row must fill exactly one. */
export const ALLOCATION_SUBJECT_FIELDS = ['equipmentFleetNo', 'employeeNumber', 'costCentreCode'] as const;

/** Field name → column header of the file (null or missing = not imported). */
export const ImportMapping = z.record(z.string().max(60), z.string().max(200).nullable());
export type ImportMapping = z.infer<typeof ImportMapping>;

export const MappingBody = z.strictObject({ mapping: ImportMapping });
export type MappingBody = z.infer<typeof MappingBody>;

export const UploadQuery = z.strictObject({
  target: z.enum(IMPORT_TARGETS, { error: `Choose one of ${IMPORT_TARGETS.join(', ')}` }),
  fileName: z.string().trim().min(1, 'fileName is required').max(200),
});
export type UploadQuery = z.infer<typeof UploadQuery>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;

/** One problem of one row: `row` is the line in the file (the header is row 1). */
export const RowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type RowError = z.infer<typeof RowError>;

export const ImportJob = z.object({
  id: z.uuid(),
  target: z.enum(IMPORT_TARGETS),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  /** Column headers of the file, in order. */
  columns: z.array(z.string()),
  /** The mapping used (or suggested, before the run). */
  mapping: ImportMapping,
  rowsRead: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** 0–100, from the bytes of the file read so far. */
  progress: z.number(),
  /** The first IMPORT_MAX_LISTED_ERRORS row errors; the report lists every row. */
  errors: z.array(RowError),
  /** Why the whole job failed (unreadable file, server stopped). */
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** How a job's status reads (present: where the job is). */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Waiting for mapping',
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** The past-imports list's columns: the table and its export (ADR 023). */
export const IMPORT_JOB_COLUMNS = columnsOf<ImportJob>()([
  { key: 'createdAt', title: 'When', kind: 'datetime' },
  { key: 'fileName', title: 'File', kind: 'text' },
  {
    key: 'target',
    title: 'What',
    kind: 'enum',
    labels: Object.fromEntries(IMPORT_TARGETS.map((t) => [t, IMPORT_TARGET_INFO[t].label])),
  },
  { key: 'status', title: 'Status', kind: 'enum', labels: IMPORT_STATUS_LABELS },
  { key: 'rowsRead', title: 'Rows', kind: 'number' },
  { key: 'created', title: 'Created', kind: 'number' },
  { key: 'updated', title: 'Updated', kind: 'number' },
  { key: 'unchanged', title: 'Unchanged', kind: 'number', hidden: true },
  { key: 'failed', title: 'Failed', kind: 'number' },
  { key: 'createdBy', title: 'By', kind: 'text' },
]);

export const ROW_STATUSES = ['create', 'update', 'unchanged', 'error'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const PreviewRow = z.object({
  row: z.number().int(),
  /** What running the import would do with this row. */
  status: z.enum(ROW_STATUSES),
  /** The natural key as read (fleet no., code, …). */
  key: z.string(),
  /** Mapped field → cell text. */
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const ImportPreview = z.object({ job: ImportJob, rows: z.array(PreviewRow) });
export type ImportPreview = z.infer<typeof ImportPreview>;

/** Past jobs (list protocol). */
export const IMPORT_JOBS_LIST = {
  path: '/imports',
  entity: 'import_job',
  title: 'Past imports',
  screen: '/DataImports',
  defaultSort: '-createdAt',
  sort: ['createdAt', 'fileName', 'target', 'status'],
  filters: ['target', 'status'],
  search: ['fileName'],
} as const satisfies ListInfo;

/** Report statuses per row (past tense: what happened). */
export const REPORT_STATUSES = ['created', 'updated', 'unchanged', 'failed'] as const;
