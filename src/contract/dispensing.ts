import { z } from 'zod';
import { FIELD_RECORD_KINDS, MAX_BATCH, type FieldRecordKind } from './field-kinds';
import { atScale, fieldTime, measurable, storableString } from './safe-input';
import { FIELD_NOTE_MAX } from './constants';
import { METER_ASKED, NO_METER_READING } from './meter-rule';

/**
 * Field records written on the device (docs/design.md §6): dispenses, transfers, manual receipts and
 * manual dips. Each gets its id (UUID) on the device; the server ingest is idempotent on it within
 * the account. Batches of up to 500 go to `POST /api/v1/<kind>/batch`; the answer has one result
 * per record, in order, so one bad record never holds up the rest.
 */
export { MAX_BATCH };

const litresIn = (label: string) =>
  atScale(
    z
      .number({ error: `${label} must be a number` })
      .positive(`${label} must be more than 0`)
      .max(1_000_000, `${label} is too large`),
    label,
    3,
  );
const meterIn = atScale(
  z
    .number({ error: 'Meter must be a number' })
    .min(0, 'Meter cannot be negative')
    .max(99_999_999_999, 'Meter is too large'),
  'Meter',
  1,
);
/** Heights on a dip stick or gauge, mm (stored as `real`). */
const mmIn = (label: string) =>
  measurable(
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(100_000, `${label} is too large`),
    label,
    0.001,
  );
const temperatureIn = () =>
  measurable(
    z
      .number({ error: 'Temperature must be a number' })
      .min(-50, 'Temperature out of range')
      .max(80, 'Temperature out of range'),
    'Temperature',
    0.001,
  );
/** Free text: trimmed, storable (no NUL, no lone surrogate), at most `max` characters. */
const textIn = (label: string, max: number) => storableString(label).trim().max(max, `At most ${max} characters`);
const note = textIn('Note', FIELD_NOTE_MAX).default('');
const deviceId = textIn('Device id', 100).min(1, 'Device id is required');

export const GpsFix = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracyM: measurable(z.number().min(0).max(100_000), 'GPS accuracy', 0.001)
    .nullish()
    .transform((v) => v ?? null),
});
export type GpsFix = z.infer<typeof GpsFix>;

export const DispenseInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  variant: z.enum(['FAMS', 'FAMS24']),
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
  litres: litresIn('Litres'),
  meter: meterIn.nullish().transform((v) => v ?? null),
  /**
   * ADR 076: what the device's form asked for when it saved the record — a reading in km or hours,
   * or none (its setup said the equipment has no meter). Absent from records saved before ADR 076;
   * never filled in here, so such a record keeps its payload hash and its replay stays a duplicate.
   */
  meterAsked: z.enum(METER_ASKED).optional(),
  dispensedAt: fieldTime('The dispense time'),
  note,
  gps: GpsFix.nullish().transform((v) => v ?? null),
  deviceId,
  /** How the employee was identified: from the list, by tag, by PIN, or as the signed-in user (ADR 076). */
  employeeBy: z
    .enum(['list', 'tag', 'pin', 'signin'])
    .nullish()
    .transform((v) => v ?? null),
  /** Warnings the user saw and accepted on the device (codes), kept for the exception trail. */
  acceptedWarnings: z.array(storableString('An accepted warning').max(60)).max(20).default([]),
});
export type DispenseInput = z.input<typeof DispenseInput>;
export type Dispense = z.output<typeof DispenseInput>;

export const TransferInput = z
  .strictObject({
    id: z.uuid('The record id must be a UUID'),
    fromTankId: z.uuid('Choose the tank the fuel comes from'),
    /** A fixed tank, or else a bowser (mobile tank) named by its fleet number or registration. */
    toTankId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    toBowser: textIn('Bowser', 60)
      .nullish()
      .transform((v) => v || null),
    litres: litresIn('Litres'),
    transferredAt: fieldTime('The transfer time'),
    employeeId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    note,
    deviceId,
  })
  .superRefine((v, ctx) => {
    if (!v.toTankId && !v.toBowser)
      ctx.addIssue({ code: 'custom', path: ['toTankId'], message: 'Choose a tank or give a bowser' });
    if (v.toTankId && v.toBowser)
      ctx.addIssue({ code: 'custom', path: ['toBowser'], message: 'Either a tank or a bowser, not both' });
    if (v.toTankId && v.toTankId === v.fromTankId)
      ctx.addIssue({ code: 'custom', path: ['toTankId'], message: 'Choose a different tank' });
  });
export type TransferInput = z.input<typeof TransferInput>;

export const ReceiptInput = z
  .strictObject({
    id: z.uuid('The record id must be a UUID'),
    tankId: z.uuid('Choose the tank'),
    supplier: textIn('Supplier', 120).min(1, 'Supplier is required'),
    deliveryNote: textIn('Delivery note number', 60).min(1, 'Delivery note number is required'),
    litres: litresIn('Litres'),
    dipBeforeMm: mmIn('Dip before')
      .nullish()
      .transform((v) => v ?? null),
    dipAfterMm: mmIn('Dip after')
      .nullish()
      .transform((v) => v ?? null),
    temperatureC: temperatureIn()
      .nullish()
      .transform((v) => v ?? null),
    receivedAt: fieldTime('The delivery time'),
    note,
    deviceId,
  })
  .refine((v) => v.dipBeforeMm === null || v.dipAfterMm === null || v.dipAfterMm >= v.dipBeforeMm, {
    path: ['dipAfterMm'],
    message: 'The dip after the delivery cannot be below the dip before',
  });
export type ReceiptInput = z.input<typeof ReceiptInput>;

export const DipInput = z.strictObject({
  id: z.uuid('The record id must be a UUID'),
  tankId: z.uuid('Choose the tank'),
  productHeightMm: mmIn('Product height'),
  waterHeightMm: mmIn('Water height').default(0),
  temperatureC: temperatureIn()
    .nullish()
    .transform((v) => v ?? null),
  dippedAt: fieldTime('The dip time'),
  note,
  deviceId,
});
export type DipInput = z.input<typeof DipInput>;

export { FIELD_RECORD_KINDS, type FieldRecordKind };
export const FIELD_RECORD_INPUT = {
  dispenses: DispenseInput,
  transfers: TransferInput,
  receipts: ReceiptInput,
  dips: DipInput,
} as const;

/** Exceptions a stored dispense can raise (the exceptions screens list them). */
export const DISPENSE_EXCEPTION_CODES = [
  'meter_rollback',
  'over_equipment_capacity',
  'not_allocated',
  'over_daily_limit',
  'over_monthly_limit',
  'weekday_not_allowed',
  'outside_hours',
  'outside_working_hours',
  'over_max_per_transaction',
  'negative_book_stock',
  'fams24_rule',
  'clock_skew',
  NO_METER_READING,
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
