import { localDate } from '@/contract/calendar';
import { litresFigure } from '@/lib/format';

/** How the figures read on screen: litres to 0.1 L (`litresFigure` of `@/lib/format`), percentages to 0.01 %. */
const pctFmt = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Signed, for variances: "+12.0" / "−30.3". */
export const signedLitres = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : ''}${litresFigure(Math.abs(v))}`;
export const percent = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : ''}${pctFmt.format(Math.abs(v))} %`;

/** "October 2026" for `2026-10`. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Thu 1 Oct" for a date. */
export function dayName(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A record's time in the store's zone: the time alone on `day`, with the date otherwise (the opening reading). */
export function timeIn(iso: string, timeZone: string, day: string): string {
  const at = new Date(iso);
  return localDate(at, timeZone) === day
    ? at.toLocaleTimeString(undefined, { timeZone, timeStyle: 'short' })
    : at.toLocaleString(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
