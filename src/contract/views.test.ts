import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketOf,
  bucketsBetween,
  calendarWeeks,
  cappedMessage,
  daysInRange,
  fillSeries,
  GpsQuery,
  isRealDate,
  monthDates,
  SeriesQuery,
  seriesRows,
  sumFigures,
  utcWindow,
  ZERO_FIGURES,
} from './views';

describe('dates', () => {
  it('knows real dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('2026-1-01')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('buckets days by ISO week (Monday) and month', () => {
    // 2026-11-22 is a Sunday, 2026-11-16 the Monday before it.
    expect(bucketOf('2026-11-22', 'week')).toBe('2026-11-16');
    expect(bucketOf('2026-11-16', 'week')).toBe('2026-11-16');
    expect(bucketOf('2026-11-22', 'month')).toBe('2026-11-01');
    expect(bucketOf('2026-11-22', 'day')).toBe('2026-11-22');
  });

  it('lists every bucket of a range, also the partial first one', () => {
    expect(bucketsBetween('2026-11-28', '2026-12-02', 'day')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(bucketsBetween('2026-11-20', '2026-12-02', 'week')).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(bucketsBetween('2026-11-20', '2027-01-02', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
  });

  it('lays a month out in Monday-first weeks', () => {
    expect(monthDates('2024-02')).toHaveLength(29);
    const weeks = calendarWeeks('2026-11'); // 1 November 2026 is a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[weeks.length - 1]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('widens a local-day range to the UTC instants every zone needs', () => {
    // Local midnight of the 1st in Kiritimati (UTC+14) and of the 3rd in UTC−12 are inside.
    expect(utcWindow('2026-11-01', '2026-11-02')).toEqual({
      lo: '2026-10-31T10:00:00.000Z',
      hi: '2026-11-03T12:00:00.000Z',
    });
  });
});

describe('queries', () => {
  it('defaults the chart query and checks the range', () => {
    expect(SeriesQuery.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      metric: 'dispensed',
      groupBy: 'store',
      interval: 'day',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const back = SeriesQuery.safeParse({ from: '2026-11-30', to: '2026-11-01' });
    expect(back.success).toBe(false);
    expect(back.error?.issues[0].path).toEqual(['to']);
    expect(SeriesQuery.safeParse({ from: '2020-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(SeriesQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', metric: 'cost' }).success).toBe(false);
    expect(SeriesQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', extra: '1' }).success).toBe(false);
  });

  it('caps the GPS range at a year', () => {
    expect(GpsQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(GpsQuery.safeParse({ from: '2025-01-01', to: '2026-12-31' }).success).toBe(false);
    expect(GpsQuery.safeParse({ from: '2026-01-01', to: '2026-01-02', storeId: 'x' }).success).toBe(false);
  });
});

describe('figures', () => {
  const res = {
    series: [
      { key: 'b', label: 'PTA01', total: 30, points: [{ bucket: '2026-11-02', litres: 30, count: 1 }] },
      {
        key: 'a',
        label: 'JHB01',
        total: 15,
        points: [
          { bucket: '2026-11-02', litres: 10, count: 2 },
          { bucket: '2026-11-01', litres: 5, count: 1 },
        ],
      },
    ],
  };

  it('flattens series into rows by bucket then group', () => {
    expect(seriesRows(res).map((r) => `${r.bucket} ${r.group} ${r.litres}`)).toEqual([
      '2026-11-01 JHB01 5',
      '2026-11-02 JHB01 10',
      '2026-11-02 PTA01 30',
    ]);
  });

  it('fills flows with zero and leaves levels open where nothing was read', () => {
    const buckets = ['2026-11-01', '2026-11-02', '2026-11-03'];
    expect(fillSeries(res.series[1].points, buckets, 'dispensed').map((p) => p.litres)).toEqual([5, 10, 0]);
    expect(fillSeries(res.series[1].points, buckets, 'levels').map((p) => p.litres)).toEqual([5, 10, null]);
  });

  it('sums day figures without float dust', () => {
    const day = { ...ZERO_FIGURES, dispensed: 0.1, dispenses: 1 };
    expect(sumFigures([day, { ...day, dispensed: 0.2 }])).toEqual({ ...ZERO_FIGURES, dispensed: 0.3, dispenses: 2 });
  });

  it('says when the map was capped', () => {
    expect(cappedMessage(10, 5000)).toBeNull();
    expect(cappedMessage(12_345, 5000)).toMatch(/latest 5,000 of 12,345/);
  });
});
