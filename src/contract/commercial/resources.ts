import type { ListInfo } from '../setup/resources';

const META_SORT = ['createdAt', 'updatedAt'] as const;
const info = <const S extends readonly string[], const F extends readonly string[]>(
  x: Omit<ListInfo, 'sort' | 'filters'> & { sort: S; filters: F },
) => ({ ...x, sort: [...x.sort, ...META_SORT] as [...S, ...typeof META_SORT], filters: x.filters });

/** The commercial area's master-data endpoints (paths relative to API_ROOT). */
export const COMMERCIAL_RESOURCES = {
  customers: info({
    path: '/customers',
    entity: 'customer',
    title: 'Customers',
    screen: '/customers',
    defaultSort: 'name',
    sort: ['name', 'paymentTermsDays'],
    filters: [],
    search: ['name', 'registration no.', 'VAT no.', 'address'],
  }),
  sites: info({
    path: '/customer-sites',
    entity: 'customer_site',
    title: 'Customer sites',
    screen: '/Customersitelist',
    defaultSort: 'customerName',
    sort: ['customerName', 'name'],
    filters: ['customerId', 'storeId'],
    search: ['name', 'address', 'customer'],
  }),
  catalogue: info({
    path: '/catalogue-items',
    entity: 'catalogue_item',
    title: 'Price list',
    screen: '/quotations',
    defaultSort: 'code',
    sort: ['code', 'name', 'kind', 'unitPrice'],
    filters: ['kind'],
    search: ['code', 'name'],
  }),
  documents: info({
    path: '/documents',
    entity: 'document',
    title: 'Documents',
    screen: '/Documentlist',
    defaultSort: 'title',
    sort: ['title', 'category', 'expiresOn'],
    filters: ['category', 'expiry', 'system'],
    search: ['title', 'category', 'tags'],
  }),
} as const;
export type CommercialResourceName = keyof typeof COMMERCIAL_RESOURCES;

/** `/viewquotations`' list (not a resource: quotations are written through their own endpoints). */
export const QUOTATIONS_LIST = {
  path: '/quotations',
  entity: 'quotation',
  title: 'Quotations',
  screen: '/viewquotations',
  defaultSort: '-issueDate',
  sort: ['issueDate', 'validUntil', 'number', 'customerName', 'total', 'status', 'createdAt', 'updatedAt'],
  filters: ['status', 'customerId', 'from', 'to', 'minTotal', 'maxTotal'],
  search: ['number', 'customer', 'site'],
} as const satisfies ListInfo;

export const QUOTE_PATHS = {
  totals: '/quotations/totals',
  winRate: '/quotations/win-rate',
  /** The account's follow-up setting (ADR 049). */
  settings: '/quotations/settings',
  /** One quotation's reminders on or off (ADR 059). */
  followUp: (id: string) => `/quotations/${id}/follow-up`,
  publicView: '/public/quotation',
  publicPdf: '/public/quotation/pdf',
  publicAnswer: '/public/quotation/answer',
} as const;
/** The customer's page the e-mailed link opens (no account needed). */
export const PUBLIC_QUOTE_PAGE = '/pages/quote';

/** `/DocumentCustomer`: documents shared with customers, one row per document and customer. */
export const DOCUMENT_SHARES_LIST = {
  path: '/document-shares',
  entity: 'document_share',
  title: 'Shared documents',
  screen: '/DocumentCustomer',
  defaultSort: '-sharedAt',
  sort: ['sharedAt', 'title', 'customerName', 'lastOpenedAt', 'createdAt', 'updatedAt'],
  filters: ['customerId', 'documentId', 'opened'],
  search: ['document', 'customer'],
} as const satisfies ListInfo;

export const DOCUMENT_PATHS = {
  share: '/documents/share',
  library: '/documents/library',
  /** The account's documents expiring within EXPIRY_WARNING_DAYS (or lately expired): the admin's dashboard card. */
  expiring: '/documents/expiring',
  publicOpen: '/public/document',
} as const;
/** Days a shared document's e-mailed link stays valid. */
export const SHARE_LINK_DAYS = 30;
