import { z } from 'zod';

/**
 * `/DataIntergrityChecks` (issue 12): named checks over an account's data, each one set-based SQL
 * query (server/modules/integrity/checks.repository.ts), run on demand and nightly. A run keeps
 * each check's count and its first `INTEGRITY_ROW_CAP` rows; the screen links each check to the
 * screen where its rows are fixed.
 */

export const INTEGRITY_CHECK_IDS = [
  'meter_out_of_sequence',
  'tag_two_holders',
  'tank_without_strapping',
  'negative_book_stock',
  'overlapping_allocations',
  'receipt_without_tank',
  'reading_in_future',
  'transfer_legs_disagree',
  'inactive_still_dispensing',
] as const;
export type IntegrityCheckId = (typeof INTEGRITY_CHECK_IDS)[number];

/** Rows kept per check and run (the count is always the full one). */
export const INTEGRITY_ROW_CAP = 50;
/** A reading or record this far past the server's clock counts as "in the future". */
export const FUTURE_TOLERANCE_MINUTES = 10;

export type IntegrityColumnKind = 'text' | 'datetime' | 'litres' | 'number';
export interface IntegrityColumn {
  key: string;
  title: string;
  kind?: IntegrityColumnKind;
}

export interface IntegrityCheckInfo {
  id: IntegrityCheckId;
  title: string;
  /** What the check looks for, in a fuel manager's words. */
  description: string;
  /** The screen (a route of screens.ts) where a row is fixed, and what to do there. */
  fix: { path: string; label: string };
  columns: IntegrityColumn[];
  /** Set when the database itself already forbids (most of) what the check looks for. */
  guarded?: string;
}

const store = { key: 'store', title: 'Store' };
const tank = { key: 'tank', title: 'Tank' };

export const INTEGRITY_CHECKS: readonly IntegrityCheckInfo[] = [
  {
    id: 'meter_out_of_sequence',
    title: 'Meter readings out of sequence',
    description: "A dispense whose meter is lower than the same equipment's previous dispense (by time).",
    fix: { path: '/FiltersDispensing', label: 'Correct the dispense' },
    columns: [
      { key: 'fleetNo', title: 'Fleet no.' },
      store,
      { key: 'at', title: 'When', kind: 'datetime' },
      { key: 'meter', title: 'Meter', kind: 'number' },
      { key: 'previousMeter', title: 'Previous meter', kind: 'number' },
      { key: 'previousAt', title: 'Previous when', kind: 'datetime' },
    ],
  },
  {
    id: 'tag_two_holders',
    title: 'One tag on two holders',
    description: 'A tag held by more than one live equipment or employee: a reader cannot tell who it is.',
    fix: { path: '/Equipment', label: 'Change the tag on the equipment or the employee' },
    columns: [
      { key: 'tag', title: 'Tag' },
      { key: 'holders', title: 'Held by' },
    ],
    guarded:
      'FAMS never gives a tag to a second holder when equipment or an employee is saved, so only holders changed ' +
      'outside FAMS (straight in the database) can share one.',
  },
  {
    id: 'tank_without_strapping',
    title: 'Tanks without a strapping chart',
    description: 'A tank with no strapping chart: gauge and dip heights cannot become litres.',
    fix: { path: '/Tank', label: 'Add the strapping chart in tank setup' },
    columns: [store, tank, { key: 'name', title: 'Name' }, { key: 'capacity', title: 'Capacity (L)', kind: 'litres' }],
  },
  {
    id: 'negative_book_stock',
    title: 'Negative book stock',
    description: 'A tank whose book stock (opening + receipts + transfers in − dispenses − transfers out) is below 0.',
    fix: { path: '/QuickBalancing', label: 'Find the missing receipt or the wrong dispense' },
    columns: [store, tank, { key: 'bookLitres', title: 'Book stock (L)', kind: 'litres' }],
  },
  {
    id: 'overlapping_allocations',
    title: 'Overlapping allocations',
    description: 'Two active allocations of the same product to the same subject where one is for any store.',
    fix: { path: '/Allocation', label: 'Delete or narrow one of the allocations' },
    columns: [
      { key: 'subject', title: 'Equipment, employee or cost centre' },
      { key: 'product', title: 'Product' },
      { key: 'stores', title: 'Stores' },
    ],
    guarded:
      'FAMS keeps one allocation per product, store (or any store) and subject, so only an "any store" ' +
      'allocation beside one for a particular store can overlap.',
  },
  {
    id: 'receipt_without_tank',
    title: 'Receipts without a tank',
    description: 'A receipt whose tank is missing or deleted.',
    fix: { path: '/RestoreDeleted', label: 'Restore the tank (or reverse the receipt)' },
    columns: [
      store,
      tank,
      { key: 'deliveryNote', title: 'Delivery note' },
      { key: 'supplier', title: 'Supplier' },
      { key: 'at', title: 'Received', kind: 'datetime' },
      { key: 'litres', title: 'Litres', kind: 'litres' },
    ],
    guarded:
      'Every receipt is recorded into a tank, so this finds receipts whose tank was deleted afterwards (a deleted ' +
      'tank can be restored).',
  },
  {
    id: 'reading_in_future',
    title: 'Readings in the future',
    description: `A tank reading or a dispense dated more than ${FUTURE_TOLERANCE_MINUTES} minutes after now (a device clock ahead).`,
    fix: { path: '/TankLevels', label: 'Check the device or gauge clock' },
    columns: [
      { key: 'kind', title: 'Record' },
      store,
      { key: 'subject', title: 'Tank or fleet no.' },
      { key: 'at', title: 'Dated', kind: 'datetime' },
      { key: 'source', title: 'Source' },
    ],
    guarded: 'FAMS refuses records dated more than a day ahead; anything less far ahead can still arrive.',
  },
  {
    id: 'transfer_legs_disagree',
    title: 'Transfers whose legs disagree',
    description:
      "A transfer whose stock movements do not match it: the source tank's leg, the target tank's leg, or their litres.",
    fix: { path: '/FiltersTransfer', label: 'Check the transfer' },
    columns: [
      { key: 'from', title: 'From tank' },
      { key: 'to', title: 'To' },
      { key: 'at', title: 'When', kind: 'datetime' },
      { key: 'litres', title: 'Litres', kind: 'litres' },
      { key: 'outLeg', title: 'Out leg (L)', kind: 'litres' },
      { key: 'inLeg', title: 'In leg (L)', kind: 'litres' },
    ],
  },
  {
    id: 'inactive_still_dispensing',
    title: 'Inactive but still dispensing',
    description: 'Equipment or an employee made inactive (or deleted) that has dispenses after that time.',
    fix: { path: '/Equipment', label: 'Reactivate, or correct the dispenses' },
    columns: [
      { key: 'kind', title: 'Kind' },
      { key: 'who', title: 'Fleet no. or employee' },
      { key: 'inactiveSince', title: 'Inactive since', kind: 'datetime' },
      { key: 'dispenses', title: 'Dispenses after', kind: 'number' },
      { key: 'lastAt', title: 'Last dispense', kind: 'datetime' },
    ],
  },
];

export const integrityCheck = (id: IntegrityCheckId): IntegrityCheckInfo => INTEGRITY_CHECKS.find((c) => c.id === id)!;

export const IntegrityRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type IntegrityRow = z.infer<typeof IntegrityRowSchema>;

export const IntegrityResultSchema = z.object({
  check: z.enum(INTEGRITY_CHECK_IDS),
  count: z.number().int(),
  rows: z.array(IntegrityRowSchema),
});
export type IntegrityResult = z.infer<typeof IntegrityResultSchema>;

export const IntegrityRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['manual', 'nightly']),
  userName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  total: z.number().nullable(),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable(),
});
export type IntegrityRun = z.infer<typeof IntegrityRunSchema>;

export const IntegrityRunDetailSchema = IntegrityRunSchema.extend({ results: z.array(IntegrityResultSchema) });
export type IntegrityRunDetail = z.infer<typeof IntegrityRunDetailSchema>;

export const IntegrityRunPage = z.object({
  items: z.array(IntegrityRunSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type IntegrityRunPage = z.infer<typeof IntegrityRunPage>;

export const IntegrityRunsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const IntegrityLatest = z.object({ run: IntegrityRunDetailSchema.nullable() });

export const INTEGRITY_PATH = '/integrity/runs';
