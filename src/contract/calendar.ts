/**
 * Store-local calendar days and months as `YYYY-MM-DD` / `YYYY-MM` strings: the one set of
 * helpers for the quick views, reconciliation, the field warnings and the server. Arithmetic is on
 * UTC dates, so no daylight-saving surprises; only `localDate` looks at a time zone. No zod here:
 * route search validators and the field screens import it (ADR 017). The month schema is `Month`
 * in `safe-input.ts`.
 */

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY_MS = 86_400_000;
const dateMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A YYYY-MM-DD string that names a real day (no 2026-02-30). */
export function isRealDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A YYYY-MM string naming a month. */
export const isMonth = (s: string): boolean => MONTH.test(s);

export const addDays = (day: string, n: number): string => isoOf(dateMs(day) + n * DAY_MS);
/** Days from `from` to `to` (negative when `to` is before). */
export const daysBetween = (from: string, to: string): number => Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysInRange = (from: string, to: string): number => Math.max(0, daysBetween(from, to) + 1);

/** Every date from `from` to `to`, both included. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** First and last date of a `YYYY-MM` month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** `YYYY-MM` moved by n months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The month before `YYYY-MM`. */
export const previousMonth = (month: string): string => shiftMonth(month, -1);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The calendar date of an instant in a time zone (the store's), so "today" is the store's day.
 * Without a zone, or with one this runtime does not know, the runtime's own zone.
 */
export function localDate(at: Date, timeZone?: string | null): string {
  const key = timeZone ?? '';
  let f = dateFormats.get(key);
  if (!f) {
    const parts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      f = new Intl.DateTimeFormat('en-CA', { ...parts, timeZone: timeZone ?? undefined });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', parts);
    }
    dateFormats.set(key, f);
  }
  return f.format(at);
}

/**
 * The UTC instants that surely contain every store-local day from `from` to `to`: zones run from
 * UTC−12 to UTC+14, so local midnight of `from` is at most 14 h before UTC midnight, and local
 * midnight after `to` at most 12 h after the next UTC midnight. Queries filter on this window
 * first (it uses the time indexes), then on the exact local day.
 */
export function utcWindow(from: string, to: string): { lo: string; hi: string } {
  return {
    lo: new Date(dateMs(from) - 14 * 3600_000).toISOString(),
    hi: new Date(dateMs(addDays(to, 1)) + 12 * 3600_000).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Wall-clock times in a zone (the digest's hour, a store-time form input).

const partsFormats = new Map<string, Intl.DateTimeFormat>();
/** Wall-clock time of an instant in a zone, as UTC milliseconds of the same wall reading. */
export function wall(at: Date, timeZone: string) {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
}

/**
 * The instant at which the wall clock of `timeZone` shows `day` `hour`:`minute`. A time skipped by a
 * DST jump (02:30 on a spring-forward night) is the first instant after the gap; a time that
 * happens twice (autumn) is the first of the two.
 */
export function zonedInstant(day: string, hour: number, timeZone: string, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  const target = Date.UTC(y, m - 1, d, hour, minute);
  // Offsets are within ±14 h; two corrections settle any zone (the second handles DST changes).
  let t = target - (wall(new Date(target), timeZone) - target);
  t += target - wall(new Date(t), timeZone);
  // Earlier candidate for an ambiguous hour (the clock shows it twice).
  const earlier = t - 3_600_000;
  if (wall(new Date(earlier), timeZone) === target) t = earlier;
  // Skipped hour: wall(t) ≠ target; the gap's end is where the clock passes the target.
  if (wall(new Date(t), timeZone) !== target) {
    while (wall(new Date(t), timeZone) > target) t -= 900_000;
    while (wall(new Date(t), timeZone) < target) t += 900_000;
  }
  return new Date(t);
}
