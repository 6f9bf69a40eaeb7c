import { z } from 'zod';

/** `/AccountCard` (issue 14): the account's own card; its logo goes on report PDFs. */
const line = z.string().trim().max(200);
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

export const AccountCardFields = z.strictObject({
  companyName: line,
  registrationNumber: z.string().trim().max(60),
  vatNumber: z.string().trim().max(60),
  phone: z.string().trim().max(40),
  email: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]),
  website: z.string().trim().max(200),
  billingAddress: Address,
  siteAddress: Address,
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
