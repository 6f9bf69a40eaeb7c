import type { SapLine, SapSettings } from '../../../src/contract/sap';
import type { RawLine } from './sap.repository';

/**
 * Posting lines whose amounts add up, per cost centre, to that cost centre's cost rounded once —
 * the figure of the cost-centre report — rather than to a sum of separately rounded lines: the cent
 * left over by rounding goes to the cost centre's largest line.
 */
export function balanceLines(raw: RawLine[]): SapLine[] {
  const cents = (v: number) => Math.round(v * 100);
  const byCc = new Map<string, RawLine[]>();
  for (const l of raw) byCc.set(l.costCentre, [...(byCc.get(l.costCentre) ?? []), l]);
  const out = new Map<RawLine, number>();
  for (const lines of byCc.values()) {
    const diff = cents(lines[0].costCentreTotal) - lines.reduce((s, l) => s + cents(l.amount), 0);
    const largest = lines.reduce((a, b) => (Math.abs(b.amount) > Math.abs(a.amount) ? b : a));
    for (const l of lines) out.set(l, cents(l.amount) + (l === largest ? diff : 0));
  }
  return raw.map((l) => ({
    costCentre: l.costCentre,
    sapCostCentre: l.sapCostCentre,
    glAccount: l.glAccount,
    product: l.product,
    material: l.material,
    dispenses: l.dispenses,
    litres: l.litres,
    amount: (out.get(l) ?? 0) / 100,
  }));
}

export const SAP_COLUMNS = [
  'BUKRS',
  'BLDAT',
  'BUDAT',
  'BLART',
  'XBLNR',
  'BKTXT',
  'BUZEI',
  'BSCHL',
  'HKONT',
  'KOSTL',
  'MATNR',
  'MENGE',
  'MEINS',
  'WRBTR',
  'WAERS',
  'SGTXT',
] as const;

const ymd = (isoDay: string) => isoDay.replaceAll('-', '');
/** A CSV cell: quoted when it holds a separator, quote or line break; never starting a formula. */
function cell(v: string | number): string {
  let s = String(v);
  // A text starting like a formula is defused; a plain (negative) number is left as it is.
  if (/^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export interface SapFileHeader {
  settings: SapSettings;
  currency: string;
  /** Document date: the day of the export. */
  documentDate: string;
  from: string;
  to: string;
  /** The export's reference (XBLNR, at most 16 characters). */
  reference: string;
}

/**
 * The SAP journal posting file (docs/sap-postings.md): one debit line (key 40) per cost centre and
 * product charging its G/L account, and one credit line (key 50) of the total to the offset
 * account. A negative amount (more reversed than dispensed) swaps the keys, amounts stay positive.
 */
export function sapFile(h: SapFileHeader, lines: SapLine[]): string {
  const text = `FAMS fuel ${ymd(h.from)}-${ymd(h.to)}`;
  const head = [h.settings.companyCode, ymd(h.documentDate), ymd(h.to), h.settings.documentType, h.reference, text];
  const rows: (string | number)[][] = [];
  const totalCents = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
  lines.forEach((l, i) => {
    rows.push([
      ...head,
      i + 1,
      l.amount < 0 ? '50' : '40',
      l.glAccount,
      l.sapCostCentre,
      l.material,
      l.litres.toFixed(3),
      'L',
      Math.abs(l.amount).toFixed(2),
      h.currency,
      `${l.costCentre} ${l.product}`.slice(0, 50),
    ]);
  });
  rows.push([
    ...head,
    lines.length + 1,
    totalCents < 0 ? '40' : '50',
    h.settings.offsetAccount,
    '',
    '',
    '',
    '',
    (Math.abs(totalCents) / 100).toFixed(2),
    h.currency,
    text,
  ]);
  return [SAP_COLUMNS.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\r\n') + '\r\n';
}
