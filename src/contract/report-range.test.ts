import { describe, expect, it } from 'vitest';
import { resolveRange } from './report-range';

const JHB = 'Africa/Johannesburg';
const at = (iso: string) => new Date(iso);

describe('relative report ranges', () => {
  it('counts "today" in the given zone, not in UTC', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Johannesburg (UTC+2) and still 31 Dec in New York.
    expect(resolveRange('today', at('2026-12-31T23:30:00Z'), JHB)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(resolveRange('today', at('2026-12-31T23:30:00Z'), 'America/New_York')).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
    expect(resolveRange('yesterday', at('2027-01-01T00:30:00Z'), JHB)).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
  });

  it('ends last month on its last day, February and leap years included', () => {
    expect(resolveRange('lastMonth', at('2026-03-15T10:00:00Z'), JHB)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(resolveRange('lastMonth', at('2028-03-01T10:00:00Z'), JHB)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(resolveRange('lastMonth', at('2027-01-10T10:00:00Z'), JHB)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(resolveRange('monthToDate', at('2026-05-31T10:00:00Z'), JHB)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
    });
  });

  it('runs weeks Monday to Sunday', () => {
    // Wednesday 2026-11-25.
    expect(resolveRange('thisWeek', at('2026-11-25T12:00:00Z'), JHB)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(resolveRange('lastWeek', at('2026-11-25T12:00:00Z'), JHB)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // On a Sunday the week is the one ending today; on a Monday last week ended yesterday.
    expect(resolveRange('thisWeek', at('2026-11-29T12:00:00Z'), JHB)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRange('lastWeek', at('2026-11-30T12:00:00Z'), JHB)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('keeps whole days across a daylight-saving change', () => {
    // Europe/London moved to summer time on 2026-03-29 (a 23-hour day): still 7 calendar days.
    expect(resolveRange('last7Days', at('2026-04-01T00:30:00Z'), 'Europe/London')).toEqual({
      from: '2026-03-26',
      to: '2026-04-01',
    });
    // 00:30 local on the first day of summer time is 23:30 UTC the day before.
    expect(resolveRange('today', at('2026-03-28T23:30:00Z'), 'Europe/London')).toEqual({
      from: '2026-03-28',
      to: '2026-03-28',
    });
    expect(resolveRange('today', at('2026-06-30T23:30:00Z'), 'Europe/London')).toEqual({
      from: '2026-07-01',
      to: '2026-07-01',
    });
  });

  it('resolves quarters and years', () => {
    expect(resolveRange('quarterToDate', at('2026-08-15T12:00:00Z'), JHB)).toEqual({
      from: '2026-07-01',
      to: '2026-08-15',
    });
    expect(resolveRange('lastQuarter', at('2026-08-15T12:00:00Z'), JHB)).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });
    expect(resolveRange('lastQuarter', at('2026-02-15T12:00:00Z'), JHB)).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(resolveRange('yearToDate', at('2026-02-15T12:00:00Z'), JHB)).toEqual({
      from: '2026-01-01',
      to: '2026-02-15',
    });
    expect(resolveRange('lastYear', at('2026-02-15T12:00:00Z'), JHB)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(resolveRange('last30Days', at('2026-03-01T12:00:00Z'), JHB)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
  });

  it('returns a custom range as given and refuses one without days', () => {
    const custom = { from: '2026-01-05', to: '2026-01-09' };
    expect(resolveRange('custom', at('2026-11-25T12:00:00Z'), JHB, custom)).toEqual(custom);
    expect(() => resolveRange('custom', at('2026-11-25T12:00:00Z'), JHB)).toThrow(/custom range/);
  });
});
