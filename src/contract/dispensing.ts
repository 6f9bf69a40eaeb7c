import { z } from 'zod';
import { hasDecimals } from './setup/fields';

/**
 * Field records written on the device (DESIGN.md §6): dispenses, transfers, manual receipts and
 * manual dips. Each gets its id (UUID) on the device; the server ingest is idempotent on it within
 * the account. Batches of up to 500 go to `POST /api/v1/<kind>/batch`; the answer has one result
 * per record, in order, so one bad record never holds up the rest.
 */
export const MAX_BATCH = 500;

const litresIn = (label: string) => z.number({ error: `${label} must be a number` })
  .positive(`${label} must be more than 0`).max(1_000_000, `${label} is too large`)
  .refine((v) => hasDecimals(v, 3), 'At most 3 decimal places');
const meterIn = z.number({ error: 'Meter must be a number' }).min(0, 'Meter cannot be negative')
  .max(99_999_999_999, 'Meter is too large').refine((v) => hasDecimals(v, 1), 'At most 1 decimal place');
const when = z.iso.datetime({ offset: true, error: 'A date and time with zone (ISO 8601) is required' });
const note = z.string().trim().max(500, 'At most 500 characters').default('');
const deviceId = z.string().trim().min(1).max(100);

export const GpsFix = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracyM: z.number().min(0).max(100_000).nullish().transform((v) => v ?? null),
});
export type GpsFix = z.infer<typeof GpsFix>;

export const DispenseInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  variant: z.enum(['FAMS', 'FAMS24']),
  storeId: z.uuid('Choose a store'),
  tankId: z.uuid('Choose a tank or pump'),
  equipmentId: z.uuid('Choose the equipment'),
  employeeId: z.uuid().nullish().transform((v) => v ?? null),
  costCentreId: z.uuid().nullish().transform((v) => v ?? null),
  litres: litresIn('Litres'),
  meter: meterIn.nullish().transform((v) => v ?? null),
  dispensedAt: when,
  note,
  gps: GpsFix.nullish().transform((v) => v ?? null),
  deviceId,
  /** How the employee was identified on a FAMS24 site. */
  employeeBy: z.enum(['list', 'tag', 'pin']).nullish().transform((v) => v ?? null),
  /** Warnings the user saw and accepted on the device (codes), kept for the exception trail. */
  acceptedWarnings: z.array(z.string().max(60)).max(20).default([]),
});
export type DispenseInput = z.input<typeof DispenseInput>;
export type Dispense = z.output<typeof DispenseInput>;

export const TransferInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  fromTankId: z.uuid('Choose the tank the fuel comes from'),
  /** A fixed tank, or else a bowser (mobile tank) named by its fleet number or registration. */
  toTankId: z.uuid().nullish().transform((v) => v ?? null),
  toBowser: z.string().trim().max(60).nullish().transform((v) => v || null),
  litres: litresIn('Litres'),
  transferredAt: when,
  employeeId: z.uuid().nullish().transform((v) => v ?? null),
  note,
  deviceId,
}).superRefine((v, ctx) => {
  if (!v.toTankId && !v.toBowser) ctx.addIssue({ code: 'custom', path: ['toTankId'], message: 'Choose a tank or give a bowser' });
  if (v.toTankId && v.toBowser) ctx.addIssue({ code: 'custom', path: ['toBowser'], message: 'Either a tank or a bowser, not both' });
  if (v.toTankId && v.toTankId === v.fromTankId) ctx.addIssue({ code: 'custom', path: ['toTankId'], message: 'Choose a different tank' });
});
export type TransferInput = z.input<typeof TransferInput>;

export const ReceiptInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  tankId: z.uuid('Choose the tank'),
  supplier: z.string().trim().min(1, 'Supplier is required').max(120),
  deliveryNote: z.string().trim().min(1, 'Delivery note number is required').max(60),
  litres: litresIn('Litres'),
  dipBeforeMm: z.number().min(0).max(100_000).nullish().transform((v) => v ?? null),
  dipAfterMm: z.number().min(0).max(100_000).nullish().transform((v) => v ?? null),
  temperatureC: z.number().min(-50, 'Temperature out of range').max(80, 'Temperature out of range').nullish().transform((v) => v ?? null),
  receivedAt: when,
  note,
  deviceId,
}).refine((v) => v.dipBeforeMm === null || v.dipAfterMm === null || v.dipAfterMm >= v.dipBeforeMm, {
  path: ['dipAfterMm'], message: 'The dip after the delivery cannot be below the dip before',
});
export type ReceiptInput = z.input<typeof ReceiptInput>;

export const DipInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  tankId: z.uuid('Choose the tank'),
  productHeightMm: z.number().min(0).max(100_000),
  waterHeightMm: z.number().min(0).max(100_000).default(0),
  temperatureC: z.number().min(-50).max(80).nullish().transform((v) => v ?? null),
  dippedAt: when,
  note,
  deviceId,
});
export type DipInput = z.input<typeof DipInput>;

export const FIELD_RECORD_KINDS = ['dispenses', 'transfers', 'receipts', 'dips'] as const;
export type FieldRecordKind = (typeof FIELD_RECORD_KINDS)[number];
export const FIELD_RECORD_INPUT = {
  dispenses: DispenseInput, transfers: TransferInput, receipts: ReceiptInput, dips: DipInput,
} as const;

/** Exceptions a stored dispense can raise (the exceptions screens list them). */
export const DISPENSE_EXCEPTION_CODES = [
  'meter_rollback', 'over_equipment_capacity', 'not_allocated', 'over_daily_limit', 'over_monthly_limit',
  'weekday_not_allowed', 'outside_hours', 'over_max_per_transaction', 'negative_book_stock',
  'fams24_rule', 'clock_skew',
] as const;

/** `POST /api/v1/<kind>/batch` body; the records are validated one by one (see results). */
export const BatchBody = z.strictObject({
  records: z.array(z.unknown()).min(1, 'No records').max(MAX_BATCH, `At most ${MAX_BATCH} records per request`),
});

export const IngestResult = z.object({
  id: z.string(),
  /** created: stored now; duplicate: stored before with the same content (a replay); rejected: not stored. */
  status: z.enum(['created', 'duplicate', 'rejected']),
  /** The HTTP status this record alone would have had: 201, 200, 400, 404 or 422. */
  httpStatus: z.number().int(),
  reason: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** Exception codes raised by this record (stored records only). */
  exceptions: z.array(z.string()).default([]),
});
export type IngestResult = z.infer<typeof IngestResult>;

export const BatchResponse = z.object({ results: z.array(IngestResult) });
export type BatchResponse = z.infer<typeof BatchResponse>;
