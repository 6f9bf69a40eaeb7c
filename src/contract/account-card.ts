import { z } from 'zod';

/**
 * `/AccountCard` (ADR 049, ADR 080): the account's own card. Its logo, names, address, numbers, bank details and
 * contact are the letterhead of quotations and report PDFs (ADR 049, 080).
 */
const line = z.string().trim().max(200);
const short = (label: string, max: number) => z.string().trim().max(max, `${label}: at most ${max} characters`);
/**
 * Free text kept to a few lines (the letterhead prints each line; blank lines are dropped when saved).
 * A refinement, not a transform: the card is also the response's schema, which is encoded.
 */
const lines = (label: string, maxLines: number, max: number) =>
  short(label, max).refine(
    (v) => v.split(/\r?\n/).filter((l) => l.trim()).length <= maxLines,
    `${label}: at most ${maxLines} lines`,
  );
/** A few lines' text as saved: each line trimmed, blank ones dropped. */
export const tidyLines = (v: string) =>
  v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
/** Bank account numbers and codes: letters, digits, spaces and hyphens. */
const code = (label: string, max: number) =>
  short(label, max).regex(/^[A-Za-z0-9 -]*$/, `${label}: letters, digits, spaces and hyphens only`);
const Address = z.strictObject({
  street: line,
  city: line,
  postalCode: z.string().trim().max(20),
  country: line,
});
const Contact = z.strictObject({
  name: line.min(1, 'Enter a name.'),
  role: line,
  email: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]),
  phone: z.string().trim().max(40),
});

/** Where payments go (ADR 080), printed at the foot of a quotation. */
export const BankDetails = z.strictObject({
  bankName: short('Bank', 100).default(''),
  accountName: short('Account name', 120).default(''),
  accountNumber: code('Account number', 40).default(''),
  /** Branch code, IBAN, SWIFT/BIC … one per line, as the bank words them. */
  other: lines('Other bank lines', 4, 300).default(''),
});
export type BankDetails = z.infer<typeof BankDetails>;
export const EMPTY_BANK: BankDetails = { bankName: '', accountName: '', accountNumber: '', other: '' };

export const AccountCardFields = z.strictObject({
  companyName: line,
  /** The registered name (e.g. "Demo Fuels (Pty) Ltd") when it differs from the trading name. */
  legalName: short('Legal name', 200).default(''),
  registrationNumber: short('Registration number', 60),
  vatNumber: short('VAT number', 60),
  phone: short('Phone', 40).regex(
    /^[0-9+() ./-]*(\s*(ext\.?|x)\s*[0-9]+)?$/i,
    'Phone: digits, spaces and + ( ) - . / only (an extension as "ext 12")',
  ),
  email: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]),
  website: short('Website', 200).regex(/^[^\s]*$/, 'Website: an address without spaces, e.g. www.example.com'),
  /** The letterhead's address, as it is written on an envelope (at most 6 lines). */
  postalAddress: lines('Postal address', 6, 400).default(''),
  billingAddress: Address,
  siteAddress: Address,
  bank: BankDetails.default(EMPTY_BANK),
  contacts: z.array(Contact).max(20),
});
export type AccountCardFields = z.infer<typeof AccountCardFields>;

export const AccountCard = AccountCardFields.extend({
  accountName: z.string(),
  /** Whether a logo is uploaded (`GET /admin/account-card/logo` serves it). */
  hasLogo: z.boolean(),
});
export type AccountCard = z.infer<typeof AccountCard>;

/** Logo uploads: PNG, JPEG or WebP (checked by content), at most this many bytes. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * The account's map style (ADR 051), set on `/AccountCard`: a MapLibre style JSON URL used by the
 * GPS map and `/StoreLocator`. Empty = the server's `MAP_STYLE_URL`, else the built-in world map.
 * The browser loads the style and its tiles itself, so its host must be one the server's
 * Content-Security-Policy allows (`MAP_STYLE_URL`'s and `MAP_TILE_ORIGINS`): the server says which.
 */
export const MAP_STYLE_PATH = '/admin/account-card/map-style';
export const MapStyleBody = z.strictObject({
  styleUrl: z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'Enter an http(s) address of a MapLibre style' }).max(500),
  ]),
});
export const MapStyleSetting = z.object({
  /** The account's own style, or null when it uses the server's default. */
  styleUrl: z.string().nullable(),
  /** `MAP_STYLE_URL` (null: the built-in world map). */
  serverDefault: z.string().nullable(),
  /** The origins a style (and its tiles) may come from on this server. */
  allowedOrigins: z.array(z.string()),
});
export type MapStyleSetting = z.infer<typeof MapStyleSetting>;
