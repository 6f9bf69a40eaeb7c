import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTLIER_LIMITS, judgeFill } from '../../../src/contract/consumption';
import { dispenseWarnings, meterRollback } from '../../../src/contract/dispense-warnings';
import { DEFAULT_LEAK_LIMITS, leakTest } from '../../../src/contract/leak-test';
import { numberOf, timeOf } from './parse';
import { scoreDispenses, scoreReadings, type DispenseRow, type ReadingRow } from './score';
import { dispensesCsv, readingsCsv } from './testing';

const limits = { outlier: DEFAULT_OUTLIER_LIMITS, leak: DEFAULT_LEAK_LIMITS };

/** The test files as rows, the way `parse.ts` builds them. */
function rowsOf(csv: string): string[][] {
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}
const dispenses = (): DispenseRow[] =>
  rowsOf(dispensesCsv()).map(([equipment, at, litres, meter, product], i) => ({
    row: i + 2,
    equipment,
    product,
    ...timeOf(at)!,
    litres: Number(litres),
    meter: Number(meter),
    meterType: 'km',
  }));
const readings = (): ReadingRow[] =>
  rowsOf(readingsCsv()).map(([tank, at, volume, deliveries, dispensed], i) => ({
    row: i + 2,
    tank,
    ...timeOf(at)!,
    volume: Number(volume),
    deliveries: Number(deliveries),
    dispensed: Number(dispensed),
  }));

describe('the sandbox scorer', () => {
  it('finds the planted outlier and rollback, nothing else', () => {
    const a = scoreDispenses(dispenses(), limits);
    expect(a.map((x) => [x.code, x.subject, x.row])).toEqual([
      ['consumption_outlier', 'TRK-1', 17],
      ['meter_rollback', 'TRK-2', 25],
    ]);
    // A baseline needing more fills than TRK-1 has before the outlier's block finds no outlier.
    const strict = scoreDispenses(dispenses(), { ...limits, outlier: { ...DEFAULT_OUTLIER_LIMITS, minFills: 14 } });
    expect(strict.map((x) => x.code)).toEqual(['meter_rollback']);
  });

  it('fails the leaking tank once (February), not the tight one', () => {
    const a = scoreReadings(readings(), limits);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ code: 'leak_suspected', subject: 'T-LEAK', at: '2026-02-13' });
    expect(a[0].value).toBeCloseTo(2, 1);
    // Fewer days needed: January's 26 days are enough to fail too.
    expect(scoreReadings(readings(), { ...limits, leak: { ...DEFAULT_LEAK_LIMITS, minDays: 20 } })).toHaveLength(2);
  });
});

describe('the detection with its limits', () => {
  it('gives the same answers as before with the default limits', () => {
    const v = Array.from({ length: 40 }, (_, i) => -12 + (i % 3)); // 11 L a day: 0.46 L/h
    expect(leakTest(v)).toEqual(leakTest(v, DEFAULT_LEAK_LIMITS));
    expect(leakTest(v, { ...DEFAULT_LEAK_LIMITS, thresholdLph: 0.5 }).verdict).toBe('pass');
    expect(leakTest(v).verdict).toBe('fail');
    const b = { median: 30, mad: 0.5, n: 10 };
    expect(judgeFill(60, b)).toEqual(judgeFill(60, b, DEFAULT_OUTLIER_LIMITS));
    expect(judgeFill(60, b, { ...DEFAULT_OUTLIER_LIMITS, minFills: 11 })).toBeNull();
  });

  it('judges a meter rollback as the ingest does', () => {
    expect(meterRollback(90, 100, 'hours')).toEqual({
      code: 'meter_rollback',
      message: 'Meter 90 h is lower than the last known 100 h',
    });
    expect(meterRollback(100, 100, 'km')).toBeNull();
    expect(meterRollback(null, 100, 'km')).toBeNull();
    const base = {
      dispense: {
        variant: 'FAMS' as const,
        productId: 'p',
        storeId: 's',
        equipmentId: 'e',
        employeeId: null,
        costCentreId: null,
        litres: 10,
        meter: 90,
        at: new Date('2026-01-01T10:00:00Z'),
      },
      equipmentCapacity: null,
      meterType: 'km' as const,
      lastMeter: 100,
      lastFillAt: null,
      allocations: [],
      usedToday: { litres: 0, count: 0 },
      usedThisMonth: { litres: 0, count: 0 },
      f24Rule: null,
    };
    expect(dispenseWarnings(base as never).find((w) => w.code === 'meter_rollback')).toEqual(
      meterRollback(90, 100, 'km'),
    );
  });
});

describe('reading a history file', () => {
  it('reads numbers and times as spreadsheets write them', () => {
    expect([numberOf('1 234,5'), numberOf('1,234.5'), numberOf(''), numberOf('abc')]).toEqual([
      1234.5,
      1234.5,
      null,
      NaN,
    ]);
    expect(timeOf('2026-01-31 08:00')).toEqual({ at: '2026-01-31T08:00:00', ms: Date.UTC(2026, 0, 31, 8) });
    expect(timeOf('31/01/2026')).toEqual({ at: '2026-01-31', ms: Date.UTC(2026, 0, 31) });
    expect(timeOf('2026-02-30')).toBeNull();
    expect(timeOf('1899-01-01')).toBeNull();
    expect(timeOf('yesterday')).toBeNull();
  });
});
