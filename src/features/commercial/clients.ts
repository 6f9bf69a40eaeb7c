import {
  CommercialSettings,
  CatalogueItemRow,
  COMMERCIAL_RESOURCES,
  CustomerRow,
  CustomerSiteRow,
  DOCUMENT_PATHS,
  DOCUMENT_SHARES_LIST,
  DocumentRow,
  DocumentShareRow,
  DocumentVersions,
  LibraryBody,
  ShareResult,
  WithdrawResult,
  PublicQuote,
  QUOTATIONS_LIST,
  QUOTE_PATHS,
  QuoteListRow,
  QuoteRow,
  QuoteTotalsBody,
  WinRateBody,
  type QuoteAction,
} from '@/contract/commercial';
import { api, type Download } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const q = relative(QUOTATIONS_LIST.path);

/** One api client per commercial endpoint (src/contract/commercial/resources.ts). */
export const clients = {
  customers: resourceClient(COMMERCIAL_RESOURCES.customers.path, CustomerRow),
  sites: resourceClient(COMMERCIAL_RESOURCES.sites.path, CustomerSiteRow),
  catalogue: resourceClient(COMMERCIAL_RESOURCES.catalogue.path, CatalogueItemRow),
  /** `/viewquotations` and `/quotations`: the list rows; the quotation itself through `quotes`. */
  quotations: resourceClient(QUOTATIONS_LIST.path, QuoteListRow),
  documents: resourceClient(COMMERCIAL_RESOURCES.documents.path, DocumentRow),
  documentShares: resourceClient(DOCUMENT_SHARES_LIST.path, DocumentShareRow),
};

const docs = relative(COMMERCIAL_RESOURCES.documents.path);
/** The document calls beyond the resource (server/modules/commercial/documents.routes.ts). */
export const documentFiles = {
  upload: (id: string, file: File) =>
    api.upload(`${docs}/${id}/files`, file, DocumentRow, { searchParams: { fileName: file.name }, quiet: true }),
  versions: (id: string, signal?: AbortSignal) => api.get(`${docs}/${id}/versions`, DocumentVersions, { signal }),
  file: (id: string, v?: number): Promise<Download> =>
    api.download(`${docs}/${id}/file`, 'document', { searchParams: v ? { v } : {} }),
  library: (q: string, signal?: AbortSignal) =>
    api.get(relative(DOCUMENT_PATHS.library), LibraryBody, { searchParams: q ? { q } : {}, signal }),
  share: (body: { documentIds: string[]; customerIds: string[] | 'all'; message: string }) =>
    api.post(relative(DOCUMENT_PATHS.share), body, ShareResult, { quiet: true }),
  withdraw: (shareId: string) => api.delete(`${relative(DOCUMENT_SHARES_LIST.path)}/${shareId}`, WithdrawResult),
};

/** Shows a downloaded file in a new tab (PDF and images open in the browser's viewer). */
export function openInBrowser({ blob }: Download, tab: Window | null) {
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
  settings: (signal?: AbortSignal) => api.get(relative(QUOTE_PATHS.settings), CommercialSettings, { signal }),
  saveSettings: (body: CommercialSettings) =>
    api.put(relative(QUOTE_PATHS.settings), body, CommercialSettings, { quiet: true }),
  /** One quotation's follow-up reminders off (or on again), ADR 059. */
  setFollowUp: (id: string, off: boolean) =>
    api.put(relative(QUOTE_PATHS.followUp(id)), { off }, QuoteRow, { quiet: true }),
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
