/** A stretch of a history without readings. */
export interface Gap {
  from: Date;
  to: Date;
  edge: 'start' | 'end' | null;
}

/**
 * Cuts a history's points (in time order) where readings are missing: two neighbours more than
 * `gapMs` apart end one segment and start the next, so the chart never draws a line through time
 * nobody measured. The range's edges count too: `from` to the first point, the last point to `to`
 * (a tank read for the first time yesterday, a gauge that went quiet). No points, no gaps: the
 * page says "No readings" instead.
 */
export function splitAtGaps<P extends { at: string }>(
  points: readonly P[],
  from: Date,
  to: Date,
  gapMs: number,
): { segments: P[][]; gaps: Gap[] } {
  const segments: P[][] = [];
  const gaps: Gap[] = [];
  if (!points.length) return { segments, gaps };
  const first = new Date(points[0].at);
  if (first.getTime() - from.getTime() > gapMs) gaps.push({ from, to: first, edge: 'start' });
  let current: P[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const before = Date.parse(points[i - 1].at);
    const at = Date.parse(points[i].at);
    if (at - before > gapMs) {
      segments.push(current);
      gaps.push({ from: new Date(before), to: new Date(at), edge: null });
      current = [];
    }
    current.push(points[i]);
  }
  segments.push(current);
  const last = new Date(points[points.length - 1].at);
  if (to.getTime() - last.getTime() > gapMs) gaps.push({ from: last, to, edge: 'end' });
  return { segments, gaps };
}

const when = (d: Date) =>
  d.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "No readings 3 Mar, 14:00 – 4 Mar, 09:00" (before the first / since the last reading at an edge). */
export function gapText(g: Gap): string {
  if (g.edge === 'start') return `No readings before ${when(g.to)}`;
  if (g.edge === 'end') return `No readings since ${when(g.from)}`;
  return `No readings ${when(g.from)} – ${when(g.to)}`;
}
