/**
 * How numbers read on screen, in the user's locale (thousands separators and decimal mark from the
 * browser). One place for litres, money and counts; each formatter is built once (building one
 * per call was a tenth of the device page's work while a long queue synced).
 *
 * Litres come in named variants, by what the figure is:
 * - `litresTotal`  — KPI totals and tank levels, whole litres: "12,346 L".
 * - `litresTenth`  — charts and the quick views, to 0.1 L: "12,345.7 L".
 * - `litresExact`  — one record's amount as stored (numeric(12,3)), up to 3 decimals: "12,345.678 L".
 * - `litresFigure` — reconciliation tables, always one decimal and no unit (the column says L): "12,345.7".
 * `null`/`undefined` read "—".
 */

export type LitresStyle = 'total' | 'tenth' | 'exact' | 'figure';

// `signDisplay: 'negative'`: a value that rounds to zero reads "0", never "-0" (−0.3 L as a whole litre).
const LITRES: Record<LitresStyle, Intl.NumberFormatOptions> = {
  total: { maximumFractionDigits: 0, signDisplay: 'negative' },
  tenth: { maximumFractionDigits: 1, signDisplay: 'negative' },
  exact: { maximumFractionDigits: 3, signDisplay: 'negative' },
  figure: { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'negative' },
};

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(undefined, options)));
  return f;
}

const NONE = '—';

/** Litres in one of the styles above. */
export function formatLitres(v: number | null | undefined, style: LitresStyle = 'exact'): string {
  if (v === null || v === undefined) return NONE;
  const text = numberFormat(`litres:${style}`, LITRES[style]).format(v);
  return style === 'figure' ? text : `${text} L`;
}

export const litresTotal = (v: number | null | undefined): string => formatLitres(v, 'total');
export const litresTenth = (v: number | null | undefined): string => formatLitres(v, 'tenth');
export const litresExact = (v: number | null | undefined): string => formatLitres(v, 'exact');
export const litresFigure = (v: number | null | undefined): string => formatLitres(v, 'figure');

/** Money to the cent, without a currency sign (the account's currency is the column's): "1,234.50". */
export const money = (v: number): string =>
  numberFormat('money', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }).format(v);

/** A count of things: "12,345". */
export const count = (v: number): string => numberFormat('count', { maximumFractionDigits: 0 }).format(v);

/**
 * A record's litres with the 3 decimals they are stored with, as the record lists and their exports show them (ADR
 * 023): "1,234.500 L".
 */
export const litresFixed = (v: number | null | undefined): string =>
  v === null || v === undefined ? NONE : `${formatFixed(v, 3)} L`;

/** A figure with exactly `decimals` decimals, grouped: 1234.5 → "1,234.500" (3). */
export function formatFixed(v: number, decimals: number): string {
  return numberFormat(`fixed:${decimals}`, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(v);
}

/**
 * A code with the name of what it codes: "DSL50 — Diesel 50 ppm"; the code alone without a name; "—" without either.
 */
export function codeAndName(code: string | null | undefined, name: string | null | undefined): string {
  if (!code) return name || NONE;
  return name && name !== code ? `${code} — ${name}` : code;
}
