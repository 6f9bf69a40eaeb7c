import { describe, expect, it } from 'vitest';
import {
  continuesText,
  foldPeriods,
  monthTitle,
  periodsMessage,
  periodsOf,
  subjectKey,
  type PeriodEntry,
} from './exception-periods';

const entry = (period: string, rate: number): PeriodEntry => ({
  period,
  message: `T1: leak suspected — losing ${rate.toFixed(3)} L/h`,
  summary: `${rate.toFixed(3)} L/h`,
  leakRate: rate,
});

describe('exception periods (ADR 075)', () => {
  it('keys a repeating exception by kind and subject, and names months', () => {
    expect(subjectKey('leak_suspected', 'abc')).toBe('leak_suspected:abc');
    expect(monthTitle('2026-10')).toBe('October 2026');
    expect(monthTitle('2026-01')).toBe('January 2026');
    expect(monthTitle('nope')).toBe('nope');
  });

  it('a new exception holds its months, oldest first, with the latest message', () => {
    const f = foldPeriods(null, [entry('2026-11', 1.88), entry('2026-10', 1.87)]);
    expect(f.details.period).toEqual({ from: '2026-10', to: '2026-11' });
    expect(f.details.periods.map((e) => e.period)).toEqual(['2026-10', '2026-11']);
    expect(f.added.map((e) => e.period)).toEqual(['2026-10', '2026-11']);
    expect(f.message).toBe('T1: leak suspected — losing 1.880 L/h (2 months: October 2026 to November 2026)');
    expect(foldPeriods(null, [entry('2026-10', 1.87)]).message).toBe('T1: leak suspected — losing 1.870 L/h');
  });

  it('adds a month to what an exception holds; a month held keeps its entry', () => {
    const first = foldPeriods(null, [entry('2026-10', 1.87)]).details;
    const again = foldPeriods(first, [entry('2026-10', 9), entry('2026-11', 1.88)]);
    expect(again.added.map((e) => e.period)).toEqual(['2026-11']);
    expect(again.details.periods.map((e) => e.leakRate)).toEqual([1.87, 1.88]);
    expect(foldPeriods(again.details, [entry('2026-11', 2)]).added).toEqual([]);
    // A month before the first (someone opened an older month) widens the period backwards.
    const back = foldPeriods(again.details, [entry('2026-09', 1.86)]);
    expect(back.details.period).toEqual({ from: '2026-09', to: '2026-11' });
    expect(back.message).toMatch(/losing 1\.880 L\/h \(3 months: September 2026 to November 2026\)$/);
  });

  it('says on the timeline whether the condition continues or was also found earlier', () => {
    expect(continuesText('Leak', entry('2026-11', 1.88), '2026-10')).toBe('Leak continues in November 2026: 1.880 L/h');
    expect(continuesText('Leak', entry('2026-09', 1.86), '2026-10')).toBe('Leak also in September 2026: 1.860 L/h');
  });

  it('reads no months from details of another shape', () => {
    expect(periodsOf(null)).toEqual([]);
    expect(periodsOf({ month: '2026-10' })).toEqual([]);
    expect(periodsOf({ periods: [{ nope: 1 }, { period: '2026-10' }] })).toEqual([
      { period: '2026-10', message: '', summary: '' },
    ]);
    expect(periodsMessage([])).toBe('');
  });
});
