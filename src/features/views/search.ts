import { localDate } from '@/contract/calendar';
import { dropEmpty, validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';
import type { GpsQuery, SeriesQuery } from '@/contract/views';
import {
  addDays,
  daysInRange,
  INTERVALS,
  isMonth,
  isRealDate,
  MAX_GPS_DAYS,
  SERIES_GROUPS,
  SERIES_METRICS,
  type Interval,
  type SeriesGroup,
  type SeriesMetric,
} from '@/contract/views-dates';

/**
 * The views keep their filters in the URL (bookmarkable, Back works). Bad values are dropped, and
 * the missing ones take defaults when the query is built: the last 30 days, this month.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const date = (v: unknown) => (typeof v === 'string' && isRealDate(v) ? v : undefined);
const id = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);
const oneOf = <T extends string>(v: unknown, all: readonly T[]) => (all.includes(v as T) ? (v as T) : undefined);

/** Today in the browser's zone, as YYYY-MM-DD. */
export const today = (now = new Date()): string => localDate(now);

export const DEFAULT_DAYS = 30;

/** The range's fault, said in words for the date fields, or null when it can be asked for. */
export function rangeError(from: string, to: string, maxDays: number): string | null {
  if (to < from) return 'The end date is before the start date.';
  if (daysInRange(from, to) > maxDays) return `Choose at most ${maxDays} days.`;
  return null;
}

// ---------------------------------------------------------------- /QuickChartView

export interface ChartSearch {
  from?: string;
  to?: string;
  metric?: SeriesMetric;
  groupBy?: SeriesGroup;
  interval?: Interval;
  storeId?: string;
  tankId?: string;
  productId?: string;
}

export function validateChartSearch(raw: Record<string, unknown>): ChartSearch {
  return dropEmpty({
    from: date(raw.from),
    to: date(raw.to),
    metric: oneOf(raw.metric, SERIES_METRICS),
    groupBy: oneOf(raw.groupBy, SERIES_GROUPS),
    interval: oneOf(raw.interval, INTERVALS),
    storeId: id(raw.storeId),
    tankId: id(raw.tankId),
    productId: id(raw.productId),
  });
}

export function chartQuery(s: ChartSearch, now = today()): SeriesQuery {
  const to = s.to ?? now;
  return dropEmpty({
    metric: s.metric ?? 'dispensed',
    groupBy: s.groupBy ?? 'store',
    interval: s.interval ?? 'day',
    from: s.from ?? addDays(to, 1 - DEFAULT_DAYS),
    to,
    storeId: s.storeId,
    tankId: s.tankId,
    productId: s.productId,
  }) as SeriesQuery;
}

// ---------------------------------------------------------------- /QuickCalendarView

/** The day list's search (list protocol keys, `f.date` is the chosen day) plus the month shown. */
export type CalendarSearch = ListSearch & { month?: string };

export function validateCalendarSearch(raw: Record<string, unknown>): CalendarSearch {
  const month = typeof raw.month === 'string' && isMonth(raw.month) ? raw.month : undefined;
  return dropEmpty({ ...validateListSearch(raw), month });
}

export const monthOf = (s: CalendarSearch, now = today()) => s.month ?? now.slice(0, 7);

// ---------------------------------------------------------------- /QuickViewGPSInformation

export interface GpsSearch {
  from?: string;
  to?: string;
  storeId?: string;
  equipmentId?: string;
  focus?: string;
}

export function validateGpsSearch(raw: Record<string, unknown>): GpsSearch {
  return dropEmpty({
    from: date(raw.from),
    to: date(raw.to),
    storeId: id(raw.storeId),
    equipmentId: id(raw.equipmentId),
    focus: id(raw.focus),
  });
}

export function gpsQuery(s: GpsSearch, now = today()): GpsQuery {
  const to = s.to ?? now;
  return dropEmpty({
    from: s.from ?? addDays(to, 1 - DEFAULT_DAYS),
    to,
    storeId: s.storeId,
    equipmentId: s.equipmentId,
  });
}

export const gpsRangeError = (q: GpsQuery) => rangeError(q.from, q.to, MAX_GPS_DAYS);

/** The map showing one record: its day, its equipment, the point opened. */
export const mapLinkSearch = (r: { id: string; date: string; equipmentId: string }): GpsSearch => ({
  from: r.date,
  to: r.date,
  equipmentId: r.equipmentId,
  focus: r.id,
});
