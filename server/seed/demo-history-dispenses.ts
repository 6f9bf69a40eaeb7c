import type { Prng } from './prng';
import type { HistoryEmployee, HistoryEquipment, HistoryFleet, HistoryStore, HistoryTank } from './demo-history-fleet';

/** The demo year's calendar: store-local dates and, per store, the instant each one starts. */
export interface HistoryCalendar {
  dates: string[];
  weekdays: number[];
  /** Local midnight of each date, per store id. */
  dayStart: Map<string, number[]>;
  start: number;
  end: number;
}

export interface DispenseRow {
  id: string;
  variant: 'FAMS' | 'FAMS24';
  storeId: string;
  tankId: string;
  productId: string;
  equipmentId: string;
  employeeId: string | null;
  costCentreId: string | null;
  litres: number;
  meter: number | null;
  meterType: 'km' | 'hours' | null;
  at: number;
  receivedAt: number;
  gpsLat: number | null;
  gpsLng: number | null;
  gpsAccuracyM: number | null;
  employeeBy: 'tag' | 'pin' | null;
}

/**
 * How each kind of equipment works (per weekday, Sunday first: the chance it works, its use that
 * day, the fills). Road trucks run double-shifted (two drivers, 700–1 100 km) and top up at every
 * depot visit; light vehicles do two rounds a day; plant works two or three shifts and is topped
 * up at each break. Litres follow from the use and the type's consumption (L/100 km or L/h).
 */
const PROFILE = {
  truck: { days: [0.5, 1, 1, 1, 1, 1, 1], use: [700, 1100], fills: [2, 3, 3, 3, 3, 3, 2] },
  light: { days: [0, 0.9, 0.9, 0.9, 0.9, 0.9, 0.3], use: [120, 280], fills: [1, 2, 2, 2, 2, 2, 1] },
  plant: { days: [0.5, 1, 1, 1, 1, 1, 1], use: [14, 20], fills: [2, 4, 4, 4, 4, 4, 3] },
} as const;
/** Share of a FAMS24 truck's fills made at a truck stop away from its home store. */
const TRUCK_STOP_SHARE = 0.3;
/** Of a truck's diesel fills at a site with AdBlue, the share that also takes AdBlue (4–6 % of the diesel). */
const ADBLUE_SHARE = 0.4;
/** The planted theft pattern: this many days before the end, one truck's fills grow by this factor. */
export const THEFT_DAYS = 75;
export const THEFT_FACTOR = 1.4;

const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

const hex8 = (r: Prng) =>
  Math.floor(r.next() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
/**
 * A version-4-shaped UUID from four draws of the stream (prng's own `uuid()` draws 33 times and
 * was a third of the planning time for 150 000 ids).
 */
export function quickUuid(r: Prng): string {
  const a = hex8(r);
  const b = hex8(r);
  const c = hex8(r);
  const d = hex8(r);
  const variant = ((parseInt(c[0], 16) & 0x3) | 0x8).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

export interface FillPlan {
  dispenses: DispenseRow[];
  theft: { equipmentId: string; fleetNo: string; from: number } | null;
}

/** Every dispense of the year, equipment by equipment (fleet-number order, so the stream is stable). */
export function planDispenses(r: Prng, fleet: HistoryFleet, cal: HistoryCalendar): FillPlan {
  const storeOf = new Map(fleet.stores.map((s) => [s.id, s]));
  const tankFor = (storeId: string, productCode: string) =>
    fleet.tanks.find((t) => t.storeId === storeId && t.productCode === productCode);
  const canFill = (s: HistoryStore, e: HistoryEquipment) =>
    !!tankFor(s.id, e.fuelCode) && (s.variant === 'FAMS' || e.fams24Enabled);
  const truckStops = fleet.stores.filter((s) => s.variant === 'FAMS24' && tankFor(s.id, 'DSL50'));
  const crews = employeePools(fleet.stores, fleet.employees);
  const out: DispenseRow[] = [];

  // A truck with a long-enough history (its meter covers the year) shows the jump against its own past.
  const theftEq = fleet.equipment.find(
    (e) => e.cls === 'truck' && e.active && e.fuelCode === 'DSL50' && e.currentMeter > 500_000,
  );
  const theftFrom = cal.dayStart.get(fleet.stores[0].id)![Math.max(0, cal.dates.length - THEFT_DAYS)];

  for (const e of fleet.equipment) {
    const home =
      e.homeStoreId && storeOf.get(e.homeStoreId) && canFill(storeOf.get(e.homeStoreId)!, e)
        ? storeOf.get(e.homeStoreId)!
        : r.pick(fleet.stores.filter((s) => s.variant === 'FAMS' && canFill(s, e)));
    if (!home) continue;
    const p = PROFILE[e.cls];
    const retireDay = e.active ? Infinity : r.int(60, cal.dates.length - 20);
    const fills: { row: DispenseRow; cum: number }[] = [];
    let since = 0;
    let cum = 0;
    let lastAt = 0;
    for (let d = 0; d < cal.dates.length && d < retireDay; d++) {
      const wd = cal.weekdays[d];
      if (!r.chance(p.days[wd])) continue;
      const use = p.use[0] + r.next() * (p.use[1] - p.use[0]);
      const k = p.fills[wd];
      for (let slot = 0; slot < k; slot++) {
        since += use / k;
        cum += use / k;
        const store =
          e.cls === 'truck' && e.fams24Enabled && truckStops.length && r.chance(TRUCK_STOP_SHARE)
            ? r.pick(truckStops)
            : home;
        const hours = store.hours[wd];
        if (!hours) continue;
        const [open, close] = hours;
        const minute = open + ((close - open) * (slot + r.next() * 0.9)) / k;
        const at = cal.dayStart.get(store.id)![d] + Math.floor(minute) * 60_000 + r.int(1, 59) * 1000;
        if (at >= cal.end - 600_000) break;
        // One vehicle cannot be at two pumps at once: a slot that would come before the last fill is skipped.
        if (at < lastAt + 30 * 60_000) continue;
        let litres = ((since * e.consumption) / (e.meterType === 'km' ? 100 : 1)) * (0.94 + r.next() * 0.12);
        if (e === theftEq && at >= theftFrom) litres *= THEFT_FACTOR;
        litres = round(Math.min(litres, e.tankCap), 2);
        if (litres < 2) continue;
        const tank = tankFor(store.id, e.fuelCode)!;
        fills.push({ row: dispenseRow(r, store, tank, e, crews, litres, at), cum });
        since = 0;
        lastAt = at;
      }
    }
    // Meters count back from the equipment's current reading, so the newest fill sits just below it;
    // equipment whose meter would go below zero joined the fleet during the year.
    const last = fills.length ? fills[fills.length - 1].cum : 0;
    const final = e.currentMeter - (e.meterType === 'km' ? r.int(5, 60) : r.int(1, 6));
    for (const f of fills) {
      // No meter fitted (ADR 076): every fill is kept, without a reading (its old meter covered the year).
      const meter = e.hasMeter ? round(final - (last - f.cum), 1) : null;
      if (meter !== null && meter < 1) continue;
      f.row.meter = meter;
      out.push(f.row);
      const store = storeOf.get(f.row.storeId)!;
      const adblue = e.cls === 'truck' ? tankFor(store.id, 'ADBLUE') : undefined;
      if (adblue && r.chance(ADBLUE_SHARE)) {
        const litres = Math.max(5, round(f.row.litres * (0.04 + r.next() * 0.02), 2));
        out.push({
          ...dispenseRow(r, store, adblue, e, crews, litres, f.row.at + r.int(60, 240) * 1000),
          employeeId: f.row.employeeId,
          employeeBy: f.row.employeeBy,
          meter,
        });
      }
    }
  }
  out.push(...planLube(r, fleet, cal, crews));
  out.sort((a, b) => a.at - b.at);
  return {
    dispenses: out.filter((d) => d.at < cal.end - 600_000),
    theft: theftEq ? { equipmentId: theftEq.id, fleetNo: theftEq.fleetNo, from: theftFrom } : null,
  };
}

type Crews = Map<string, { fams: HistoryEmployee[]; fams24: HistoryEmployee[] }>;

/** Who can serve at each store: active employees allowed there (an empty list means every store). */
function employeePools(stores: HistoryStore[], employees: HistoryEmployee[]): Crews {
  const active = employees.filter((e) => e.active);
  return new Map(
    stores.map((s) => {
      const here = active.filter((e) => !e.storeIds.length || e.storeIds.includes(s.id));
      return [s.id, { fams: here, fams24: here.filter((e) => e.fams24Enabled) }];
    }),
  );
}

function dispenseRow(
  r: Prng,
  store: HistoryStore,
  tank: HistoryTank,
  e: HistoryEquipment,
  crews: Crews,
  litres: number,
  at: number,
): DispenseRow {
  const pool = store.variant === 'FAMS24' ? crews.get(store.id)!.fams24 : crews.get(store.id)!.fams;
  const emp = pool.length ? r.pick(pool) : null;
  // Attendants' phones stamp GPS most of the time; the FAMS24 controllers do not.
  const gps = store.variant === 'FAMS' && store.lat !== null && store.lng !== null && r.chance(0.6);
  return {
    id: quickUuid(r),
    variant: store.variant,
    storeId: store.id,
    tankId: tank.id,
    productId: tank.productId,
    equipmentId: e.id,
    employeeId: emp?.id ?? null,
    costCentreId: e.costCentreId,
    litres,
    meter: null,
    meterType: e.meterType,
    at,
    receivedAt: at + (store.variant === 'FAMS' ? r.int(20, 900) : r.int(2, 60)) * 1000,
    gpsLat: gps ? round(store.lat! + (r.next() - 0.5) * 0.0008, 6) : null,
    gpsLng: gps ? round(store.lng! + (r.next() - 0.5) * 0.0008, 6) : null,
    gpsAccuracyM: gps ? r.int(4, 30) : null,
    employeeBy: store.variant === 'FAMS24' && emp ? (emp.tag ? 'tag' : 'pin') : null,
  };
}

/** Lube oil drawn in small amounts at the workshop store (no meter reading). */
function planLube(r: Prng, fleet: HistoryFleet, cal: HistoryCalendar, crews: Crews): DispenseRow[] {
  const out: DispenseRow[] = [];
  for (const tank of fleet.tanks.filter((t) => t.productCode === 'LUBE')) {
    const store = fleet.stores.find((s) => s.id === tank.storeId)!;
    const users = fleet.equipment.filter((e) => e.active && e.cls !== 'light');
    for (let d = 0; d < cal.dates.length; d++) {
      const hours = store.hours[cal.weekdays[d]];
      if (!hours) continue;
      for (let n = r.int(0, 3); n > 0; n--) {
        const at =
          cal.dayStart.get(store.id)![d] +
          (hours[0] + Math.floor(r.next() * (hours[1] - hours[0]))) * 60_000 +
          r.int(1, 59) * 1000;
        out.push({
          ...dispenseRow(r, store, tank, r.pick(users), crews, r.int(2, 12) / 2, at),
          meter: null,
          meterType: null,
        });
      }
    }
  }
  return out;
}
