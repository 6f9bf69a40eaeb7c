import type { z } from 'zod';

/**
 * The buckets and choices of the quick views over store-local days (the day arithmetic is
 * `calendar.ts`; views.ts re-exports all of it). No zod schema here: the views' route search validators import
 * this module, and it is part of every page's first download (ADR 017).
 */
import { addDays, daysInRange } from './calendar';

export { addDays, daysInRange, ISO_DATE, isMonth, isRealDate, MONTH, utcWindow } from './calendar';

export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

export const SERIES_METRICS = ['dispensed', 'received', 'levels'] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];
export const SERIES_GROUPS = ['store', 'tank', 'product'] as const;
export type SeriesGroup = (typeof SERIES_GROUPS)[number];
/** The longest range of the GPS views. */
export const MAX_GPS_DAYS = 366;

/** The first day of the bucket a day falls in: itself, its ISO week's Monday, or the 1st. */
export function bucketOf(date: string, interval: Interval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** Every bucket from the one holding `from` to the one holding `to`, so a chart has no gaps. */
export function bucketsBetween(from: string, to: string, interval: Interval): string[] {
  const out: string[] = [];
  for (let b = bucketOf(from, interval); b <= to;) {
    out.push(b);
    b = interval === 'day' ? addDays(b, 1) : interval === 'week' ? addDays(b, 7) : nextMonth(b);
  }
  return out;
}

const nextMonth = (first: string): string => {
  const [y, m] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Every day of a month (YYYY-MM). */
export function monthDates(month: string): string[] {
  const first = `${month}-01`;
  const out: string[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) out.push(d);
  return out;
}

/** The month as weeks of seven cells, Monday first; days of other months are null. */
export function calendarWeeks(month: string): (string | null)[][] {
  const days = monthDates(month);
  const lead = (new Date(`${days[0]}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A range check shared by the queries: from ≤ to and at most `maxDays` days. */
export function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx, maxDays: number) {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  else if (daysInRange(v.from, v.to) > maxDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${maxDays} days` });
}
