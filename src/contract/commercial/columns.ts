import { columnsOf } from '../columns';
import { CATALOGUE_KIND_LABELS, type CatalogueItem } from './catalogue';
import type { Customer } from './customers';
import { FOLLOW_UP_LABELS, QUOTE_STATUS_LABELS, type QuoteListRow } from './quotations';
import type { CustomerSite } from './sites';
import { EXPIRY_LABELS, type DocumentRow, type DocumentShareRow } from './documents';

const updated = { key: 'updatedAt', title: 'Updated', kind: 'datetime', hidden: true } as const;

/** The commercial lists' columns: the data table and the exports (ADR 023). */
export const COMMERCIAL_COLUMNS = {
  customers: columnsOf<Customer>()([
    { key: 'name', title: 'Name', kind: 'text', priority: 1 },
    { key: 'registrationNo', title: 'Registration no.', kind: 'text' },
    { key: 'vatNo', title: 'VAT no.', kind: 'text' },
    { key: 'email', title: 'Quotes to', kind: 'text' },
    { key: 'paymentTermsDays', title: 'Payment terms (days)', kind: 'number' },
    { key: 'siteCount', title: 'Sites', kind: 'number' },
    { key: 'billingAddress', title: 'Billing address', kind: 'text', hidden: true },
    updated,
  ]),
  sites: columnsOf<CustomerSite>()([
    { key: 'customerName', title: 'Customer', kind: 'text', priority: 1 },
    { key: 'name', title: 'Site', kind: 'text', priority: 1 },
    { key: 'address', title: 'Address', kind: 'text' },
    { key: 'storeName', title: 'Store', kind: 'text' },
    { key: 'tankCount', title: 'Tanks', kind: 'number' },
    { key: 'latitude', title: 'Latitude', kind: 'number', decimals: 6, hidden: true },
    { key: 'longitude', title: 'Longitude', kind: 'number', decimals: 6, hidden: true },
    updated,
  ]),
  catalogue: columnsOf<CatalogueItem>()([
    { key: 'code', title: 'Code', kind: 'text', priority: 1 },
    { key: 'name', title: 'Name', kind: 'text', priority: 1 },
    { key: 'kind', title: 'Kind', kind: 'enum', labels: CATALOGUE_KIND_LABELS },
    { key: 'unit', title: 'Unit', kind: 'text' },
    { key: 'unitPrice', title: 'Unit price', kind: 'money' },
    { key: 'vatPct', title: 'VAT %', kind: 'percent', decimals: 2 },
  ]),
  quotations: columnsOf<QuoteListRow>()([
    { key: 'label', title: 'Number', kind: 'text', priority: 1 },
    { key: 'status', title: 'Status', kind: 'enum', labels: QUOTE_STATUS_LABELS, priority: 1 },
    { key: 'customerName', title: 'Customer', kind: 'text', priority: 2 },
    { key: 'siteName', title: 'Site', kind: 'text' },
    { key: 'issueDate', title: 'Date', kind: 'date' },
    { key: 'validUntil', title: 'Valid until', kind: 'date' },
    { key: 'net', title: 'Net', kind: 'money', hidden: true },
    { key: 'vat', title: 'VAT', kind: 'money', hidden: true },
    { key: 'total', title: 'Total', kind: 'money', priority: 2 },
    { key: 'sentAt', title: 'Sent', kind: 'datetime', hidden: true },
    { key: 'answeredAt', title: 'Answered', kind: 'datetime', hidden: true },
    { key: 'followUp', title: 'Follow-up', kind: 'enum', labels: FOLLOW_UP_LABELS },
    { key: 'remindedAt', title: 'Reminded', kind: 'datetime', hidden: true },
  ]),
  documents: columnsOf<DocumentRow>()([
    { key: 'title', title: 'Title', kind: 'text', priority: 1 },
    { key: 'category', title: 'Category', kind: 'text' },
    { key: 'expiresOn', title: 'Expires', kind: 'date' },
    { key: 'expiry', title: 'Expiry', kind: 'enum', labels: EXPIRY_LABELS, priority: 2 },
    { key: 'currentVersion', title: 'Version', kind: 'number' },
    { key: 'fileName', title: 'File', kind: 'text' },
    { key: 'shareCount', title: 'Shared with', kind: 'number' },
    { key: 'openedCount', title: 'Opened by', kind: 'number', hidden: true },
    updated,
  ]),
  documentShares: columnsOf<DocumentShareRow>()([
    { key: 'customerName', title: 'Customer', kind: 'text', priority: 1 },
    { key: 'title', title: 'Document', kind: 'text', priority: 1 },
    { key: 'sharedAt', title: 'Shared', kind: 'datetime' },
    { key: 'sentTo', title: 'Sent to', kind: 'text' },
    { key: 'opened', title: 'Opened', kind: 'bool', priority: 2 },
    { key: 'firstOpenedAt', title: 'First opened', kind: 'datetime' },
    { key: 'lastOpenedAt', title: 'Last opened', kind: 'datetime', hidden: true },
    { key: 'openCount', title: 'Opens', kind: 'number' },
  ]),
};
