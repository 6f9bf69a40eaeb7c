import {
  DEFAULT_VAT_PCT,
  formatCents,
  lineAmounts,
  parseCents,
  quoteTotals,
  type CatalogueItem,
  type LineAmounts,
  type Quote,
} from '@/contract/commercial';

/** A line as the inputs edit it: amounts and figures as typed text. */
export interface LineDraft {
  catalogueItemId: string;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  discountPct: string;
  vatPct: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

export const blankLine = (): LineDraft => ({
  catalogueItemId: '',
  description: '',
  unit: 'each',
  quantity: '1',
  unitPrice: '',
  discountPct: '0',
  vatPct: String(DEFAULT_VAT_PCT),
});

/** A price-list item chosen on a line fills its description, unit, price and VAT. */
export const lineFromItem = (item: CatalogueItem, keep: LineDraft): LineDraft => ({
  ...keep,
  catalogueItemId: item.id,
  description: item.name,
  unit: item.unit,
  unitPrice: formatCents(item.unitPriceCents).replace(/,/g, ''),
  vatPct: String(item.vatPct),
});

export const quoteDraft = (q: Quote | null) => ({
  customerId: q?.customerId ?? '',
  siteId: q?.siteId ?? '',
  issueDate: q?.issueDate ?? today(),
  validUntil: q?.validUntil ?? inDays(30),
  terms: q?.terms ?? '',
  paymentTerms: q?.paymentTerms ?? '',
  notes: q?.notes ?? '',
  lines: q
    ? q.lines.map((l): LineDraft => ({
        catalogueItemId: l.catalogueItemId ?? '',
        description: l.description,
        unit: l.unit,
        quantity: String(l.quantity),
        unitPrice: formatCents(l.unitPriceCents).replace(/,/g, ''),
        discountPct: String(l.discountPct),
        vatPct: String(l.vatPct),
      }))
    : [blankLine()],
});
export type QuoteDraft = ReturnType<typeof quoteDraft>;

const num = (s: string) => (s.trim() === '' ? NaN : Number(s.replace(',', '.')));

/** Draft → the API body; unreadable figures stay NaN so the contract names the field. */
export const quoteBody = (d: QuoteDraft) => ({
  customerId: d.customerId,
  siteId: d.siteId || null,
  issueDate: d.issueDate,
  validUntil: d.validUntil,
  terms: d.terms,
  paymentTerms: d.paymentTerms,
  notes: d.notes,
  lines: d.lines.map((l) => ({
    catalogueItemId: l.catalogueItemId || null,
    description: l.description,
    unit: l.unit,
    quantity: num(l.quantity),
    unitPriceCents: parseCents(l.unitPrice) ?? NaN,
    discountPct: l.discountPct.trim() === '' ? 0 : num(l.discountPct),
    vatPct: num(l.vatPct),
  })),
});

/** Each line's amounts (null while a figure cannot be read) and the totals of the readable ones. */
export function draftAmounts(d: QuoteDraft) {
  const lines = quoteBody(d).lines.map((l): LineAmounts | null => {
    try {
      return Number.isFinite(l.quantity) && Number.isFinite(l.unitPriceCents) && Number.isFinite(l.vatPct)
        ? lineAmounts(l)
        : null;
    } catch {
      return null;
    }
  });
  return { lines, totals: quoteTotals(lines.filter((l): l is LineAmounts => l !== null)) };
}
