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
