import { z } from 'zod';
import { columnsOf } from './columns';
import { requiredText } from './setup/fields';

/**
 * `/SumniConfig` (ThebigBoss, issue 15, ADR 044): Sunmi handhelds enrol with a one-time code
 * (shown with a QR code), get a device key like the other field devices, fetch the receipt
 * printer settings, and can be revoked.
 */

/** How long an enrolment code works. */
export const ENROLMENT_TTL_MIN = 60;
/** Code alphabet (Crockford base32: no I, L, O, U) and length: 12 characters = 60 bits. */
export const ENROLMENT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ENROLMENT_CODE_LENGTH = 12;
/** `abcd-efgh-jkmn` → `ABCDEFGHJKMN`: what a person may type back is compared without dashes or case. */
export const normaliseEnrolmentCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

/** What the QR code carries (JSON): enough for the handheld app to enrol without typing. */
export const EnrolmentQr = z.object({
  fams: z.literal('enrol'),
  v: z.literal(1),
  server: z.string(),
  account: z.number().int(),
  code: z.string(),
});
export type EnrolmentQr = z.infer<typeof EnrolmentQr>;

export const EnrolmentCode = z.object({
  id: z.uuid(),
  code: z.string(),
  expiresAt: z.string(),
  /** The QR payload (JSON text of `EnrolmentQr`). */
  qr: z.string(),
});
export type EnrolmentCode = z.infer<typeof EnrolmentCode>;

/** A code that can still enrol (not used, not cancelled, not expired): the code itself is never shown again. */
export const OpenEnrolmentCode = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Who made it (null when that user is gone). */
  createdBy: z.string().nullable(),
});
export type OpenEnrolmentCode = z.infer<typeof OpenEnrolmentCode>;
export const OpenEnrolmentCodes = z.object({ items: z.array(OpenEnrolmentCode) });

/** The handheld's enrolment call (no user token: the code is the credential). */
export const EnrolBody = z.strictObject({
  account: z.number({ error: 'account is required' }).int().positive(),
  code: z.string({ error: 'code is required' }).min(1).max(40),
  serial: requiredText('Serial number', 80),
  model: requiredText('Model', 80),
  appVersion: z.string().trim().max(40, 'At most 40 characters').optional(),
});
export const EnrolResponse = z.object({
  deviceId: z.uuid(),
  /** Shown once: the handheld keeps it and sends `Authorization: Device <deviceId>.<key>`. */
  key: z.string(),
  accountId: z.number(),
  name: z.string(),
});

export const PAPER_WIDTHS = [58, 80] as const;
const line = z.string().trim().max(48, 'At most 48 characters a line');
export const PrinterSettings = z.strictObject({
  paperWidthMm: z.union([z.literal(58), z.literal(80)], { error: 'Paper is 58 or 80 mm wide' }),
  headerLines: z.array(line).max(4, 'At most 4 header lines'),
  footerLines: z.array(line).max(4, 'At most 4 footer lines'),
  copies: z.number({ error: 'Copies must be a number' }).int('Whole numbers only').min(0, '0 to 5').max(5, '0 to 5'),
});
export type PrinterSettings = z.infer<typeof PrinterSettings>;
export const DEFAULT_PRINTER: PrinterSettings = { paperWidthMm: 58, headerLines: [], footerLines: [], copies: 1 };

/**
 * One handheld's receipt printer (ADR 051): its own settings, or null when it prints with the
 * account's (the fallback); `effective` is what the handheld gets with its configuration.
 */
export const HandheldPrinter = z.object({
  own: PrinterSettings.nullable(),
  account: PrinterSettings,
  effective: PrinterSettings,
});
export type HandheldPrinter = z.infer<typeof HandheldPrinter>;

/** What a handheld fetches on each sync. */
export const HandheldConfig = z.object({
  device: z.object({ id: z.uuid(), name: z.string() }),
  printer: PrinterSettings,
});

export const HandheldRow = z.object({
  id: z.uuid(),
  name: z.string(),
  serial: z.string(),
  model: z.string().nullable(),
  appVersion: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  /** Whether it has printer settings of its own (else the account's). */
  ownPrinter: z.boolean(),
});
export type HandheldRow = z.infer<typeof HandheldRow>;

export const HANDHELD_COLUMNS = columnsOf<HandheldRow>()([
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'serial', title: 'Serial', kind: 'text' },
  { key: 'model', title: 'Model', kind: 'text' },
  { key: 'appVersion', title: 'App version', kind: 'text' },
  { key: 'lastContactAt', title: 'Last sync', kind: 'datetime' },
  { key: 'createdAt', title: 'Enrolled', kind: 'datetime' },
  { key: 'retiredAt', title: 'Revoked', kind: 'datetime' },
  { key: 'ownPrinter', title: 'Own printer settings', kind: 'bool' },
]);

export const HANDHELDS_LIST = {
  path: '/handhelds',
  entity: 'field_device',
  title: 'Handhelds',
  screen: '/SumniConfig',
  defaultSort: 'name',
  sort: ['name', 'serial', 'lastContactAt', 'createdAt'],
  filters: ['revoked'],
  search: ['name', 'serial', 'model'],
} as const;
export const HANDHELD_ENROL_PATH = '/handheld/enrol';
export const HANDHELD_CONFIG_PATH = '/handheld/config';
