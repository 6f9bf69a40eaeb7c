import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileDays, summarise, type DayInput } from '../../src/contract/balancing';
import { planHistory, type HistoryPlan } from './demo-history';
import { THEFT_FACTOR } from './demo-history-dispenses';
import type { HistoryFleet } from './demo-history-fleet';
import { LEAK_STORE } from './demo-history-tanks';
import { demoHistoryFleet } from './demo-history.test-fleet';

/**
 * The demo year as planned (no database): volumes, meters, stock and readings must tell one
 * consistent story, and the planted leak and theft must show through the contract's own
 * reconciliation — the same arithmetic `/QuickBalancing` runs.
 */
const NOW = new Date('2026-11-22T06:30:00Z');
let fleet: HistoryFleet;
let plan: HistoryPlan;

beforeAll(() => {
  fleet = demoHistoryFleet();
  plan = planHistory(fleet, NOW);
}, 120_000);

const byTime = <T extends { at: number }>(xs: T[]) => [...xs].sort((a, b) => a.at - b.at);

describe('the demo year', { timeout: 60_000 }, () => {
  it('has about 150 000 dispenses at every store, a year up to now', () => {
    expect(plan.dispenses.length).toBeGreaterThan(130_000);
    expect(plan.dispenses.length).toBeLessThan(170_000);
    expect(plan.cal.dates).toHaveLength(366);
    const first = plan.dispenses[0].at;
    const last = plan.dispenses[plan.dispenses.length - 1].at;
    expect(first).toBeLessThan(plan.cal.start + 2 * 86_400_000);
    expect(last).toBeLessThan(NOW.getTime());
    expect(last).toBeGreaterThan(NOW.getTime() - 86_400_000);
    for (const s of fleet.stores)
      expect(plan.dispenses.filter((d) => d.storeId === s.id).length, s.code).toBeGreaterThan(1000);
    const variant = new Map(fleet.stores.map((s) => [s.id, s.variant]));
    expect(plan.dispenses.every((d) => d.variant === variant.get(d.storeId))).toBe(true);
    expect(plan.receipts.length).toBeGreaterThan(100);
    expect(plan.transfers.length).toBeGreaterThan(50);
  });

  it('keeps meters rising per equipment and below its current reading', () => {
    const last = new Map<string, number>();
    const backwards: string[] = [];
    for (const d of plan.dispenses) {
      if (d.meter === null) continue;
      if (d.meter < (last.get(d.equipmentId) ?? 0))
        backwards.push(`${d.equipmentId} ${d.meter} after ${last.get(d.equipmentId)}`);
      last.set(d.equipmentId, d.meter);
    }
    expect(backwards).toEqual([]);
    for (const e of fleet.equipment) if (last.has(e.id)) expect(last.get(e.id)!).toBeLessThan(e.currentMeter);
  });

  it('never runs a tank dry or over its capacity, and the gauge agrees with the book except for the leak', () => {
    const leakTank = plan.leak!.tankId;
    for (const t of fleet.tanks) {
      const moves = byTime(plan.movements.filter((m) => m.tankId === t.id));
      const readings = byTime(plan.readings.filter((r) => r.tankId === t.id));
      expect(readings.length, t.code).toBeGreaterThan(t.gauged ? 8700 : 250);
      let book = t.openingStock;
      let i = 0;
      let worst = 0;
      let lowest = Infinity;
      let highest = 0;
      for (const r of readings) {
        while (i < moves.length && moves[i].at < r.at) book += moves[i++].litres;
        lowest = Math.min(lowest, book);
        highest = Math.max(highest, r.grossLitres);
        if (t.id !== leakTank) worst = Math.max(worst, Math.abs(r.grossLitres - book) / (10 + 0.002 * book));
      }
      expect(lowest, t.code).toBeGreaterThanOrEqual(0);
      expect(highest, t.code).toBeLessThanOrEqual(t.capacity);
      // Gauge noise: a few σ at most (σ = 3 L + 0.04 % of the stock; dips 5 L + 0.2 %).
      if (t.id !== leakTank) expect(worst, `${t.code} at ${t.storeId}`).toBeLessThan(5);
    }
  });

  it('flags the leaking tank in every complete month, and no other tank', () => {
    const leakTank = fleet.tanks.find((t) => t.id === plan.leak!.tankId)!;
    expect(fleet.stores.find((s) => s.id === leakTank.storeId)!.code).toBe(LEAK_STORE);
    expect(plan.leak!.litresPerDay).toBeGreaterThanOrEqual(40);
    const months = [...new Set(plan.cal.dates.map((d) => d.slice(0, 7)))].slice(1, -1);
    expect(months).toHaveLength(11);
    for (const t of fleet.tanks) {
      const daily = dailyFigures(t.id, t.storeId);
      for (const m of months) {
        const figures = summarise(reconcileDays(monthInputs(t.id, daily, m)));
        if (t.id === leakTank.id) expect(figures.variance).toBeLessThan(-0.9 * plan.leak!.litresPerDay * 28);
        expect(figures.flagged, `${t.code} ${t.productCode} ${m}: ${figures.variance} vs ${figures.threshold}`).toBe(
          t.id === leakTank.id,
        );
      }
    }
  });

  it('plants a truck whose fills grow by ~40 % for the same distance', () => {
    const theft = plan.theft!;
    const fills = byTime(
      plan.dispenses.filter(
        (d) =>
          d.equipmentId === theft.equipmentId &&
          d.meter !== null &&
          d.productId === plan.dispenses.find((x) => x.equipmentId === theft.equipmentId)!.productId,
      ),
    );
    const rate = (xs: typeof fills) => {
      let litres = 0;
      let km = 0;
      for (let i = 1; i < xs.length; i++) {
        litres += xs[i].litres;
        km += xs[i].meter! - xs[i - 1].meter!;
      }
      return litres / km;
    };
    const before = rate(fills.filter((d) => d.at < theft.from));
    const after = rate(fills.filter((d) => d.at >= theft.from));
    expect(after / before).toBeGreaterThan(THEFT_FACTOR - 0.1);
    expect(after / before).toBeLessThan(THEFT_FACTOR + 0.1);
  });

  it('is the same plan for the same day', () => {
    const again = planHistory(fleet, NOW, 20);
    const once = planHistory(fleet, NOW, 20);
    expect(again.dispenses.length).toBe(once.dispenses.length);
    expect(again.dispenses.slice(0, 50)).toEqual(once.dispenses.slice(0, 50));
    expect(again.readings.slice(-20)).toEqual(once.readings.slice(-20));
  });
});

/**
 * Per tank and day index of the calendar: flows, net movements and the closing reading, as the server's queries find
 * them.
 */
function dailyFigures(tankId: string, storeId: string) {
  const starts = plan.cal.dayStart.get(storeId)!;
  const n = plan.cal.dates.length;
  const dayOf = (at: number) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return at < starts[0] ? -1 : lo;
  };
  const zero = () => new Array<number>(n).fill(0);
  const f = {
    receipts: zero(),
    dispensed: zero(),
    transfersOut: zero(),
    transfersIn: zero(),
    moved: zero(),
    closing: new Array<number | null>(n).fill(null),
    before: 0,
  };
  const add = (arr: number[], at: number, litres: number) => {
    const d = dayOf(at);
    if (d >= 0) arr[d] += litres;
  };
  for (const d of plan.dispenses) if (d.tankId === tankId) add(f.dispensed, d.at, d.litres);
  for (const r of plan.receipts) if (r.tankId === tankId) add(f.receipts, r.at, r.litres);
  for (const x of plan.transfers) {
    if (x.fromTankId === tankId) add(f.transfersOut, x.at, x.litres);
    if (x.toTankId === tankId) add(f.transfersIn, x.at, x.litres);
  }
  for (const m of plan.movements)
    if (m.tankId === tankId) {
      if (m.at < starts[0]) f.before += m.litres;
      else add(f.moved, m.at, m.litres);
    }
  // A reading closes the day it ends: (start, end].
  for (const r of byTime(plan.readings.filter((x) => x.tankId === tankId))) {
    const d = dayOf(r.at - 1);
    if (d >= 0) f.closing[d] = r.grossLitres;
  }
  return f;
}

/** One tank's days of a month from the plan. */
function monthInputs(tankId: string, f: ReturnType<typeof dailyFigures>, month: string): DayInput[] {
  let book = fleet.tanks.find((t) => t.id === tankId)!.openingStock + f.before;
  const out: DayInput[] = [];
  plan.cal.dates.forEach((day, i) => {
    if (day.startsWith(month)) {
      out.push({
        day,
        receipts: f.receipts[i],
        dispensed: f.dispensed[i],
        transfersOut: f.transfersOut[i],
        transfersIn: f.transfersIn[i],
        openingReading: i > 0 ? f.closing[i - 1] : null,
        bookAtStart: book,
        closingReading: f.closing[i],
      });
    }
    book += f.moved[i];
  });
  return out;
}
