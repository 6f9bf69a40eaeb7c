import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, lineAmounts, parseCents, quoteNumber, quoteTotals } from './quote-math';

describe('quotation arithmetic (hand-computed)', () => {
  it('a plain line: 2 × 1,250.00 at 15 % VAT', () => {
    expect(lineAmounts({ quantity: 2, unitPriceCents: 125_000, discountPct: 0, vatPct: 15 })).toEqual({
      grossCents: 250_000,
      discountCents: 0,
      netCents: 250_000,
      vatCents: 37_500,
      totalCents: 287_500,
    });
  });

  it('fuel per litre: 1,234.567 L × 21.99 rounds the gross half up', () => {
    // 1234.567 × 2199 = 2,714,812.833 cents → 2,714,813; VAT 15 % = 407,221.95 → 407,222.
    expect(lineAmounts({ quantity: 1234.567, unitPriceCents: 2199, discountPct: 0, vatPct: 15 })).toEqual({
      grossCents: 2_714_813,
      discountCents: 0,
      netCents: 2_714_813,
      vatCents: 407_222,
      totalCents: 3_122_035,
    });
  });

  it('discount before VAT, each rounded on its own', () => {
    // gross 3 × 33.33 = 99.99 → 9,999 c; 12.5 % = 1,249.875 → 1,250; net 8,749; VAT 15 % = 1,312.35 → 1,312.
    expect(lineAmounts({ quantity: 3, unitPriceCents: 3333, discountPct: 12.5, vatPct: 15 })).toEqual({
      grossCents: 9999,
      discountCents: 1250,
      netCents: 8749,
      vatCents: 1312,
      totalCents: 10_061,
    });
  });

  it('exact halves round up', () => {
    // 0.5 × 1 c = 0.5 c → 1 c; 0.001 × 500 c = 0.5 c → 1 c.
    expect(lineAmounts({ quantity: 0.5, unitPriceCents: 1, discountPct: 0, vatPct: 0 }).grossCents).toBe(1);
    expect(lineAmounts({ quantity: 0.001, unitPriceCents: 500, discountPct: 0, vatPct: 0 }).grossCents).toBe(1);
    // net 10 c at 15 % = 1.5 c → 2 c.
    expect(lineAmounts({ quantity: 1, unitPriceCents: 10, discountPct: 0, vatPct: 15 }).vatCents).toBe(2);
  });

  it('VAT per line, then summed: three lines', () => {
    const lines = [
      lineAmounts({ quantity: 1, unitPriceCents: 4_500_000, discountPct: 5, vatPct: 15 }), // tank
      lineAmounts({ quantity: 2, unitPriceCents: 1_875_050, discountPct: 0, vatPct: 15 }), // pumps
      lineAmounts({ quantity: 1, unitPriceCents: 99_999, discountPct: 0, vatPct: 0 }), // zero-rated
    ];
    // tank: gross 4,500,000; discount 225,000; net 4,275,000; VAT 641,250; total 4,916,250
    // pumps: gross 3,750,100; net 3,750,100; VAT 562,515; total 4,312,615
    // zero-rated: 99,999
    expect(quoteTotals(lines)).toEqual({
      grossCents: 8_350_099,
      discountCents: 225_000,
      netCents: 8_125_099,
      vatCents: 1_203_765,
      totalCents: 9_328_864,
    });
  });

  it('is exact where floating point is not', () => {
    // 0.1 + 0.2 style: 3 × 0.10 at 0 %: 30 c, not 30.000000000000004.
    expect(lineAmounts({ quantity: 3, unitPriceCents: 10, discountPct: 0, vatPct: 0 }).totalCents).toBe(30);
    // Large but exact: 999,999.999 × 99,999,999 c.
    const big = lineAmounts({ quantity: 999_999.999, unitPriceCents: 99_999_999, discountPct: 0, vatPct: 0 });
    expect(big.grossCents).toBe(99_999_998_900_000); // 99,999,998,900,000.001 → …000
  });

  it('refuses more decimals than stated and negative amounts', () => {
    expect(() => lineAmounts({ quantity: 1.0001, unitPriceCents: 1, discountPct: 0, vatPct: 0 })).toThrow();
    expect(() => lineAmounts({ quantity: 1, unitPriceCents: 1, discountPct: 0.001, vatPct: 0 })).toThrow();
    expect(() => lineAmounts({ quantity: -1, unitPriceCents: 1, discountPct: 0, vatPct: 0 })).toThrow();
  });

  it('formats and parses cents', () => {
    expect(formatCents(9_328_864)).toBe('93,288.64');
    expect(formatCents(5)).toBe('0.05');
    expect(parseCents('1,234.5')).toBe(123_450);
    expect(parseCents('12.345')).toBeNull();
    expect(parseCents('abc')).toBeNull();
  });

  it('numbers quotations per year with four digits', () => {
    expect(quoteNumber(2026, 1)).toBe('Q-2026-0001');
    expect(quoteNumber(2026, 12345)).toBe('Q-2026-12345');
  });
});

describe('formatMoney', () => {
  it("writes the account's currency sign before the amount, minus first", () => {
    expect(formatMoney(9_328_864, 'EUR')).toBe('€93,288.64');
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(-5, 'ZAR')).toBe('-R0.05');
    expect(formatMoney(100, 'GBP')).toBe('£1.00');
    expect(formatMoney(100, 'CHF')).toBe('CHF 1.00');
    expect(formatMoney(100, 'XYZ')).toBe('XYZ 1.00');
  });
});
