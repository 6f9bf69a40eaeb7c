import { describe, expect, it } from 'vitest';
import { LEAK_TARGET_LPH, LEAK_THRESHOLD_LPH, leakTest } from './leak-test';

/** A seeded PRNG (mulberry32) and normal noise (Box-Muller): the same series on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * Daily variances of a tank losing `lph` litres an hour whose closing readings err by `sigma`
 * litres (one standard deviation): a day's variance carries its closing's error and, through its
 * opening, minus the previous day's.
 */
function series(days: number, lph: number, sigma: number, seed = 1): number[] {
  const noise = rng(seed);
  let previous = noise() * sigma;
  return Array.from({ length: days }, () => {
    const closing = noise() * sigma;
    const v = -lph * 24 + closing - previous;
    previous = closing;
    return v;
  });
}
const GAL = 3.785411784;

describe('leak test (quantitative SIR)', () => {
  it('states the EPA figures: 0.2 gal/h target, threshold half of it', () => {
    expect(LEAK_TARGET_LPH).toBeCloseTo(0.757, 3);
    expect(LEAK_THRESHOLD_LPH).toBeCloseTo(0.379, 3);
  });

  it('a tight tank with ordinary gauge error passes, its rate near zero', () => {
    const r = leakTest(series(45, 0, 15));
    expect(r.verdict).toBe('pass');
    expect(Math.abs(r.leakRate!)).toBeLessThan(0.2);
    expect(r.mdl!).toBeLessThan(LEAK_TARGET_LPH);
    expect(r.low!).toBeLessThan(0);
    expect(r.high!).toBeGreaterThan(0);
  });

  it('0.5 gal/h fails, with the rate found within its confidence interval', () => {
    const r = leakTest(series(45, 0.5 * GAL, 15));
    expect(r.verdict).toBe('fail');
    expect(r.low!).toBeLessThan(0.5 * GAL);
    expect(r.high!).toBeGreaterThan(0.5 * GAL);
    expect(r.reason).toMatch(/^Losing 1\.\d{3} L\/h/);
  });

  it('1 gal/h fails', () => {
    const r = leakTest(series(30, GAL, 15));
    expect(r.verdict).toBe('fail');
    expect(r.leakRate!).toBeGreaterThan(3.3);
    expect(r.leakRate!).toBeLessThan(4.3);
  });

  it('readings too noisy to see 0.2 gal/h are inconclusive, never a pass, leak or not', () => {
    for (const lph of [0, 0.5 * GAL]) {
      const r = leakTest(series(45, lph, 1000));
      expect(r.verdict).toBe('inconclusive');
      expect(r.mdl!).toBeGreaterThan(LEAK_TARGET_LPH);
      expect(r.reason).toMatch(/too scattered/);
    }
  });

  it('under 30 days with a reading is inconclusive; days without a reading do not count', () => {
    expect(leakTest(series(29, GAL, 5))).toMatchObject({ verdict: 'inconclusive', days: 29, leakRate: null });
    const gappy: Array<number | null> = series(39, GAL, 5).map((v, i) => (i % 4 === 0 ? null : v));
    expect(leakTest(gappy)).toMatchObject({ verdict: 'inconclusive', days: 29 });
    expect(leakTest([])).toMatchObject({ verdict: 'inconclusive', days: 0 });
  });

  it('a day without a reading leaves the slope alone (the next day carries both days)', () => {
    const full = series(45, GAL, 5, 7);
    const gappy = full.map((v, i) => (i === 10 ? null : i === 11 ? v + full[10] : v));
    expect(leakTest(gappy).leakRate!).toBeCloseTo(leakTest(full).leakRate!, 1);
  });

  it('meets the standard over many tanks: ≥ 95 % of 0.2 gal/h leaks detected, ≤ 5 % of tight tanks failed', () => {
    // Gauge error of 20 L: precise enough for a conclusive test (MDL below the target).
    const runs = 400;
    let detected = 0;
    let falseAlarms = 0;
    let inconclusive = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const leak = leakTest(series(45, LEAK_TARGET_LPH, 20, seed));
      const tight = leakTest(series(45, 0, 20, seed + 10_000));
      if (leak.verdict === 'fail') detected++;
      if (tight.verdict === 'fail') falseAlarms++;
      if (leak.verdict === 'inconclusive' || tight.verdict === 'inconclusive') inconclusive++;
    }
    expect(inconclusive).toBe(0);
    expect(detected / runs).toBeGreaterThanOrEqual(0.95);
    expect(falseAlarms / runs).toBeLessThanOrEqual(0.05);
  });
});
