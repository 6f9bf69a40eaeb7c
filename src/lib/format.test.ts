import { describe, expect, it } from 'vitest';
import { count, formatFixed, formatLitres, litresExact, litresFigure, litresTenth, litresTotal, money } from './format';

// The user's locale decides separators: compare with what this runtime's locale writes.
const n = (v: number, o: Intl.NumberFormatOptions) => new Intl.NumberFormat(undefined, o).format(v);

describe('format', () => {
  it('writes litres in the named variants', () => {
    const v = 12345.6789;
    expect(litresTotal(v)).toBe(`${n(12346, {})} L`);
    expect(litresTenth(v)).toBe(`${n(12345.7, { maximumFractionDigits: 1 })} L`);
    expect(litresExact(v)).toBe(`${n(12345.679, { maximumFractionDigits: 3 })} L`);
    expect(litresFigure(v)).toBe(n(12345.7, { minimumFractionDigits: 1 }));
    expect(litresFigure(12)).toBe(n(12, { minimumFractionDigits: 1 }));
    expect(formatLitres(5)).toBe(litresExact(5));
  });

  it('reads a missing figure as a dash and never writes a negative zero', () => {
    expect(litresTotal(null)).toBe('—');
    expect(litresFigure(undefined)).toBe('—');
    expect(litresFigure(-0)).toBe(n(0, { minimumFractionDigits: 1 }));
    // A small loss rounded away is zero, not "-0 L" (the daily report's variance in whole litres).
    expect(litresTotal(-0.3)).toBe(`${n(0, {})} L`);
    expect(litresFigure(-0.04)).toBe(n(0, { minimumFractionDigits: 1 }));
    expect(formatFixed(-0.0004, 3)).toBe(n(0, { minimumFractionDigits: 3 }));
    expect(money(-0.001)).toBe(n(0, { minimumFractionDigits: 2 }));
    // A real loss keeps its sign.
    expect(litresTotal(-0.6)).toBe(`${n(-1, {})} L`);
  });

  it('writes money to the cent and counts whole', () => {
    expect(money(1234.5)).toBe(n(1234.5, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(count(1234567)).toBe(n(1234567, {}));
  });
});
