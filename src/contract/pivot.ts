/**
 * The pivot's dimensions and measures and the calendar-day check: plain values without zod, so the
 * route's search validator (features/records/search.ts, in every page's first download) does not
 * bring the records contract's schemas with it (ADR 017). records.ts re-exports them.
 */

export const PIVOT_DIMENSIONS = [
  'store',
  'product',
  'tank',
  'equipment',
  'employee',
  'costCentre',
  'day',
  'week',
  'month',
] as const;
export type PivotDimension = (typeof PIVOT_DIMENSIONS)[number];
export const PIVOT_MEASURES = ['litres', 'cost', 'count'] as const;
export type PivotMeasure = (typeof PIVOT_MEASURES)[number];

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not; Date.parse would roll it over). */
export function isCalendarDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
