import { z } from 'zod';
import { inCalendarRange } from './safe-input';

/** Store-local calendar days as YYYY-MM-DD strings, and the buckets of the quick views (views.ts). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD string that names a real day (no 2026-02-30). */
export function isRealDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const IsoDate = inCalendarRange(z.string().regex(ISO_DATE, 'Use a date as YYYY-MM-DD').refine(isRealDate, 'Not a real date'));
export const Month = inCalendarRange(z.string().regex(MONTH, 'Use a month as YYYY-MM'), 'The month');

/** Calendar arithmetic on YYYY-MM-DD strings (UTC, so no daylight-saving surprises). */
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysInRange = (from: string, to: string): number =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);

/**
 * The UTC instants that surely contain every store-local day from `from` to `to`: zones run from
 * UTC−12 to UTC+14, so local midnight of `from` is at most 14 h before UTC midnight, and local
 * midnight after `to` at most 12 h after the next UTC midnight. Queries filter on this window
 * first (it uses the time indexes), then on the exact local day.
 */
export function utcWindow(from: string, to: string): { lo: string; hi: string } {
  return {
    lo: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * 3600_000).toISOString(),
    hi: new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + 12 * 3600_000).toISOString(),
  };
}

export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

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
  else if (daysInRange(v.from, v.to) > maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${maxDays} days` });
}
