/**
 * Consumption outliers: a fill that puts far more fuel into a vehicle than its own history says
 * the distance (or hours) since the last fill needs — fuel going somewhere else (issue 12).
 *
 * Consumption per fill is the "tank-to-tank" rate: the litres of a fill over the meter travelled
 * since the previous fill of the same product (L/100 km, or L/h for hour meters). The equipment's
 * baseline is the median of its earlier fills in the last year, its spread the median absolute
 * deviation (MAD): both robust, so a run of bad fills — a theft going on for weeks — does not
 * become the norm until it is half the year. The fills checked are those since a moment (the
 * server checks the last two weeks every 6 h), each against the year before that moment. A fill is an outlier when its
 * modified z-score
 * (Iglewicz & Hoaglin, "How to Detect and Handle Outliers", ASQC 1993: 0.6745·(x − median)/MAD)
 * is above 3.5 AND it is at least 15 % over the baseline (a very regular vehicle has a tiny MAD,
 * where a few percent would already score high). Only excess counts: a low rate is a partial fill.
 */

export const CONSUMPTION_EXCEPTION = 'consumption_outlier';
export const OUTLIER_Z = 3.5;
export const OUTLIER_MIN_EXCESS = 0.15;
/** Earlier fills needed before a vehicle has a baseline. */
export const BASELINE_MIN_FILLS = 10;
export const BASELINE_DAYS = 365;

export interface Fill {
  id: string;
  /** ms since the epoch. */
  at: number;
  litres: number;
  meter: number;
  meterType: 'km' | 'hours';
}

export interface ConsumptionPoint {
  id: string;
  at: number;
  litres: number;
  /** km or hours since the previous fill. */
  distance: number;
  /** L/100 km or L/h. */
  rate: number;
}

export interface ConsumptionOutlier extends ConsumptionPoint {
  baseline: number;
  /** How far over the baseline, as a share (0.4 = 40 % more). */
  excess: number;
  z: number;
  fillsInBaseline: number;
}

/**
 * The rate of each fill after the first, from one vehicle's fills of one product in time order.
 * A fill whose meter did not move forward has no rate (a rollback is its own exception).
 */
export function consumptionSeries(fills: readonly Fill[]): ConsumptionPoint[] {
  const out: ConsumptionPoint[] = [];
  for (let i = 1; i < fills.length; i++) {
    const f = fills[i];
    const distance = f.meter - fills[i - 1].meter;
    if (!(distance > 0) || !(f.litres > 0)) continue;
    out.push({
      id: f.id,
      at: f.at,
      litres: f.litres,
      distance,
      rate: f.meterType === 'km' ? (f.litres / distance) * 100 : f.litres / distance,
    });
  }
  return out;
}

const DAY_MS = 86_400_000;

/** A vehicle's usual consumption: the median of its earlier rates, their MAD and how many there were. */
export interface Baseline {
  median: number;
  mad: number;
  n: number;
}

export function baselineOf(rates: readonly number[]): Baseline {
  const m = median(rates);
  return { median: m, mad: median(rates.map((r) => Math.abs(r - m))), n: rates.length };
}

/** The outlier test's two limits; an account may set its own (exception rules, ADR 027). */
export interface OutlierLimits {
  z: number;
  /** As a share (0.15 = 15 %). */
  minExcess: number;
  /** Earlier fills needed for a baseline (`BASELINE_MIN_FILLS`; detection thresholds, ADR 052). */
  minFills?: number;
}
export const DEFAULT_OUTLIER_LIMITS: OutlierLimits = { z: OUTLIER_Z, minExcess: OUTLIER_MIN_EXCESS };

/** One fill's rate against its vehicle's baseline: null when it is not an outlier (or there is no baseline yet). */
export function judgeFill(
  rate: number,
  b: Baseline,
  limits: OutlierLimits = DEFAULT_OUTLIER_LIMITS,
): { baseline: number; excess: number; z: number } | null {
  if (b.n < (limits.minFills ?? BASELINE_MIN_FILLS) || !(b.median > 0)) return null;
  const excess = (rate - b.median) / b.median;
  // MAD 0 (identical earlier rates): any rise of 15 % is far outside what the vehicle does.
  const z = b.mad > 0 ? (0.6745 * (rate - b.median)) / b.mad : rate > b.median ? Infinity : 0;
  if (!(z > limits.z && excess >= limits.minExcess)) return null;
  return { baseline: round2(b.median), excess: round2(excess), z: Number.isFinite(z) ? round2(z) : 99 };
}

/**
 * The outliers among the points at or after `since`, each against the vehicle's points of the
 * year before `since` (the server's check does the same in SQL: `consumption.repository.ts`).
 */
export function consumptionOutliers(points: readonly ConsumptionPoint[], since: number): ConsumptionOutlier[] {
  const b = baselineOf(points.filter((p) => p.at < since && p.at >= since - BASELINE_DAYS * DAY_MS).map((p) => p.rate));
  return points
    .filter((p) => p.at >= since)
    .flatMap((p) => {
      const j = judgeFill(p.rate, b);
      return j ? [{ ...p, ...j, fillsInBaseline: b.n }] : [];
    });
}

function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
