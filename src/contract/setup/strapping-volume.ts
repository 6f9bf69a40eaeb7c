/**
 * A strapping chart's volume at a height, without zod: the dip form computes it on every keystroke
 * and is in the field screens' first download (ADR 017). strapping.ts re-exports it.
 */

/** Volume at a dip height by linear interpolation; null outside the chart or without one. */
export function volumeAtHeight(rows: readonly { heightMm: number; litres: number }[], heightMm: number): number | null {
  if (rows.length < 2 || heightMm < rows[0].heightMm || heightMm > rows[rows.length - 1].heightMm) return null;
  let lo = 0;
  let hi = rows.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].heightMm <= heightMm) lo = mid;
    else hi = mid;
  }
  const a = rows[lo];
  const b = rows[hi];
  if (b.heightMm === a.heightMm) return a.litres;
  return a.litres + ((b.litres - a.litres) * (heightMm - a.heightMm)) / (b.heightMm - a.heightMm);
}
