import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CatalogueKind } from '../../../src/contract/commercial/catalogue';
import type { Contact } from '../../../src/contract/commercial/customers';
import type { QuoteStatus } from '../../../src/contract/commercial/quotations';
import { accounts } from './accounts';
import { live, lower, masterColumns } from './columns';
import { stores } from './setup-sites';

/** Customers of the account (the fuel-services company's own clients; issue 16). */
export const customers = pgTable(
  'customers',
  {
    ...masterColumns(),
    name: text('name').notNull(),
    registrationNo: text('registration_no'),
    vatNo: text('vat_no'),
    billingAddress: text('billing_address').notNull().default(''),
    contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    unique('customers_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('customers_name_uq').on(t.accountId, lower(t.name)).where(live(t.deletedAt)),
  ],
);

export const customerSites = pgTable(
  'customer_sites',
  {
    ...masterColumns(),
    customerId: uuid('customer_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
    /** The account's store this site is, when the site runs FAMS. */
    storeId: uuid('store_id'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    unique('customer_sites_account_id_id_uq').on(t.accountId, t.id),
    foreignKey({
      name: 'customer_sites_customer_fk',
      columns: [t.accountId, t.customerId],
      foreignColumns: [customers.accountId, customers.id],
    }),
    foreignKey({
      name: 'customer_sites_store_fk',
      columns: [t.accountId, t.storeId],
      foreignColumns: [stores.accountId, stores.id],
    }),
    uniqueIndex('customer_sites_name_uq').on(t.accountId, t.customerId, lower(t.name)).where(live(t.deletedAt)),
  ],
);

/** The account's price list: what its quotations are made of. Money in integer cents (ADR 039). */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    ...masterColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<CatalogueKind>().notNull(),
    unit: text('unit').notNull().default('each'),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    vatPct: numeric('vat_pct', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    unique('catalogue_items_account_id_id_uq').on(t.accountId, t.id),
    uniqueIndex('catalogue_items_code_uq').on(t.accountId, lower(t.code)).where(live(t.deletedAt)),
    check('catalogue_items_price_ck', sql`${t.unitPriceCents} >= 0 and ${t.vatPct} between 0 and 100`),
  ],
);

/**
 * The last quotation number given per account and year. The create bumps it in its own
 * transaction (the row lock orders concurrent creates), so a rolled-back create gives its number
 * back and numbers have no gaps.
 */
export const quoteCounters = pgTable(
  'quote_counters',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'quote_counters_pk', columns: [t.accountId, t.year] })],
);

export const quotations = pgTable(
  'quotations',
  {
    ...masterColumns(),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    previousId: uuid('previous_id'),
    status: text('status').$type<QuoteStatus>().notNull().default('draft'),
    customerId: uuid('customer_id').notNull(),
    siteId: uuid('site_id'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    terms: text('terms').notNull().default(''),
    /** Printed at the foot of the PDF (ADR 080); the account's default when the quotation is made. */
    paymentTerms: text('payment_terms').notNull().default(''),
    notes: text('notes').notNull().default(''),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    /** When its owner was last reminded to follow it up (ADR 049, 059). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Reminders sent so far (ADR 059): the next one is reminder `reminder_count + 1`, sent once. */
    reminderCount: integer('reminder_count').notNull().default(0),
    /** Follow-up reminders turned off for this quotation by staff (ADR 059). */
    followUpOff: boolean('follow_up_off').notNull().default(false),
    /** The app's origin the quotation was sent from, for absolute links in mails without PUBLIC_URL (ADR 059). */
    sentOrigin: text('sent_origin'),
  },
  (t) => [
    unique('quotations_account_id_id_uq').on(t.accountId, t.id),
    unique('quotations_number_uq').on(t.accountId, t.number, t.revision),
    foreignKey({
      name: 'quotations_customer_fk',
      columns: [t.accountId, t.customerId],
      foreignColumns: [customers.accountId, customers.id],
    }),
    foreignKey({
      name: 'quotations_site_fk',
      columns: [t.accountId, t.siteId],
      foreignColumns: [customerSites.accountId, customerSites.id],
    }),
    foreignKey({
      name: 'quotations_previous_fk',
      columns: [t.accountId, t.previousId],
      foreignColumns: [t.accountId, t.id],
    }),
    index('quotations_account_issue').on(t.accountId, t.issueDate),
    index('quotations_account_customer').on(t.accountId, t.customerId),
    // The hourly follow-up sweep reads only the open (sent) ones, across accounts.
    index('quotations_open_sent_at')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
    check(
      'quotations_status_ck',
      sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'expired', 'superseded')`,
    ),
  ],
);

/** The account's commercial settings (ADR 049): days after sending before a quotation is due for follow-up. */
export const commercialSettings = pgTable(
  'commercial_settings',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id),
    followUpDays: integer('follow_up_days').notNull().default(7),
    /** Then every this many days (ADR 059). */
    followUpEveryDays: integer('follow_up_every_days').notNull().default(7),
    /** At most this many reminders per quotation (ADR 059). */
    followUpMax: integer('follow_up_max').notNull().default(3),
    /** A new quotation's payment terms, e.g. "30 days from invoice" (ADR 080). */
    paymentTerms: text('payment_terms').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('commercial_settings_follow_up_ck', sql`${t.followUpDays} between 1 and 365`),
    check('commercial_settings_follow_up_every_ck', sql`${t.followUpEveryDays} between 1 and 365`),
    check('commercial_settings_follow_up_max_ck', sql`${t.followUpMax} between 1 and 10`),
  ],
);

/** A quotation's lines with their computed amounts (src/contract/commercial/quote-math.ts). */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    quotationId: uuid('quotation_id').notNull(),
    position: integer('position').notNull(),
    catalogueItemId: uuid('catalogue_item_id'),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    discountPct: numeric('discount_pct', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatPct: numeric('vat_pct', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'quotation_lines_pk', columns: [t.accountId, t.quotationId, t.position] }),
    foreignKey({
      name: 'quotation_lines_quotation_fk',
      columns: [t.accountId, t.quotationId],
      foreignColumns: [quotations.accountId, quotations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'quotation_lines_item_fk',
      columns: [t.accountId, t.catalogueItemId],
      foreignColumns: [catalogueItems.accountId, catalogueItems.id],
    }),
  ],
);
