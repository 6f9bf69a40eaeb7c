import { z } from 'zod';
import { inputSchemas, optionalRef, optionalText, requiredText, rowMeta, uuidRef } from '../setup/fields';
import { latitude, longitude } from '../setup/stores';
import { LocatorTank } from '../store-locator';
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

/**
 * `/Customersitelist`'s map (ADR 059): `GET /customer-sites/map?customerId=a,b` answers the account's
 * live sites (with or without coordinates) and, for a site that is a FAMS store, that store's tanks'
 * latest levels as `/TankLevels` computes them. `PUT /customer-sites/:id/location` places or moves a
 * site: the sites resource's patch against the version the map showed, as the store locator's.
 */
export const SITES_MAP_PATH = '/customer-sites/map';
export const siteLocationPath = (id: string) => `/customer-sites/${id}/location`;
/** At most this many sites on the map (the list has them all). */
export const SITES_MAP_LIMIT = 2000;

export const SitesMapQuery = z.object({
  /** Customers to show, comma-separated (the list's `f.customerId`); none = all. */
  customerId: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.uuid('Choose a customer'))),
});

export const MapSite = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  customerId: z.uuid(),
  customerName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The record's version: a move on the map is saved against it. */
  version: z.number().int(),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  tanks: z.array(LocatorTank),
});
export type MapSite = z.infer<typeof MapSite>;

export const SitesMapResponse = z.object({
  /** The account's map style (null = the built-in base map), as the store locator's. */
  styleUrl: z.string().nullable(),
  sites: z.array(MapSite),
  /** More sites matched than `SITES_MAP_LIMIT`. */
  truncated: z.boolean(),
});
export type SitesMapResponse = z.infer<typeof SitesMapResponse>;
