import { describe, expect, it } from 'vitest';
import { bucketLabel, compact, inZone, longDate } from './format';
import { colourOf, drawnSeries, MAX_DRAWN, OTHER_COLOUR, OTHER_KEY } from './series';
import { shiftMonth } from '@/contract/calendar';
import {
  chartQuery,
  gpsQuery,
  mapLinkSearch,
  rangeError,
  today,
  validateCalendarSearch,
  validateChartSearch,
  validateGpsSearch,
} from './search';

const ID = '0b8a2a8e-5c4f-4d5e-9a51-0f3a1b2c3d4e';

describe('view searches', () => {
  it('keep valid values and drop the rest', () => {
    expect(
      validateChartSearch({
        from: '2026-10-01',
        to: '2026-02-30',
        metric: 'levels',
        groupBy: 'nope',
        storeId: ID,
        tankId: 'x',
      }),
    ).toEqual({ from: '2026-10-01', metric: 'levels', storeId: ID });
    expect(validateGpsSearch({ focus: ID, equipmentId: '1; drop', to: '2026-11-01' })).toEqual({
      focus: ID,
      to: '2026-11-01',
    });
    expect(validateCalendarSearch({ month: '2026-13', 'f.date': '2026-10-06', page: '2', junk: 'x' })).toEqual({
      'f.date': '2026-10-06',
      page: 2,
    });
    expect(validateCalendarSearch({ month: '2026-10' })).toEqual({ month: '2026-10' });
  });

  it('default to the last 30 days ending today', () => {
    expect(chartQuery({}, '2026-11-22')).toEqual({
      metric: 'dispensed',
      groupBy: 'store',
      interval: 'day',
      from: '2026-10-24',
      to: '2026-11-22',
    });
    expect(chartQuery({ to: '2026-10-31', metric: 'levels', tankId: ID }, '2026-11-22')).toMatchObject({
      from: '2026-10-02',
      to: '2026-10-31',
      tankId: ID,
    });
    expect(gpsQuery({ from: '2026-11-01' }, '2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('say what is wrong with a range', () => {
    expect(rangeError('2026-11-02', '2026-11-01', 30)).toMatch(/before the start/);
    expect(rangeError('2026-01-01', '2026-12-31', 366)).toBeNull();
    expect(rangeError('2025-01-01', '2026-12-31', 366)).toMatch(/at most 366 days/);
  });

  it('step months across years and link a record to the map', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(mapLinkSearch({ id: ID, date: '2026-10-06', equipmentId: ID })).toEqual({
      from: '2026-10-06',
      to: '2026-10-06',
      equipmentId: ID,
      focus: ID,
    });
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('formatting', () => {
  it('reads an instant on the store clock', () => {
    expect(inZone('2026-10-05T22:30:00Z', 'Africa/Johannesburg')).toMatch(/6 Oct 2026, 00:30/);
    expect(inZone('2026-10-06T02:00:00Z', 'America/New_York')).toMatch(/5 Oct 2026, 22:00/);
  });

  it('labels days, buckets and big numbers', () => {
    expect(longDate('2026-10-06')).toMatch(/^Tuesday,? 6 October 2026$/);
    expect(bucketLabel('2026-10-01', 'month')).toBe('Oct 2026');
    expect(bucketLabel('2026-10-05', 'week')).toBe('5 Oct');
    expect(compact(12_345)).toBe('12.3K');
    expect(compact(950)).toBe('950');
  });
});

describe('drawn series', () => {
  const s = (key: string, total: number) => ({
    key,
    label: key,
    total,
    points: [{ bucket: '2026-10-01', litres: total, count: 1 }],
  });

  it('draws up to eight series, and folds the rest into a grey "Other"', () => {
    expect(drawnSeries([s('a', 3), s('b', 2)]).map((x) => x.key)).toEqual(['a', 'b']);
    const many = Array.from({ length: 10 }, (_, i) => s(`k${i}`, 10 - i));
    const drawn = drawnSeries(many);
    expect(drawn).toHaveLength(MAX_DRAWN);
    const other = drawn[MAX_DRAWN - 1];
    expect(other).toMatchObject({
      key: OTHER_KEY,
      label: 'Other (3)',
      total: 6,
      points: [{ bucket: '2026-10-01', litres: 6, count: null }],
    });
    expect(colourOf(other, MAX_DRAWN - 1)).toBe(OTHER_COLOUR);
    expect(colourOf(drawn[0], 0)).not.toBe(OTHER_COLOUR);
  });
});
