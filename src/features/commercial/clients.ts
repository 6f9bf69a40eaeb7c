import {
  CatalogueItemRow,
  COMMERCIAL_RESOURCES,
  CustomerRow,
  CustomerSiteRow,
  PublicQuote,
  QUOTATIONS_LIST,
  QUOTE_PATHS,
  QuoteListRow,
  QuoteRow,
  QuoteTotalsBody,
  WinRateBody,
  type QuoteAction,
} from '@/contract/commercial';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const q = relative(QUOTATIONS_LIST.path);

/** One api client per commercial endpoint (src/contract/commercial/resources.ts). */
export const clients = {
  customers: resourceClient(COMMERCIAL_RESOURCES.customers.path, CustomerRow),
  sites: resourceClient(COMMERCIAL_RESOURCES.sites.path, CustomerSiteRow),
  catalogue: resourceClient(COMMERCIAL_RESOURCES.catalogue.path, CatalogueItemRow),
  /** `/viewquotations` and `/quotations`: the list rows; the quotation itself through `quotes`. */
  quotations: resourceClient(QUOTATIONS_LIST.path, QuoteListRow),
};

/** The quotation calls beyond the list (src/server/modules/commercial/commercial.routes.ts). */
export const quotes = {
  get: (id: string, signal?: AbortSignal) => api.get(`${q}/${id}`, QuoteRow, { signal }),
  create: (body: unknown) => api.post(q, body, QuoteRow, { quiet: true }),
  update: (id: string, body: unknown) => api.put(`${q}/${id}`, body, QuoteRow, { quiet: true }),
  send: (id: string, version: number) => api.post(`${q}/${id}/send`, { version }, QuoteRow, { quiet: true }),
  act: (id: string, action: Exclude<QuoteAction, 'send'>, version: number) =>
    api.post(`${q}/${id}/status`, { action, version }, QuoteRow, { quiet: true }),
  revise: (id: string, version: number) => api.post(`${q}/${id}/revise`, { version }, QuoteRow, { quiet: true }),
  pdf: (id: string, name: string) => api.download(`${q}/${id}/pdf`, `${name}.pdf`),
  totals: (query: Record<string, string | number>, signal?: AbortSignal) =>
    api.get(relative(QUOTE_PATHS.totals), QuoteTotalsBody, { searchParams: query, signal }),
  winRate: (months: number, signal?: AbortSignal) =>
    api.get(relative(QUOTE_PATHS.winRate), WinRateBody, { searchParams: { months }, signal }),
};

/** The customer's side, without an account: the token is the permission. */
export const publicQuote = {
  view: (token: string, signal?: AbortSignal) =>
    api.get(relative(QUOTE_PATHS.publicView), PublicQuote, {
      searchParams: { token },
      signal,
      anonymous: true,
      quiet: true,
    }),
  answer: (token: string, decision: 'accept' | 'decline', name: string) =>
    api.post(relative(QUOTE_PATHS.publicAnswer), { token, decision, name }, PublicQuote, {
      anonymous: true,
      quiet: true,
    }),
  pdfUrl: (token: string) => `/api/v1${QUOTE_PATHS.publicPdf}?token=${encodeURIComponent(token)}`,
};
