import { reconcileDay, type DayInput } from '../../../src/contract/balancing';
import { addDays, dateRange, monthBounds } from '../../../src/contract/calendar';
import {
  BASELINE_DAYS,
  baselineOf,
  consumptionSeries,
  judgeFill,
  type Fill,
  type OutlierLimits,
} from '../../../src/contract/consumption';
import { meterRollback } from '../../../src/contract/dispense-warnings';
import { LEAK_WINDOW_DAYS, leakTest, type LeakLimits } from '../../../src/contract/leak-test';
import type { Anomaly } from '../../../src/contract/ml';
import { CHECK_DAYS } from '../exceptions/consumption.sweep';

/**
 * Scores a history in memory with FAMS's own detection (ADR 052): the same pure functions the
 * ingest, the consumption sweep and the balancing use, fed from rows of a file instead of tables.
 * Nothing here touches a database.
 */

export interface DispenseRow {
  row: number;
  equipment: string;
  product: string;
  /** The file's time (wall clock, no zone) and its instant read as UTC, for ordering and windows. */
  at: string;
  ms: number;
  litres: number;
  meter: number | null;
  meterType: 'km' | 'hours';
}

export interface ReadingRow {
  row: number;
  tank: string;
  at: string;
  ms: number;
  volume: number;
  deliveries: number;
  dispensed: number;
}

export interface ScoreLimits {
  outlier: OutlierLimits;
  leak: LeakLimits;
}

const DAY_MS = 86_400_000;
const r2 = (v: number) => Math.round(v * 100) / 100;
const groupBy = <T>(rows: readonly T[], key: (r: T) => string) => {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
};
const byTime = <T extends { ms: number; row: number }>(a: T, b: T) => a.ms - b.ms || a.row - b.row;

/**
 * Meter anomalies (`meterRollback`, as the ingest judges a dispense: against the highest meter known
 * before it, any product) and consumption outliers. The sweep judges the fills of the last
 * `CHECK_DAYS` against each vehicle's year before them; over a history the same happens block by
 * block: the fills of each `CHECK_DAYS` block (from the vehicle's first fill) against the vehicle's
 * rates of the year before the block, by the contract's `baselineOf` and `judgeFill`.
 */
export function scoreDispenses(rows: readonly DispenseRow[], limits: ScoreLimits): Anomaly[] {
  const out: Anomaly[] = [];
  for (const [equipment, fills] of groupBy(rows, (r) => r.equipment)) {
    const sorted = [...fills].sort(byTime);
    let highest: number | null = null;
    for (const d of sorted) {
      const w = meterRollback(d.meter, highest, d.meterType);
      if (w)
        out.push({
          code: 'meter_rollback',
          subject: equipment,
          at: d.at,
          row: d.row,
          value: d.meter,
          baseline: highest,
          score: null,
          message: `${equipment}: ${w.message}`,
        });
      if (d.meter !== null && (highest === null || d.meter > highest)) highest = d.meter;
    }
    for (const [, ofProduct] of groupBy(sorted, (r) => r.product)) {
      out.push(...outliersOf(equipment, ofProduct, limits.outlier));
    }
  }
  return out.sort(
    (a, b) => a.subject.localeCompare(b.subject) || a.at.localeCompare(b.at) || (a.row ?? 0) - (b.row ?? 0),
  );
}

function outliersOf(equipment: string, sorted: readonly DispenseRow[], limits: OutlierLimits): Anomaly[] {
  const rowOf = new Map(sorted.map((d) => [String(d.row), d]));
  const fills: Fill[] = sorted
    .filter((d) => d.meter !== null)
    .map((d) => ({ id: String(d.row), at: d.ms, litres: d.litres, meter: d.meter!, meterType: d.meterType }));
  const points = consumptionSeries(fills);
  if (!points.length) return [];
  const out: Anomaly[] = [];
  const first = sorted[0].ms;
  const block = CHECK_DAYS * DAY_MS;
  for (let since = first; since <= points[points.length - 1].at; since += block) {
    const until = since + block;
    const inBlock = points.filter((p) => p.at >= since && p.at < until);
    if (!inBlock.length) continue;
    const b = baselineOf(
      points.filter((p) => p.at < since && p.at >= since - BASELINE_DAYS * DAY_MS).map((p) => p.rate),
    );
    for (const p of inBlock) {
      const j = judgeFill(p.rate, b, limits);
      if (!j) continue;
      const d = rowOf.get(p.id)!;
      const unit = d.meterType === 'hours' ? 'L/h' : 'L/100 km';
      out.push({
        code: 'consumption_outlier',
        subject: equipment,
        at: d.at,
        row: d.row,
        value: r2(p.rate),
        baseline: j.baseline,
        score: j.z,
        message:
          `${equipment}: ${p.litres.toFixed(1)} L for ${p.distance.toFixed(d.meterType === 'hours' ? 1 : 0)} ${d.meterType === 'hours' ? 'h' : 'km'} ` +
          `is ${p.rate.toFixed(1)} ${unit}, ${Math.round(j.excess * 100)} % over its usual ${j.baseline.toFixed(1)} ${unit}`,
      });
    }
  }
  return out;
}

/**
 * The leak test of each tank (`leakTest`, the balancing's daily variance by `reconcileDay`): the
 * tank's days from its second one (the first gives the opening), a day's closing its last reading,
 * a day without one opened and closed on the book. Like the balancing, one test per month the file
 * covers, on the `LEAK_WINDOW_DAYS` ending with the month's last day (or the file's), counting only
 * days that open and close on a reading. A FAIL is an anomaly (the exception is once per tank and month).
 */
export function scoreReadings(rows: readonly ReadingRow[], limits: ScoreLimits): Anomaly[] {
  const out: Anomaly[] = [];
  for (const [tank, readings] of groupBy(rows, (r) => r.tank)) {
    const byDay = groupBy([...readings].sort(byTime), (r) => r.at.slice(0, 10));
    const days = [...byDay.keys()].sort();
    const first = days[0];
    const last = days[days.length - 1];
    const closingOf = (day: string) => {
      const list = byDay.get(day);
      return list ? list[list.length - 1].volume : null;
    };
    let prevClosing = closingOf(first);
    let book = prevClosing!;
    const figures = dateRange(addDays(first, 1), last).map((day) => {
      const list = byDay.get(day) ?? [];
      const input: DayInput = {
        day,
        openingReading: prevClosing,
        bookAtStart: book,
        closingReading: closingOf(day),
        receipts: list.reduce((a, r) => a + r.deliveries, 0),
        dispensed: list.reduce((a, r) => a + r.dispensed, 0),
        transfersOut: 0,
        transfersIn: 0,
      };
      const fig = reconcileDay(input);
      prevClosing = input.closingReading;
      book = fig.measuredClosing ?? fig.bookClosing;
      return fig;
    });
    const months = [...new Set(figures.map((d) => d.day.slice(0, 7)))];
    for (const month of months) {
      const end = monthBounds(month).to < last ? monthBounds(month).to : last;
      const window = figures.filter((d) => d.day <= end).slice(-LEAK_WINDOW_DAYS);
      const t = leakTest(
        window.map((d) => (d.openingSource === 'reading' ? d.variance : null)),
        limits.leak,
      );
      if (t.verdict !== 'fail') continue;
      out.push({
        code: 'leak_suspected',
        subject: tank,
        at: end,
        row: null,
        value: t.leakRate,
        baseline: t.threshold,
        score: t.mdl,
        message: `${tank}: leak suspected — losing ${t.leakRate!.toFixed(3)} L/h (95 % between ${t.low!.toFixed(3)} and ${t.high!.toFixed(3)}) over ${window[0].day} to ${end}; the threshold is ${t.threshold.toFixed(3)} L/h`,
      });
    }
  }
  return out.sort((a, b) => a.subject.localeCompare(b.subject) || a.at.localeCompare(b.at));
}
