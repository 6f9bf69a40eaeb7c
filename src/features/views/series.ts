import type { Series } from '@/contract/views';

/** Distinct colours that stay apart for colour-blind readers (Okabe–Ito without its pale yellow, then Tableau). */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#8c564b',
  '#bcbd22',
  '#17becf',
];
/** "Other" is grey, so it does not read as one more store or tank. */
export const OTHER_COLOUR = '#8a8a8a';
/** More series than this and the rest are drawn as one "Other" (the table and the export keep them all). */
export const MAX_DRAWN = 8;
export const OTHER_KEY = '__other';
export const colourOf = (s: Series, i: number) => (s.key === OTHER_KEY ? OTHER_COLOUR : PALETTE[i % PALETTE.length]);

/** The largest series, and the rest summed per bucket as "Other". */
export function drawnSeries(series: readonly Series[]): Series[] {
  if (series.length <= MAX_DRAWN) return [...series];
  const top = series.slice(0, MAX_DRAWN - 1);
  const rest = series.slice(MAX_DRAWN - 1);
  const sums = new Map<string, number>();
  for (const s of rest) for (const p of s.points) sums.set(p.bucket, (sums.get(p.bucket) ?? 0) + p.litres);
  const points = [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([bucket, l]) => ({ bucket, litres: l, count: null }));
  return [
    ...top,
    { key: OTHER_KEY, label: `Other (${rest.length})`, total: rest.reduce((n, s) => n + s.total, 0), points },
  ];
}
