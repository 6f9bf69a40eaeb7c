import { sql } from 'drizzle-orm';
import { COMMERCIAL_RESOURCES } from '../../../src/contract/commercial/resources';
import {
  CustomerSiteCreate,
  CustomerSiteRow,
  CustomerSiteUpdate,
  type CustomerSite,
} from '../../../src/contract/commercial/sites';
import { customers, customerSites as t, stores, tanks } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

const customerName = sql<
  string | null
>`(select ${customers.name} from ${customers} where ${customers.id} = ${t.customerId})`;

export const sitesResource = defineResource({
  info: COMMERCIAL_RESOURCES.sites,
  table: t,
  rules: screenRules('/Customersitelist'),
  schemas: { create: CustomerSiteCreate, update: CustomerSiteUpdate, row: CustomerSiteRow },
  extra: {
    customerName,
    storeName: sql<
      string | null
    >`(select ${stores.code} || ' — ' || ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`,
    tankCount: sql<number>`(select count(*)::int from ${tanks} where ${tanks.accountId} = ${t.accountId}
      and ${tanks.storeId} = ${t.storeId} and ${tanks.deletedAt} is null)`,
  },
  search: [t.name, t.address, customerName],
  sort: { customerName: sql`lower(${customerName})`, name: sql`lower(${t.name})` },
  filters: { customerId: filter.uuid(t.customerId, false), storeId: filter.uuid(t.storeId) },
  label: sql`${t.name}`,
  unique: { customer_sites_name_uq: { field: 'name', message: 'This customer already has a site with this name' } },
  references: [
    { field: 'customerId', target: customers, label: 'customer', constraint: 'customer_sites_customer_fk' },
    { field: 'storeId', target: stores, label: 'store', constraint: 'customer_sites_store_fk' },
  ],
  toRow: (r): CustomerSite => ({
    ...metaOf(r),
    customerId: r.customerId,
    customerName: r.customerName,
    name: r.name,
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    contacts: r.contacts,
    storeId: r.storeId,
    storeName: r.storeName,
    tankCount: r.tankCount,
    notes: r.notes,
  }),
  toValues: (i) => ({
    customerId: i.customerId,
    name: i.name,
    address: i.address,
    latitude: i.latitude,
    longitude: i.longitude,
    contacts: i.contacts,
    storeId: i.storeId,
    notes: i.notes,
  }),
});
