import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXCEPTION_RULES,
  ExceptionRules,
  lastDigest,
  nextDigest,
  rulesOf,
  varianceAllowance,
} from './exception-rules';
import { zonedInstant } from './calendar';
import { varianceThreshold } from './balancing';

const iso = (d: Date) => d.toISOString();

describe('zonedInstant', () => {
  it('finds a wall-clock time in zones east and west of UTC', () => {
    expect(iso(zonedInstant('2026-01-15', 7, 'Africa/Johannesburg'))).toBe('2026-01-15T05:00:00.000Z');
    expect(iso(zonedInstant('2026-01-15', 7, 'America/New_York'))).toBe('2026-01-15T12:00:00.000Z');
    expect(iso(zonedInstant('2026-01-15', 7, 'Pacific/Kiritimati'))).toBe('2026-01-14T17:00:00.000Z');
    expect(iso(zonedInstant('2026-01-15', 7, 'UTC'))).toBe('2026-01-15T07:00:00.000Z');
  });
  it('takes the end of the gap for an hour skipped by DST, the first of an hour shown twice', () => {
    // Europe/Berlin springs forward 2026-03-29 02:00 → 03:00.
    expect(iso(zonedInstant('2026-03-29', 2, 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
    // Falls back 2026-10-25 03:00 → 02:00: 02:00 happens at 00:00Z (CEST) and 01:00Z (CET).
    expect(iso(zonedInstant('2026-10-25', 2, 'Europe/Berlin'))).toBe('2026-10-25T00:00:00.000Z');
  });
});

describe('nextDigest', () => {
  it('is today 07:00 local before it, tomorrow after it; it reports the day before its own', () => {
    const tz = 'Africa/Johannesburg';
    expect(nextDigest(new Date('2026-05-10T04:59:00Z'), tz)).toEqual({
      at: new Date('2026-05-10T05:00:00Z'),
      day: '2026-05-09',
    });
    expect(nextDigest(new Date('2026-05-10T05:00:00Z'), tz)).toEqual({
      at: new Date('2026-05-11T05:00:00Z'),
      day: '2026-05-10',
    });
  });
  it('keeps 07:00 local across a DST change (offset changes between two digests)', () => {
    const tz = 'Europe/London';
    // Sunday 2026-03-29 the clocks go forward at 01:00 UTC: 07:00 BST is 06:00Z.
    expect(iso(nextDigest(new Date('2026-03-28T08:00:00Z'), tz).at)).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(nextDigest(new Date('2026-03-27T08:00:00Z'), tz).at)).toBe('2026-03-28T07:00:00.000Z');
    // Autumn: 2026-10-25 back to GMT, 07:00 is 07:00Z again.
    expect(iso(nextDigest(new Date('2026-10-24T07:00:00Z'), tz).at)).toBe('2026-10-25T07:00:00.000Z');
    const us = 'America/Chicago';
    // 2026-03-08 spring forward: 07:00 CDT = 12:00Z; the day before 07:00 CST = 13:00Z.
    expect(iso(nextDigest(new Date('2026-03-07T14:00:00Z'), us).at)).toBe('2026-03-08T12:00:00.000Z');
  });
  it('uses the local date, not the UTC one, near midnight', () => {
    // 23:30Z on the 9th is already the 10th 01:30 in Johannesburg: the next digest is the 10th.
    expect(nextDigest(new Date('2026-05-09T23:30:00Z'), 'Africa/Johannesburg').day).toBe('2026-05-09');
    // 03:00Z on the 10th is still the 9th 23:00 in New York.
    const ny = nextDigest(new Date('2026-05-10T03:00:00Z'), 'America/New_York');
    expect(ny).toEqual({ at: new Date('2026-05-10T11:00:00Z'), day: '2026-05-09' });
  });
  it('lastDigest is the one at or before now', () => {
    const tz = 'Africa/Johannesburg';
    expect(lastDigest(new Date('2026-05-10T05:00:00Z'), tz)).toEqual({
      at: new Date('2026-05-10T05:00:00Z'),
      day: '2026-05-09',
    });
    expect(lastDigest(new Date('2026-05-10T04:00:00Z'), tz).day).toBe('2026-05-08');
  });
});

describe('rules', () => {
  it('defaults are the constants the checks used', () => {
    expect(DEFAULT_EXCEPTION_RULES).toMatchObject({
      capacityOvershootPct: 0,
      outlierZ: 3.5,
      outlierMinExcessPct: 15,
      staleGaugeHours: 2,
      workingFrom: null,
      varianceThroughputPct: 1,
      varianceFixedLitres: 492.1,
    });
    expect(ExceptionRules.safeParse(DEFAULT_EXCEPTION_RULES).success).toBe(true);
    for (const t of [0, 1234.5, -50_000])
      expect(varianceAllowance(DEFAULT_EXCEPTION_RULES, t)).toBe(varianceThreshold(t));
  });
  it('refuses half a working-hours pair and out-of-range numbers', () => {
    const bad = ExceptionRules.safeParse({ ...DEFAULT_EXCEPTION_RULES, workingFrom: '06:00', outlierZ: 1 });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['outlierZ']));
  });
  it('rulesOf merges a stored document over the defaults and ignores a broken one', () => {
    expect(rulesOf({ staleGaugeHours: 6 }).staleGaugeHours).toBe(6);
    expect(rulesOf({ staleGaugeHours: 6 }).outlierZ).toBe(3.5);
    expect(rulesOf({ staleGaugeHours: 'x' })).toEqual(DEFAULT_EXCEPTION_RULES);
    expect(rulesOf(null)).toEqual(DEFAULT_EXCEPTION_RULES);
  });
});
