import { z } from 'zod';
import { US_GALLON_LITRES } from './balancing';
import { Month } from './safe-input';

/**
 * Statistical inventory reconciliation (SIR) of one tank: is it leaking 0.2 US gal/h or more?
 *
 * Method: quantitative SIR by least-squares regression of the cumulative daily variance on time,
 * judged against the performance standard of US EPA's "Standard Test Procedures for Evaluating
 * Leak Detection Methods: Statistical Inventory Reconciliation Methods" (EPA/530/UST-90/007) and
 * 40 CFR 280.43(h): a method must detect a leak of 0.2 gal/h with a probability of detection of
 * at least 95 % and a probability of false alarm of at most 5 %, from at least 30 days of data.
 *
 * Why the cumulative variance: a day's variance is (closing reading − book closing), and its
 * opening is the previous day's reading, so one reading's error appears in two neighbouring days
 * with opposite signs. Summed, each reading's error appears once: the cumulative series is a
 * straight line (slope = −leak per day) plus roughly independent errors, which is what ordinary
 * least squares assumes. The slope's standard error then gives:
 *   - the leak threshold LT = 0.1 gal/h (half the target): a tank losing more fails;
 *   - the minimum detectable leak MDL = (t₉₅ + t₉₅) · SE: the leak the data would catch with 95 %
 *     probability while a tight tank stays below LT with 95 % probability. Both hold exactly when
 *     MDL ≤ 0.2 gal/h; when the data are too noisy for that (MDL > 0.2 gal/h) or too short
 *     (< 30 days with a variance) the answer is INCONCLUSIVE, never PASS.
 * A tank gaining fuel is not leaking (PASS, if the data are precise enough); a large gain usually
 * means unrecorded deliveries and is the balancing's business, not this test's.
 */

export const LEAK_TARGET_LPH = round4(0.2 * US_GALLON_LITRES); // 0.757 L/h
export const LEAK_THRESHOLD_LPH = round4(LEAK_TARGET_LPH / 2); // 0.379 L/h
export const LEAK_MIN_DAYS = 30;
/** The days the test looks back over, ending with the last complete day. */
export const LEAK_WINDOW_DAYS = 45;
export const LEAK_METHOD =
  'Quantitative SIR: regression of cumulative daily variance (US EPA/530/UST-90/007; 40 CFR 280.43(h))';

export type LeakVerdict = 'pass' | 'fail' | 'inconclusive';

export interface LeakTestResult {
  verdict: LeakVerdict;
  /** Estimated loss in L/h (positive = losing fuel), null with too few days. */
  leakRate: number | null;
  /** 95 % confidence interval of the loss rate, L/h. */
  low: number | null;
  high: number | null;
  /** Smallest leak these data detect with 95 % probability (5 % false alarms), L/h. */
  mdl: number | null;
  /** Days with a measured variance that the test used. */
  days: number;
  threshold: number;
  target: number;
  reason: string;
}

/**
 * The verdict's limits: the standard's by default; an account may run with calibrated ones
 * (detection thresholds, ADR 052).
 */
export interface LeakLimits {
  /** FAIL at or over this loss, L/h. */
  thresholdLph: number;
  /** INCONCLUSIVE when the data cannot detect this loss, L/h. */
  targetLph: number;
  /** INCONCLUSIVE with fewer days than this. */
  minDays: number;
}
export const DEFAULT_LEAK_LIMITS: LeakLimits = {
  thresholdLph: LEAK_THRESHOLD_LPH,
  targetLph: LEAK_TARGET_LPH,
  minDays: LEAK_MIN_DAYS,
};

/** Daily variances in order (measured − book, litres; null where the day has no closing reading). */
export function leakTest(
  variances: ReadonlyArray<number | null>,
  limits: LeakLimits = DEFAULT_LEAK_LIMITS,
): LeakTestResult {
  const { thresholdLph: threshold, targetLph: target, minDays } = limits;
  const base = { threshold, target };
  const points: Array<[number, number]> = [];
  let cumulative = 0;
  variances.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) return;
    cumulative += v;
    points.push([i + 1, cumulative]);
  });
  const n = points.length;
  if (n < minDays) {
    return {
      ...base,
      verdict: 'inconclusive',
      leakRate: null,
      low: null,
      high: null,
      mdl: null,
      days: n,
      reason: `Needs ${minDays} days with a closing reading; ${n} found.`,
    };
  }
  const { slope, se } = regression(points);
  // Per day → per hour; a loss is a negative variance slope.
  const rate = -slope / 24;
  const seH = se / 24;
  const t = tQuantile95(n - 2);
  const mdl = 2 * t * seH;
  const ci = tQuantile975(n - 2) * seH;
  const out = {
    ...base,
    leakRate: round4(rate),
    low: round4(rate - ci),
    high: round4(rate + ci),
    mdl: round4(mdl),
    days: n,
  };
  const fmt = (v: number) => v.toFixed(3);
  if (mdl > target) {
    return {
      ...out,
      verdict: 'inconclusive',
      reason: `The readings are too scattered to detect ${fmt(target)} L/h (smallest detectable ${fmt(mdl)} L/h).`,
    };
  }
  if (rate >= threshold) {
    return {
      ...out,
      verdict: 'fail',
      reason: `Losing ${fmt(rate)} L/h, over the ${fmt(threshold)} L/h threshold.`,
    };
  }
  return { ...out, verdict: 'pass', reason: `${fmt(rate)} L/h, under the ${fmt(threshold)} L/h threshold.` };
}

/** Ordinary least squares y = a + b·x: the slope and its standard error. */
function regression(points: ReadonlyArray<[number, number]>): { slope: number; se: number } {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const sse = points.reduce((a, [x, y]) => a + (y - intercept - slope * x) ** 2, 0);
  return { slope, se: Math.sqrt(sse / (n - 2) / sxx) };
}

/**
 * Student's t quantiles by the Cornish-Fisher expansion around the normal quantile (Abramowitz &
 * Stegun 26.7.5): within 0.1 % of the tables for 28 degrees of freedom and more, which is all
 * this test uses.
 */
function tQuantile(z: number, df: number): number {
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3;
}
const tQuantile95 = (df: number) => tQuantile(1.6448536269514722, df);
const tQuantile975 = (df: number) => tQuantile(1.959963984540054, df);

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000 + 0;
}

/**
 * The exception a failed test raises: one unresolved per tank, gathering the months it fails in
 * (`exception-periods.ts`, ADR 075).
 */
export const LEAK_EXCEPTION = 'leak_suspected';
export const leakDedupeKey = (tankId: string) => `${LEAK_EXCEPTION}:${tankId}`;

export const LEAK_PATH = '/balancing/leak-tests';
/** The tests at the end of a month (the window ends on its last complete day), or now without one. */
export const LeakQuery = z.object({
  month: Month.optional(),
  storeId: z.uuid('storeId must be a store id').optional(),
});
export type LeakQuery = z.infer<typeof LeakQuery>;

const rate = z.number().nullable();
export const LeakRow = z.object({
  tankId: z.uuid(),
  storeId: z.uuid(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  verdict: z.enum(['pass', 'fail', 'inconclusive']),
  leakRate: rate,
  low: rate,
  high: rate,
  mdl: rate,
  days: z.number().int(),
  threshold: z.number(),
  target: z.number(),
  reason: z.string(),
});
export type LeakRow = z.infer<typeof LeakRow>;
export const LeakResponse = z.object({ method: z.string(), windowDays: z.number().int(), rows: z.array(LeakRow) });
export type LeakResponse = z.infer<typeof LeakResponse>;
