import { VARIANCE_FIXED_LITRES, VARIANCE_THROUGHPUT_SHARE } from '../../src/contract/balancing';
import { volumeAtHeight, type StrappingPoint } from '../../src/contract/setup/strapping';
import { netLitres15, productDensity15 } from '../../src/contract/volume-correction';
import { quickUuid, type DispenseRow, type HistoryCalendar } from './demo-history-dispenses';
import type { HistoryFleet, HistoryStore, HistoryTank } from './demo-history-fleet';
import type { Prng } from './prng';

export interface ReceiptRow {
  id: string;
  tankId: string;
  supplier: string;
  deliveryNote: string;
  litres: number;
  dipBeforeMm: number | null;
  dipAfterMm: number | null;
  temperatureC: number;
  at: number;
  receivedAt: number;
}
export interface TransferRow {
  id: string;
  fromTankId: string;
  toTankId: string | null;
  toBowser: string | null;
  litres: number;
  at: number;
  employeeId: string | null;
}
export interface ReadingRow {
  tankId: string;
  at: number;
  source: 'gauge' | 'dip';
  productHeightMm: number | null;
  waterHeightMm: number;
  temperatureC: number;
  grossLitres: number;
  netLitres15: number | null;
  ullageLitres: number;
  waterLitres: number | null;
}
export interface MovementRow {
  tankId: string;
  at: number;
  litres: number;
  kind: 'dispense' | 'receipt' | 'transfer_out' | 'transfer_in' | 'adjustment';
  refId: string | null;
}

export interface TankPlan {
  receipts: ReceiptRow[];
  transfers: TransferRow[];
  readings: ReadingRow[];
  /** Only the month-end write-offs of the leaking tank: the other movements follow the records. */
  adjustments: MovementRow[];
  leak: { tankId: string; litresPerDay: number } | null;
}

const HOUR = 3_600_000;
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const SUPPLIERS: Record<string, string[]> = {
  DSL50: ['Sasol', 'Engen', 'Shell', 'TotalEnergies', 'Astron Energy'],
  ULP95: ['Sasol', 'Engen', 'Shell'],
  ADBLUE: ['Yara AdBlue'],
  LUBE: ['Fuchs Lubricants'],
};

/** The planted leak: the N3 truck stop's diesel tank (gauged, modest sales), else the first gauged diesel tank. */
export const LEAK_STORE = 'N3-24';
export function leakTankOf(fleet: HistoryFleet): HistoryTank | undefined {
  const store = fleet.stores.find((s) => s.code === LEAK_STORE);
  const gaugedDiesel = fleet.tanks.filter((t) => t.gauged && t.productCode === 'DSL50');
  return gaugedDiesel.find((t) => t.storeId === store?.id) ?? gaugedDiesel[0];
}

/**
 * A leak every complete month shows: the largest monthly allowance (1 % of the month's dispensing
 * + 492.1 L) spread over the month's days, with a third more on top, and at least 40 L/day.
 */
export function leakRate(dispensed: DispenseRow[], tankId: string, cal: HistoryCalendar, storeId: string): number {
  const starts = cal.dayStart.get(storeId)!;
  const monthOf = (d: number) => cal.dates[d].slice(0, 7);
  const byMonth = new Map<string, { litres: number; days: number }>();
  for (let d = 0; d < cal.dates.length; d++) {
    const m = byMonth.get(monthOf(d)) ?? { litres: 0, days: 0 };
    m.days++;
    byMonth.set(monthOf(d), m);
  }
  let d = 0;
  for (const x of dispensed) {
    if (x.tankId !== tankId) continue;
    while (d + 1 < starts.length && starts[d + 1] <= x.at) d++;
    byMonth.get(monthOf(d))!.litres += x.litres;
  }
  // Complete months only: not the first (it starts mid-month) nor the running one.
  const complete = [...byMonth.entries()].slice(1, -1).map(([, m]) => m);
  const worst = Math.max(
    0,
    ...complete.map((m) => (VARIANCE_THROUGHPUT_SHARE * m.litres + VARIANCE_FIXED_LITRES) / 30),
  );
  return Math.max(40, Math.ceil(worst * 1.35));
}

/** The dip height (mm) of a volume: the strapping chart read backwards. */
export function heightAt(chart: StrappingPoint[], litres: number): number | null {
  if (chart.length < 2) return null;
  for (let i = 1; i < chart.length; i++) {
    const a = chart[i - 1];
    const b = chart[i];
    if (litres <= b.litres) {
      const f = b.litres === a.litres ? 0 : (litres - a.litres) / (b.litres - a.litres);
      return Math.round((a.heightMm + f * (b.heightMm - a.heightMm)) * 10) / 10;
    }
  }
  return chart[chart.length - 1].heightMm;
}

interface State {
  tank: HistoryTank;
  store: HistoryStore;
  book: number;
  physical: number;
  water: number;
  events: DispenseRow[];
  next: number;
  pending: number | null;
  daily: number[];
  lastAt: number;
}

/**
 * Walks the year hour by hour over every tank: dispenses draw, a delivery is ordered in working
 * hours when the gauge shows the tank below its reorder level (30 % of capacity or 1.6 days of
 * recent sales), planned transfers move fuel, the leaking tank loses its litres every hour, and
 * each gauged tank reports at every full hour (the stock plus gauge noise); tanks without a probe
 * are dipped after closing. Physical stock = book stock except for the leak, which is written
 * off at each month start and at the end (a stock-take adjustment), so the book never runs far
 * from the tank and matches it when the seed ends.
 */
export function simulateTanks(r: Prng, fleet: HistoryFleet, cal: HistoryCalendar, dispenses: DispenseRow[]): TankPlan {
  const storeOf = new Map(fleet.stores.map((s) => [s.id, s]));
  const states = new Map<string, State>(
    fleet.tanks.map((t) => [
      t.id,
      {
        tank: t,
        store: storeOf.get(t.storeId)!,
        book: t.openingStock,
        physical: t.openingStock,
        water: r.int(2, 8),
        events: [],
        next: 0,
        pending: null,
        daily: [],
        lastAt: cal.start,
      },
    ]),
  );
  for (const d of dispenses) states.get(d.tankId)!.events.push(d);
  const leakTank = leakTankOf(fleet);
  const leak = leakTank
    ? { tankId: leakTank.id, litresPerDay: leakRate(dispenses, leakTank.id, cal, leakTank.storeId) }
    : null;
  const transferPlan = planTransfers(r, fleet, cal);
  const out: TankPlan = { receipts: [], transfers: [], readings: [], adjustments: [], leak };
  let deliveryNo = 1000;
  let tp = 0;

  const dayIndex = (s: State, at: number) => {
    const starts = cal.dayStart.get(s.store.id)!;
    let d = Math.min(starts.length - 1, Math.max(0, Math.floor((at - starts[0]) / 86_400_000)));
    while (d > 0 && starts[d] > at) d--;
    return d;
  };
  const deliver = (s: State, at: number) => {
    const litres = Math.floor((s.tank.safeFill - s.physical - 0.02 * s.tank.capacity) / 500) * 500;
    s.pending = null;
    if (litres < 500) return;
    const before = s.physical;
    s.physical += litres;
    s.book += litres;
    s.water = Math.min(30, s.water + r.next() * 1.5);
    out.receipts.push({
      id: quickUuid(r),
      tankId: s.tank.id,
      supplier: r.pick(SUPPLIERS[s.tank.productCode] ?? SUPPLIERS.DSL50),
      deliveryNote: `DN${cal.dates[dayIndex(s, at)].slice(2, 7).replace('-', '')}-${++deliveryNo}`,
      litres,
      dipBeforeMm: heightAt(s.tank.chart, before),
      dipAfterMm: heightAt(s.tank.chart, s.physical),
      temperatureC: Math.round((16 + r.next() * 12) * 10) / 10,
      at,
      receivedAt: at + r.int(5, 90) * 60_000,
    });
  };
  const reading = (s: State, at: number, source: 'gauge' | 'dip') => {
    const t = s.tank;
    const sigma = source === 'gauge' ? 3 + 0.0004 * s.physical : 5 + 0.002 * s.physical;
    const gross = r3(Math.max(0, s.physical + gaussian(r) * sigma));
    const doy = (at / 86_400_000) % 365.25;
    const temperatureC =
      Math.round(
        (18 +
          5 * Math.cos((2 * Math.PI * (doy - 15)) / 365.25) +
          0.8 * Math.sin((2 * Math.PI * (((at / HOUR) % 24) - 9)) / 24) +
          gaussian(r) * 0.2) *
          10,
      ) / 10;
    const water = Math.round(s.water * 10) / 10;
    const waterLitres = t.chart.length >= 2 ? volumeAtHeight(t.chart, water) : null;
    out.readings.push({
      tankId: t.id,
      at,
      source,
      temperatureC,
      grossLitres: gross,
      waterHeightMm: water,
      waterLitres: waterLitres === null ? null : r3(waterLitres),
      productHeightMm: heightAt(t.chart, gross + (waterLitres ?? 0)),
      ullageLitres: r3(t.safeFill - gross),
      netLitres15: netLitres15(gross, temperatureC, productDensity15(t)),
    });
  };

  // The stock at the first midnight closes the day before the year, so the first day opens on a reading.
  for (const s of states.values()) if (s.tank.gauged) reading(s, cal.start, 'gauge');
  for (let h = cal.start; h < cal.end; h += HOUR) {
    const hEnd = Math.min(h + HOUR, cal.end);
    for (const s of states.values()) {
      // Records of this hour in time order, with a delivery due in it.
      while (s.next < s.events.length && s.events[s.next].at < hEnd) {
        const d = s.events[s.next++];
        if (s.pending !== null && s.pending <= d.at) deliver(s, s.pending);
        // Never let a sale run the tank dry: a delivery would have come first.
        if (s.physical - d.litres < 0.03 * s.tank.capacity) deliver(s, Math.max(s.lastAt + 60_000, d.at - 900_000));
        s.physical -= d.litres;
        s.book -= d.litres;
        s.lastAt = d.at;
        const day = dayIndex(s, d.at);
        s.daily[day] = (s.daily[day] ?? 0) + d.litres;
      }
      if (s.pending !== null && s.pending < hEnd) deliver(s, s.pending);
      if (leak && s.tank.id === leak.tankId) s.physical -= (leak.litresPerDay * (hEnd - h)) / (24 * HOUR);
    }
    while (tp < transferPlan.length && transferPlan[tp].at < hEnd) {
      const x = transferPlan[tp++];
      const from = states.get(x.fromTankId)!;
      const to = x.toTankId ? states.get(x.toTankId)! : null;
      const room = to ? to.tank.safeFill - to.physical - 0.05 * to.tank.capacity : Infinity;
      const litres = Math.floor(Math.min(x.litres, from.physical - 0.3 * from.tank.capacity, room) / 100) * 100;
      if (litres < 500) continue;
      from.physical -= litres;
      from.book -= litres;
      if (to) {
        to.physical += litres;
        to.book += litres;
      }
      out.transfers.push({ ...x, litres });
    }
    if (hEnd < h + HOUR) break;
    for (const s of states.values()) afterHour(s, hEnd);
  }
  // The loss so far this month is written off as the seed ends, so the book matches the tank
  // when the live gauges (which start from the book) take over. Reconciliation ignores
  // adjustments: the month to date still shows the leak.
  const leaking = leak && states.get(leak.tankId);
  if (leaking && Math.abs(leaking.physical - leaking.book) >= 0.5) {
    out.adjustments.push({
      tankId: leaking.tank.id,
      at: cal.end - 60_000,
      litres: r3(leaking.physical - leaking.book),
      kind: 'adjustment',
      refId: null,
    });
  }
  return out;

  function afterHour(s: State, at: number) {
    const d = dayIndex(s, at - 1);
    const local = (at - cal.dayStart.get(s.store.id)![d]) / 60_000;
    const hours = s.store.hours[cal.weekdays[d]];
    if (s.tank.gauged) reading(s, at, 'gauge');
    // Probe-less tanks are dipped once the site has closed (nothing moves after that).
    else if (hours && local >= hours[1] && local - 60 < hours[1]) {
      const dipAt = cal.dayStart.get(s.store.id)![d] + (hours[1] + r.int(10, 25)) * 60_000;
      if (dipAt < cal.end) reading(s, dipAt, 'dip');
    }
    // The month's loss of the leaking tank is written off on the 1st at 06:00 (stock-take).
    if (leak && s.tank.id === leak.tankId && cal.dates[d].endsWith('-01') && local === 6 * 60 && d > 0) {
      const litres = r3(s.physical - s.book);
      out.adjustments.push({
        tankId: s.tank.id,
        at: at + r.int(60, 600) * 1000,
        litres,
        kind: 'adjustment',
        refId: null,
      });
      s.book = s.physical;
    }
    s.water = Math.max(0, s.water - 0.002);
    // Order a delivery in working hours when the gauge shows the tank low.
    if (
      s.pending === null &&
      hours &&
      local >= Math.max(hours[0], 7 * 60) &&
      local <= Math.min(hours[1] - 150, 15 * 60)
    ) {
      const recent = s.daily.slice(Math.max(0, d - 7), d).filter((x) => x !== undefined);
      const perDay = recent.length ? recent.reduce((a, b) => a + b, 0) / 7 : 0;
      if (s.physical < Math.max(0.3 * s.tank.capacity, 1.6 * perDay))
        s.pending = at + r.int(30, 120) * 60_000 + r.int(1, 59) * 1000;
    }
  }
}

/** Standard normal (Box–Muller) from the seeded stream. */
function gaussian(r: Prng): number {
  return Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
}

/** Regular transfers: Johannesburg diesel to Pretoria, and bowser fills at Durban and the N3 truck stop. */
function planTransfers(r: Prng, fleet: HistoryFleet, cal: HistoryCalendar): TransferRow[] {
  const tank = (store: string, product: string) => {
    const s = fleet.stores.find((x) => x.code === store);
    return s ? fleet.tanks.find((t) => t.storeId === s.id && t.productCode === product) : undefined;
  };
  const routes = [
    { from: tank('JHB01', 'DSL50'), to: tank('PTA01', 'DSL50'), bowser: null, every: 14, litres: [3000, 6000] },
    { from: tank('DBN01', 'DSL50'), to: undefined, bowser: 'BWS-DBN-01', every: 7, litres: [1500, 3000] },
    { from: tank('N3-24', 'DSL50'), to: undefined, bowser: 'BWS-N3-01', every: 10, litres: [2000, 4000] },
  ];
  const out: TransferRow[] = [];
  for (const route of routes) {
    if (!route.from) continue;
    const store = fleet.stores.find((s) => s.id === route.from!.storeId)!;
    const employees = fleet.employees.filter((e) => e.active);
    for (let d = r.int(1, route.every); d < cal.dates.length; d += route.every) {
      // Next working weekday, mid-morning to early afternoon.
      let day = d;
      while (
        day < cal.dates.length &&
        (!store.hours[cal.weekdays[day]] || cal.weekdays[day] === 0 || cal.weekdays[day] === 6)
      )
        day++;
      if (day >= cal.dates.length) break;
      const at = cal.dayStart.get(store.id)![day] + r.int(10 * 60, 14 * 60) * 60_000 + r.int(1, 59) * 1000;
      if (at >= cal.end - HOUR) break;
      out.push({
        id: quickUuid(r),
        fromTankId: route.from.id,
        toTankId: route.to?.id ?? null,
        toBowser: route.to ? null : route.bowser,
        litres: Math.round(r.int(route.litres[0], route.litres[1]) / 100) * 100,
        at,
        employeeId: employees.length ? r.pick(employees).id : null,
      });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}
