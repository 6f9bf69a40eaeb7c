import { z } from 'zod';
import { columnsOf } from './columns';
import { VARIANCE_EXCEPTION } from './balancing';
import { DISPENSE_EXCEPTION_CODES } from './dispensing';
import { CONSUMPTION_EXCEPTION } from './consumption';
import { GAUGE_EXCEPTION_CODES } from './gauges';
import { LEAK_EXCEPTION } from './leak-test';
import { storableString } from './safe-input';

/**
 * `/Exceptions` and `/ExceptionHistory`: exceptions raised by the ingest, the gauges and the
 * balancing, worked to the end (issue 12). States:
 *
 *   open ──acknowledge──▶ acknowledged ──resolve──▶ resolved ──reopen──▶ open
 *     └────────────────────resolve─────────────────────▲
 *
 * Assigning and commenting keep the state. Every step is an event on the exception's timeline
 * and an audit entry. A step the exception's state does not allow is 409 `exception_state`.
 */

export const EXCEPTION_CODES = [
  ...DISPENSE_EXCEPTION_CODES,
  ...GAUGE_EXCEPTION_CODES,
  VARIANCE_EXCEPTION,
  LEAK_EXCEPTION,
  CONSUMPTION_EXCEPTION,
] as const;
export type ExceptionCode = (typeof EXCEPTION_CODES)[number];

/** What each code means, in the words a fuel manager uses (the lists show these, not the codes). */
export const EXCEPTION_LABELS: Record<ExceptionCode, string> = {
  meter_rollback: 'Meter went backwards',
  over_equipment_capacity: 'More than the equipment holds',
  not_allocated: 'Not allocated',
  over_daily_limit: 'Over the daily limit',
  over_monthly_limit: 'Over the monthly limit',
  weekday_not_allowed: 'Day not allowed',
  outside_hours: 'Outside allowed hours',
  outside_working_hours: 'Outside working hours',
  over_max_per_transaction: 'Over the limit per fill',
  negative_book_stock: 'Book stock below zero',
  fams24_rule: 'FAMS24 rule broken',
  clock_skew: 'Device clock wrong',
  no_meter_reading: 'No meter reading',
  low_level: 'Tank level low',
  high_level: 'Tank level high',
  water: 'Water in the tank',
  stale_gauge: 'Gauge silent',
  unmatched_delivery: 'Delivery without a receipt',
  variance_over_threshold: 'Stock variance over the limit',
  leak_suspected: 'Leak suspected',
  consumption_outlier: 'Fuel use far over usual',
};
export const exceptionLabel = (code: string) => EXCEPTION_LABELS[code as ExceptionCode] ?? code;

export const EXCEPTION_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type ExceptionSeverity = (typeof EXCEPTION_SEVERITIES)[number];
export const EXCEPTION_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
/** The states the working list shows; resolved ones are on the history. */
export const UNRESOLVED: readonly ExceptionStatus[] = ['open', 'acknowledged'];

export const RESOLUTION_REASONS = ['corrected', 'explained', 'false_alarm', 'other'] as const;
export type ResolutionReason = (typeof RESOLUTION_REASONS)[number];
export const RESOLUTION_LABELS: Record<ResolutionReason, string> = {
  corrected: 'Corrected',
  explained: 'Explained',
  false_alarm: 'False alarm',
  other: 'Other',
};

/**
 * `continued`: a repeating detector found the condition again in another month and added it to the
 * unresolved exception instead of raising a second one (ADR 075).
 */
export const EXCEPTION_ACTIONS = [
  'raised',
  'acknowledged',
  'assigned',
  'commented',
  'resolved',
  'reopened',
  'continued',
] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];

/** Age filter of the working list: how long an exception has been waiting. */
export const EXCEPTION_AGES = { '1d': 'Over a day', '7d': 'Over a week', '30d': 'Over a month' } as const;
export type ExceptionAge = keyof typeof EXCEPTION_AGES;

export const EXCEPTION_LISTS = {
  open: {
    path: '/exceptions',
    title: 'Exceptions',
    screen: '/Exceptions',
    defaultSort: '-raisedAt',
    sort: ['raisedAt', 'severity', 'code'],
    filters: [
      'code',
      'severity',
      'status',
      'storeId',
      'tankId',
      'equipmentId',
      'employeeId',
      'assignedTo',
      'age',
      'entity',
    ],
    search: ['message', 'fleet no.', 'tank'],
  },
  history: {
    path: '/exceptions/history',
    title: 'Exception history',
    screen: '/ExceptionHistory',
    defaultSort: '-resolvedAt',
    sort: ['resolvedAt', 'raisedAt', 'severity', 'code', 'hoursToResolve'],
    filters: [
      'code',
      'severity',
      'storeId',
      'tankId',
      'equipmentId',
      'employeeId',
      'reason',
      'resolvedBy',
      'from',
      'to',
    ],
    search: ['message', 'fleet no.', 'tank', 'resolution'],
  },
} as const;
export type ExceptionListName = keyof typeof EXCEPTION_LISTS;

export const ExceptionRow = z.object({
  id: z.uuid(),
  code: z.string(),
  severity: z.enum(EXCEPTION_SEVERITIES),
  status: z.enum(EXCEPTION_STATUSES),
  message: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  raisedAt: z.string(),
  storeId: z.string().nullable(),
  storeCode: z.string().nullable(),
  tankId: z.string().nullable(),
  tankCode: z.string().nullable(),
  equipmentId: z.string().nullable(),
  fleetNo: z.string().nullable(),
  employeeId: z.string().nullable(),
  employeeName: z.string().nullable(),
  assignedTo: z.number().int().nullable(),
  assignedToName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  reason: z.enum(RESOLUTION_REASONS).nullable(),
  resolution: z.string().nullable(),
  /** Hours from raised to resolved (history), one decimal. */
  hoursToResolve: z.number().nullable(),
});
export type ExceptionRow = z.infer<typeof ExceptionRow>;

export const SEVERITY_TITLES: Record<ExceptionSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};
export const STATUS_TITLES: Record<ExceptionStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};
const cols = columnsOf<ExceptionRow>();
const about = cols([
  { key: 'severity', title: 'Severity', kind: 'enum', labels: SEVERITY_TITLES },
  { key: 'code', title: 'Exception', kind: 'enum', labels: EXCEPTION_LABELS },
  { key: 'message', title: 'Details', kind: 'text', sentences: true },
  { key: 'storeCode', title: 'Store', kind: 'code' },
  { key: 'tankCode', title: 'Tank', kind: 'code' },
  { key: 'fleetNo', title: 'Equipment', kind: 'code' },
  { key: 'employeeName', title: 'Employee', kind: 'text', hidden: true },
]);
/**
 * The two lists' columns (ADR 023): the table's headers and the CSV/XLSX export's, declared once.
 * Labels, not codes: "Meter went backwards", "Critical", "False alarm".
 */
export const EXCEPTION_COLUMNS = {
  open: cols([
    { key: 'raisedAt', title: 'Raised', kind: 'datetime' },
    ...about,
    { key: 'status', title: 'Status', kind: 'enum', labels: STATUS_TITLES },
    { key: 'assignedToName', title: 'Assigned to', kind: 'text' },
  ]),
  history: cols([
    { key: 'resolvedAt', title: 'Resolved', kind: 'datetime' },
    { key: 'raisedAt', title: 'Raised', kind: 'datetime', hidden: true },
    ...about,
    { key: 'reason', title: 'Reason', kind: 'enum', labels: RESOLUTION_LABELS },
    { key: 'resolution', title: 'Explanation', kind: 'text', sentences: true },
    { key: 'resolvedByName', title: 'Resolved by', kind: 'text' },
    { key: 'hoursToResolve', title: 'Time to resolve (h)', kind: 'number', decimals: 1 },
  ]),
} as const;

export const ExceptionEvent = z.object({
  at: z.string(),
  action: z.enum(EXCEPTION_ACTIONS),
  userName: z.string().nullable(),
  text: z.string(),
});
export type ExceptionEvent = z.infer<typeof ExceptionEvent>;

/** Where the records or readings that raised an exception are seen (a screen and its search). */
export const Evidence = z.object({
  label: z.string(),
  screen: z.string(),
  search: z.record(z.string(), z.string()),
});
export type Evidence = z.infer<typeof Evidence>;

export const ExceptionDetail = ExceptionRow.extend({
  details: z.unknown(),
  events: z.array(ExceptionEvent),
  evidence: z.array(Evidence),
  /** Incidents and call-outs that link this exception, as links to `/IncidentReport`. */
  incidents: z.array(Evidence),
});
export type ExceptionDetail = z.infer<typeof ExceptionDetail>;

const note = (label: string, max: number) =>
  storableString(label).trim().max(max, `${label} is at most ${max} characters`);

export const CommentInput = z.strictObject({ text: note('The comment', 2000).min(1, 'Write a comment') });
export type CommentInput = z.infer<typeof CommentInput>;

export const AssignInput = z.strictObject({
  /** A user of the account, or null to take the assignment away. */
  userId: z
    .number()
    .int()
    .positive()
    .max(2 ** 53)
    .nullable(),
});
export type AssignInput = z.infer<typeof AssignInput>;

const resolveShape = {
  reason: z.enum(RESOLUTION_REASONS, { error: 'Choose why it is resolved' }),
  text: note('The explanation', 2000).default(''),
};
const otherNeedsText = (v: { reason: ResolutionReason; text: string }) => v.reason !== 'other' || v.text.length > 0;
const otherNeedsTextError = { message: 'Say why, when the reason is Other', path: ['text'] };

export const ResolveInput = z.strictObject(resolveShape).refine(otherNeedsText, otherNeedsTextError);
export type ResolveInput = z.input<typeof ResolveInput>;

/**
 * Bulk resolve: every unresolved exception matching the working list's query (its `f.*` filters
 * and `q`), or the listed ids. Capped so that one click cannot touch an unbounded set.
 */
export const BULK_RESOLVE_MAX = 5000;
export const BulkResolveInput = z
  .strictObject({
    ...resolveShape,
    ids: z.array(z.uuid('Not an exception id')).min(1).max(BULK_RESOLVE_MAX).optional(),
    query: z.record(z.string().max(40), z.string().max(2000)).optional(),
  })
  .refine(otherNeedsText, otherNeedsTextError)
  .refine((v) => (v.ids === undefined) !== (v.query === undefined), {
    message: 'Give either ids or a query',
    path: ['ids'],
  });
export type BulkResolveInput = z.input<typeof BulkResolveInput>;
export const BulkResolveResult = z.object({ resolved: z.number().int(), matched: z.number().int() });

export const EXCEPTION_ERRORS = { state: 'exception_state', assignee: 'not_a_member', tooMany: 'too_many' } as const;

/** Users of the account an exception can be assigned to. */
export const Assignee = z.object({ id: z.number().int(), name: z.string() });
export const AssigneeList = z.object({ items: z.array(Assignee) });
export type Assignee = z.infer<typeof Assignee>;

/** Count of unresolved exceptions, for the menu badge and the dashboard. */
export const ExceptionCount = z.object({ open: z.number().int(), critical: z.number().int() });
export type ExceptionCount = z.infer<typeof ExceptionCount>;
