import { describe, expect, it } from 'vitest';
import {
  DailyQuery,
  US_GALLON_LITRES,
  VARIANCE_FIXED_LITRES,
  isOverThreshold,
  reconcileDay,
  reconcileDays,
  summarise,
  variancePercent,
  varianceThreshold,
  type DayInput,
} from './balancing';
import { addDays, dateRange, localDate, monthBounds, previousMonth } from './calendar';

/**
 * Hand-computed fixtures (worked out on paper, written next to each figure). Volumes in litres.
 */
const base = { receipts: 0, dispensed: 0, transfersOut: 0, transfersIn: 0 };

const THREE_DAYS: DayInput[] = [
  // No reading the day before → opening from the book (10 000). Dispensed is net: 1 250.5 sold, 50 reversed.
  {
    ...base,
    day: '2026-03-01',
    openingReading: null,
    bookAtStart: 10_000,
    receipts: 5_000,
    dispensed: 1_250.5 - 50,
    transfersOut: 300,
    closingReading: 13_480,
  },
  {
    ...base,
    day: '2026-03-02',
    openingReading: 13_480,
    bookAtStart: 13_499.5,
    dispensed: 2_000,
    transfersIn: 750.25,
    closingReading: 12_200,
  },
  // No reading on day 3: no variance; day 2's closing was read, so day 3 opens on it.
  { ...base, day: '2026-03-03', openingReading: 12_200, bookAtStart: 12_230.25, closingReading: null },
];

describe('daily reconciliation', () => {
  it('computes every column of a day that opens from the book', () => {
    expect(reconcileDay(THREE_DAYS[0])).toEqual({
      day: '2026-03-01',
      opening: 10_000,
      openingSource: 'book',
      receipts: 5_000,
      dispensed: 1_200.5,
      transfersOut: 300,
      transfersIn: 0,
      // 10 000 + 5 000 − 1 200.5 − 300 + 0 = 13 499.5
      bookClosing: 13_499.5,
      measuredClosing: 13_480,
      // 13 480 − 13 499.5 = −19.5; −19.5 / 1 200.5 = −1.6243 % → −1.62
      variance: -19.5,
      variancePct: -1.62,
    });
  });

  it('chains days: the opening is the previous closing, the variance accumulates, a day without reading adds nothing', () => {
    const rows = reconcileDays(THREE_DAYS);
    // Day 2: 13 480 − 2 000 + 750.25 = 12 230.25; 12 200 − 12 230.25 = −30.25 (−1.5125 % → −1.51)
    expect(rows[1]).toMatchObject({
      opening: 13_480,
      openingSource: 'reading',
      bookClosing: 12_230.25,
      variance: -30.25,
      variancePct: -1.51,
      cumulativeVariance: -49.75,
    });
    expect(rows[2]).toMatchObject({
      opening: 12_200,
      openingSource: 'reading',
      bookClosing: 12_200,
      measuredClosing: null,
      variance: null,
      variancePct: null,
      cumulativeVariance: -49.75,
    });
    expect(rows[0].cumulativeVariance).toBe(-19.5);
  });

  it('has no variance % when nothing (net) was dispensed', () => {
    expect(variancePercent(-10, 0)).toBeNull();
    expect(variancePercent(-10, -5)).toBeNull();
    expect(variancePercent(null, 100)).toBeNull();
    expect(variancePercent(12.345, 1000)).toBe(1.23);
  });

  it('rounds to 0.001 L without binary noise or negative zero', () => {
    const r = reconcileDay({
      ...base,
      day: '2026-01-01',
      openingReading: 0.1,
      bookAtStart: 0,
      receipts: 0.2,
      closingReading: 0.3,
    });
    expect(r.bookClosing).toBe(0.3);
    expect(Object.is(r.variance, 0)).toBe(true);
  });
});

describe('period roll-up', () => {
  it('sums the flows and the variances of the days', () => {
    expect(summarise(reconcileDays(THREE_DAYS))).toEqual({
      days: 3,
      daysWithoutReading: 1,
      daysOpenedFromBook: 1,
      opening: 10_000,
      openingSource: 'book',
      receipts: 5_000,
      dispensed: 3_200.5,
      transfersOut: 300,
      transfersIn: 750.25,
      // 10 000 + 5 000 − 3 200.5 − 300 + 750.25
      bookClosing: 12_249.75,
      measuredClosing: null,
      // −19.5 − 30.25; −49.75 / 3 200.5 = −1.5544 % → −1.55
      variance: -49.75,
      variancePct: -1.55,
      // 1 % of 3 200.5 = 32.005, + 492.1
      threshold: 524.105,
      flagged: false,
    });
  });

  it('flags a month with a slow leak: 40 L/day over 30 days on 1 000 L/day', () => {
    const days: DayInput[] = [];
    let stock = 20_000;
    for (let i = 0; i < 30; i++) {
      const close = stock - 1_000 - 40;
      days.push({
        ...base,
        day: addDays('2026-04-01', i),
        openingReading: stock,
        bookAtStart: stock,
        dispensed: 1_000,
        closingReading: close,
      });
      stock = close;
    }
    const m = summarise(reconcileDays(days));
    // −1 200 against 1 % × 30 000 + 492.1 = 792.1
    expect(m).toMatchObject({ dispensed: 30_000, variance: -1_200, threshold: 792.1, flagged: true, variancePct: -4 });
    expect(m.bookClosing! - m.measuredClosing!).toBe(1_200);
  });

  it('is empty-safe', () => {
    expect(summarise([])).toMatchObject({
      days: 0,
      opening: null,
      bookClosing: null,
      variance: 0,
      variancePct: null,
      threshold: 492.1,
      flagged: false,
    });
  });
});

describe('the 1 % of throughput + 130 US gal rule', () => {
  it('uses 130 US gal = 492.1 L (492.1035 rounded to 0.1 L)', () => {
    expect(130 * US_GALLON_LITRES).toBeCloseTo(492.1035, 4);
    expect(Math.round(130 * US_GALLON_LITRES * 10) / 10).toBe(VARIANCE_FIXED_LITRES);
  });

  it('allows 1 % of the throughput plus 492.1 L, and flags only above it', () => {
    expect(varianceThreshold(100_000)).toBe(1_492.1);
    expect(isOverThreshold(-1_492.1, 100_000)).toBe(false);
    expect(isOverThreshold(-1_492.101, 100_000)).toBe(true);
    expect(isOverThreshold(1_500, 100_000)).toBe(true);
    expect(isOverThreshold(492.1, 0)).toBe(false);
    expect(isOverThreshold(492.2, 0)).toBe(true);
    // Net throughput below zero (only reversals): its size counts.
    expect(varianceThreshold(-1_000)).toBe(502.1);
    // 1 % of 12 345.678 = 123.45678 → 615.55678 → 615.557
    expect(varianceThreshold(12_345.678)).toBe(615.557);
  });
});

describe('calendar helpers', () => {
  it('knows month lengths, ranges and the previous month', () => {
    expect(monthBounds('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(dateRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });

  it('finds the local date of an instant', () => {
    expect(localDate(new Date('2026-03-01T22:30:00Z'), 'Africa/Johannesburg')).toBe('2026-03-02');
    expect(localDate(new Date('2026-03-01T22:30:00Z'), 'UTC')).toBe('2026-03-01');
    expect(localDate(new Date('2026-03-02T03:00:00Z'), 'America/New_York')).toBe('2026-03-01');
  });

  it('validates the daily range', () => {
    expect(DailyQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    // 366 days is the most: 2025-01-01 … 2026-01-01 is 366 days, one more is too many.
    expect(DailyQuery.safeParse({ from: '2024-12-31', to: '2026-01-01' }).success).toBe(false);
    expect(DailyQuery.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(DailyQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  });
});
