import { z } from 'zod';
import { inputSchemas, optionalRef, optionalText, requiredText, rowMeta, uuidRef } from '../setup/fields';
import { latitude, longitude } from '../setup/stores';
import { ContactRow, Contacts } from './customers';

export const CustomerSiteFields = z.strictObject({
  customerId: uuidRef('customer'),
  name: requiredText('Name', 160),
  address: optionalText(500),
  latitude: latitude.nullish().transform((v) => v ?? null),
  longitude: longitude.nullish().transform((v) => v ?? null),
  contacts: Contacts,
  /** The account's store this site is, when the site runs FAMS. */
  storeId: optionalRef('store'),
  notes: optionalText(2000),
});
export const { create: CustomerSiteCreate, update: CustomerSiteUpdate } = inputSchemas(CustomerSiteFields, (v, ctx) => {
  if ((v.latitude === null) !== (v.longitude === null))
    ctx.addIssue({
      code: 'custom',
      path: [v.latitude === null ? 'latitude' : 'longitude'],
      message: 'Give both latitude and longitude, or neither',
    });
});
export type CustomerSiteCreate = z.input<typeof CustomerSiteCreate>;

export const CustomerSiteRow = z.object({
  ...rowMeta,
  customerId: z.uuid(),
  customerName: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contacts: z.array(ContactRow),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  /** Tanks at the mapped store. */
  tankCount: z.number().int(),
  notes: z.string(),
});
export type CustomerSite = z.infer<typeof CustomerSiteRow>;
