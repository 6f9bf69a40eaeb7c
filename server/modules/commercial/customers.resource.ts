import { sql } from 'drizzle-orm';
import { COMMERCIAL_RESOURCES } from '../../../src/contract/commercial/resources';
import {
  CustomerCreate,
  CustomerRow,
  CustomerUpdate,
  quoteEmailOf,
  type Customer,
} from '../../../src/contract/commercial/customers';
import { customers as t, customerSites } from '../../db/schema';
import { defineResource, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

export const customersResource = defineResource({
  info: COMMERCIAL_RESOURCES.customers,
  table: t,
  rules: screenRules('/customers'),
  schemas: { create: CustomerCreate, update: CustomerUpdate, row: CustomerRow },
  extra: {
    siteCount: sql<number>`(select count(*)::int from ${customerSites} s where s.account_id = ${t.accountId} and s.customer_id = ${t.id} and s.deleted_at is null)`,
  },
  search: [t.name, t.registrationNo, t.vatNo, t.billingAddress],
  sort: { name: sql`lower(${t.name})`, paymentTermsDays: t.paymentTermsDays },
  filters: {},
  label: sql`${t.name}`,
  unique: { customers_name_uq: { field: 'name', message: 'Another customer already has this name' } },
  references: [],
  toRow: (r): Customer => ({
    ...metaOf(r),
    name: r.name,
    registrationNo: r.registrationNo,
    vatNo: r.vatNo,
    billingAddress: r.billingAddress,
    contacts: r.contacts,
    paymentTermsDays: r.paymentTermsDays,
    notes: r.notes,
    email: quoteEmailOf(r.contacts),
    siteCount: r.siteCount,
  }),
  toValues: (i) => ({
    name: i.name,
    registrationNo: i.registrationNo,
    vatNo: i.vatNo,
    billingAddress: i.billingAddress,
    contacts: i.contacts,
    paymentTermsDays: i.paymentTermsDays,
    notes: i.notes,
  }),
});
