import { z } from 'zod';
import { inputSchemas, nullableText, optionalText, requiredText, rowMeta } from '../setup/fields';

/** A contact person of a customer or site; quotations are e-mailed to the customer's first contact with an e-mail. */
export const Contact = z.strictObject({
  name: requiredText('Name', 120),
  email: z
    .email({ error: 'Not a valid e-mail address' })
    .max(254)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  phone: nullableText(40),
  role: nullableText(80),
});
export type Contact = z.infer<typeof Contact>;
export const Contacts = z.array(Contact).max(20, 'At most 20 contacts').default([]);

export const ContactRow = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
});

export const CustomerFields = z.strictObject({
  name: requiredText('Name', 160),
  registrationNo: nullableText(60),
  vatNo: nullableText(60),
  billingAddress: optionalText(500),
  contacts: Contacts,
  /** Days after the invoice date; 0 = cash on delivery. */
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a number of days' })
    .int('Whole days')
    .min(0, 'Must be 0 or more')
    .max(365, 'At most 365 days')
    .default(30),
  notes: optionalText(2000),
});
export const { create: CustomerCreate, update: CustomerUpdate } = inputSchemas(CustomerFields);
export type CustomerCreate = z.input<typeof CustomerCreate>;

export const CustomerRow = z.object({
  ...rowMeta,
  name: z.string(),
  registrationNo: z.string().nullable(),
  vatNo: z.string().nullable(),
  billingAddress: z.string(),
  contacts: z.array(ContactRow),
  paymentTermsDays: z.number().int(),
  notes: z.string(),
  /** The first contact's e-mail: where quotations go. */
  email: z.string().nullable(),
  siteCount: z.number().int(),
});
export type Customer = z.infer<typeof CustomerRow>;

/** Where a customer's quotation is sent: the first contact that has an e-mail. */
export const quoteEmailOf = (contacts: readonly { email: string | null }[]): string | null =>
  contacts.find((c) => c.email)?.email ?? null;
