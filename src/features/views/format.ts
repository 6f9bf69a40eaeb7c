/** How times and short figures read on the views (litres: `litresTenth` of `@/lib/format`). */

const compactFmt = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Short figures for small cells and axis ticks: 950, 12.3K, 1.2M. */
export const compact = (n: number): string => compactFmt.format(n);

/** An instant as the store's clock showed it, with the zone's short name (e.g. 5 Oct 2026, 23:30 SAST). */
export function inZone(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    }).format(d);
  } catch {
    return d.toISOString();
  }
}

/** A YYYY-MM-DD day for a heading: Tuesday 6 October 2026. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A bucket's label on the chart's axis: 6 Oct, week of 5 Oct, Oct 2026. */
export function bucketLabel(bucket: string, interval: 'day' | 'week' | 'month'): string {
  const d = new Date(`${bucket}T00:00:00Z`);
  const opts: Intl.DateTimeFormatOptions =
    interval === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat('en-GB', opts).format(d);
}

export const monthTitle = (month: string): string =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Table cells marked `data-num`: right-aligned figures that do not wrap ("1,000 L" stays whole). */
export const NUMERIC_CELLS = {
  '& [data-num]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& td[data-num]': { whiteSpace: 'nowrap' },
} as const;
