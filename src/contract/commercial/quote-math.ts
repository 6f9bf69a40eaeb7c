/**
 * Quotation arithmetic in integer cents (ADR 039). Every amount is a whole number of cents; every
 * rounding is half away from zero (amounts are never negative, so: half up), applied per line in
 * this order and never again on the sums:
 *   gross    = round(quantity × unit price)          quantity has ≤ 3 decimals
 *   discount = round(gross × discount % / 100)        discount % has ≤ 2 decimals
 *   net      = gross − discount
 *   vat      = round(net × VAT % / 100)               VAT % has ≤ 2 decimals, per line
 *   total    = net + vat
 * The quotation's subtotal, discount, VAT and total are the sums of its lines' figures, so the PDF's
 * lines always add up to its totals. BigInt keeps the intermediate products exact.
 */

export interface LineInput {
  /** Units (3 decimals at most). */
  quantity: number;
  unitPriceCents: number;
  /** 0–100, 2 decimals at most. */
  discountPct: number;
  /** 0–100, 2 decimals at most. */
  vatPct: number;
}

export interface LineAmounts {
  grossCents: number;
  discountCents: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

export interface QuoteTotals {
  grossCents: number;
  discountCents: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** A non-negative decimal with at most `dp` decimals as an integer of 10^-dp units. */
function scaled(v: number, dp: number): bigint {
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`Not a non-negative number: ${v}`);
  const s = Math.round(v * 10 ** dp);
  if (Math.abs(s - v * 10 ** dp) > 1e-6 * Math.max(1, v * 10 ** dp))
    throw new RangeError(`More than ${dp} decimals: ${v}`);
  return BigInt(s);
}

/** a / b rounded half up, for a ≥ 0, b > 0. */
const divRound = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

const toNumber = (v: bigint): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Amount too large');
  return Number(v);
};

export function lineAmounts(l: LineInput): LineAmounts {
  const qtyMilli = scaled(l.quantity, 3);
  const price = BigInt(l.unitPriceCents);
  if (price < 0n || !Number.isSafeInteger(l.unitPriceCents)) throw new RangeError('Unit price must be whole cents');
  const gross = divRound(qtyMilli * price, 1000n);
  const discount = divRound(gross * scaled(l.discountPct, 2), 10_000n);
  const net = gross - discount;
  const vat = divRound(net * scaled(l.vatPct, 2), 10_000n);
  return {
    grossCents: toNumber(gross),
    discountCents: toNumber(discount),
    netCents: toNumber(net),
    vatCents: toNumber(vat),
    totalCents: toNumber(net + vat),
  };
}

export function quoteTotals(lines: readonly LineAmounts[]): QuoteTotals {
  const sum = (k: keyof LineAmounts) => lines.reduce((n, l) => n + l[k], 0);
  return {
    grossCents: sum('grossCents'),
    discountCents: sum('discountCents'),
    netCents: sum('netCents'),
    vatCents: sum('vatCents'),
    totalCents: sum('totalCents'),
  };
}

/** Cents as a fixed two-decimal amount with thousands separators: 123456 → "1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents in the account's currency, sign and grouping included: (123456, 'EUR') → "€1,234.56", (-5, 'ZAR') →
 * "-R0.05". Always two decimals, as amounts are stored in cents; an unknown code is written before the amount.
 */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  let symbol: string;
  try {
    symbol =
      new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    symbol = currency;
  }
  const space = /^[A-Z]{2,}$/.test(symbol) ? ' ' : '';
  return `${sign}${symbol}${space}${formatCents(Math.abs(cents))}`;
}

/** A typed amount ("1234.5", "1,234.56") as cents, or null when it is not one (at most 2 decimals). */
export function parseCents(text: string): number | null {
  const t = text.replace(/[,\s]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(t)) return null;
  const [w, f = ''] = t.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}

/** The quotation number: account-wide sequence per year, four digits at least. */
export const quoteNumber = (year: number, seq: number): string => `Q-${year}-${String(seq).padStart(4, '0')}`;
