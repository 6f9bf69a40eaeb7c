import { describe, expect, it } from 'vitest';
import { gapMsFor, MANUAL_READING_GAP_MS, STALE_READING_MS } from '@/contract/tanks';
import { gapText, splitAtGaps } from './gaps';

const H = 3600_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (h: number) => ({ at: new Date(T0 + h * H).toISOString(), h });

describe('splitAtGaps', () => {
  it('keeps a history read without gaps in one segment', () => {
    const points = [0, 1, 2, 3, 4].map(at);
    const r = splitAtGaps(points, new Date(T0), new Date(T0 + 4.5 * H), 2 * H);
    expect(r.segments.map((s) => s.map((p) => p.h))).toEqual([[0, 1, 2, 3, 4]]);
    expect(r.gaps).toEqual([]);
  });

  it('breaks the line where neighbours are further apart than the gap, not where they are exactly that far', () => {
    // 7 days drawn from 6 points: 0 h, 2 h (exactly the gap: joined), 50 h, 51 h, 140 h, 168 h.
    const points = [0, 2, 50, 51, 140, 168].map(at);
    const r = splitAtGaps(points, new Date(T0), new Date(T0 + 168 * H), 2 * H);
    expect(r.segments.map((s) => s.map((p) => p.h))).toEqual([[0, 2], [50, 51], [140], [168]]);
    expect(r.gaps.map((g) => [(g.from.getTime() - T0) / H, (g.to.getTime() - T0) / H, g.edge])).toEqual([
      [2, 50, null],
      [51, 140, null],
      [140, 168, null],
    ]);
  });

  it('counts the range edges: nothing read since the start, or since the last reading', () => {
    const r = splitAtGaps([at(30), at(31)], new Date(T0), new Date(T0 + 48 * H), 3 * H);
    expect(r.segments).toHaveLength(1);
    expect(r.gaps.map((g) => [(g.from.getTime() - T0) / H, (g.to.getTime() - T0) / H, g.edge])).toEqual([
      [0, 30, 'start'],
      [31, 48, 'end'],
    ]);
  });

  it('has no segments and no gaps without points (the page says there are no readings)', () => {
    expect(splitAtGaps([], new Date(T0), new Date(T0 + H), 1)).toEqual({ segments: [], gaps: [] });
  });

  it('words a gap with its times', () => {
    const r = splitAtGaps([at(0), at(30)], new Date(T0), new Date(T0 + 30 * H), 2 * H);
    expect(gapText(r.gaps[0])).toMatch(/^No readings .*1.* – .*2.*$/);
  });
});

describe('gapMsFor', () => {
  it("is the longest of two buckets and the tank's rhythm", () => {
    expect(gapMsFor(300, 60)).toBe(STALE_READING_MS); // a gauge polled every minute, 24 h in 5 min buckets
    expect(gapMsFor(300, 5400)).toBe(3 * H); // two 90 min polls
    expect(gapMsFor(300, null)).toBe(MANUAL_READING_GAP_MS); // dipped by hand
    expect(gapMsFor(86_400, 60)).toBe(2 * 86_400_000); // a year in 1 d buckets
  });
});
