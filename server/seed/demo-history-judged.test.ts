import { describe, expect, it } from 'vitest';
import type { DispenseRow } from './demo-history-dispenses';
import { JUDGED_PER_DAY, pickJudged, planHandling, type Raised } from './demo-history-judged';
import { prng } from './prng';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('the judged share of the demo year', () => {
  const fills = Array.from({ length: 100_000 }, (_, i) => ({ id: String(i), at: NOW - 365 * DAY + i * 315_000 }));
  const pick = () => pickJudged(prng(7), fills as unknown as DispenseRow[], 365);

  it('takes about JUDGED_PER_DAY fills a day, spread over the whole year, the same each time', () => {
    const judged = pick();
    expect(judged.length).toBeGreaterThan(JUDGED_PER_DAY * 365 * 0.85);
    expect(judged.length).toBeLessThan(JUDGED_PER_DAY * 365 * 1.15);
    const months = new Set(judged.map((d) => new Date(d.at).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(pick().map((d) => d.id)).toEqual(judged.map((d) => d.id));
  });
});

describe("the office's handling of what the judged fills raised", () => {
  const codes = ['over_daily_limit', 'not_allocated', 'fams24_rule', 'weekday_not_allowed', 'clock_skew'];
  const raised: Raised[] = Array.from({ length: 2000 }, (_, i) => ({
    id: `x${i}`,
    code: codes[i % codes.length],
    raisedAt: NOW - (i % 365) * DAY - (i % 24) * 3_600_000,
  }));
  const handled = planHandling(prng(3), raised, NOW);

  it('walks each exception through the workflow in order, never after now', () => {
    for (const [k, h] of handled.entries()) {
      const at = h.steps.map((s) => s.at);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      for (const t of at) {
        expect(t).toBeGreaterThanOrEqual(raised[k].raisedAt);
        expect(t).toBeLessThanOrEqual(NOW);
      }
      const actions = h.steps.map((s) => s.action).filter((a) => a !== 'commented');
      if (h.status === 'open') expect(actions).toEqual([]);
      if (h.status === 'acknowledged') expect(actions).toEqual(['acknowledged']);
      if (h.status === 'resolved') {
        expect(actions).toEqual(['acknowledged', 'resolved']);
        expect(h.resolvedAt).toBeGreaterThanOrEqual(h.acknowledgedAt!);
        expect(h.reason).not.toBeNull();
        expect(h.steps.at(-1)!.text).toContain(h.text!);
      } else expect([h.resolvedAt, h.reason, h.text]).toEqual([null, null, null]);
    }
  });

  it('leaves the last days open, and resolves almost all of the older ones', () => {
    const share = (from: number, to: number) => {
      const of = handled.filter((_, k) => NOW - raised[k].raisedAt >= from && NOW - raised[k].raisedAt < to);
      return of.filter((h) => h.status === 'resolved').length / of.length;
    };
    expect(share(0, 4 * DAY)).toBeLessThan(0.25);
    expect(share(14 * DAY, 400 * DAY)).toBeGreaterThan(0.93);
  });

  it('explains each kind in its own words, and a kind it does not know in general ones', () => {
    const said = (code: string) =>
      new Set(handled.filter((h, k) => raised[k].code === code && h.text).map((h) => h.text));
    expect([...said('fams24_rule')].every((t) => /AdBlue|pump/.test(t!))).toBe(true);
    expect([...said('clock_skew')]).toEqual(['Checked with the driver and the site; in order.']);
  });

  it('is the same handling for the same seed', () => {
    expect(planHandling(prng(3), raised, NOW)).toEqual(handled);
  });
});
