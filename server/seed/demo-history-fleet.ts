import { and, eq, isNull } from 'drizzle-orm';
import type { FUEL_GROUPS } from '../../src/contract/setup/products';
import type { OpeningHours } from '../../src/contract/setup/stores';
import type { StrappingPoint } from '../../src/contract/setup/strapping';
import type { DbOrTx } from '../db/client';
import { employees, equipment, equipmentTypes, f24Rules, products, stores, tankStock, tanks } from '../db/schema';
import type { DemoAccountSetup } from './demo-catalogue';

/** What the demo year is generated from: the account's seeded master data and opening stock. */
export interface HistoryStore {
  id: string;
  code: string;
  variant: 'FAMS' | 'FAMS24';
  timezone: string;
  lat: number | null;
  lng: number | null;
  /** Minutes since midnight [open, close) per weekday (Sunday first); null = closed that day. */
  hours: ([number, number] | null)[];
}
export interface HistoryTank {
  id: string;
  storeId: string;
  productId: string;
  productCode: string;
  code: string;
  capacity: number;
  safeFill: number;
  lowLevel: number;
  gauged: boolean;
  chart: StrappingPoint[];
  density15: number | null;
  fuelGroup: (typeof FUEL_GROUPS)[number];
  openingStock: number;
}
export type EquipmentClass = 'truck' | 'light' | 'plant';
export interface HistoryEquipment {
  id: string;
  fleetNo: string;
  cls: EquipmentClass;
  meterType: 'km' | 'hours';
  consumption: number;
  tankCap: number;
  fuelCode: string;
  homeStoreId: string | null;
  costCentreId: string | null;
  fams24Enabled: boolean;
  active: boolean;
  currentMeter: number;
  /** false: no meter fitted, its fills carry no reading (ADR 076). */
  hasMeter: boolean;
}
export interface HistoryEmployee {
  id: string;
  active: boolean;
  fams24Enabled: boolean;
  tag: string | null;
  storeIds: string[];
}
export interface HistoryFleet {
  accountId: number;
  stores: HistoryStore[];
  tanks: HistoryTank[];
  equipment: HistoryEquipment[];
  employees: HistoryEmployee[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function hoursOf(opening: OpeningHours | null, from: string | null, to: string | null): ([number, number] | null)[] {
  if (opening) return opening.map((d) => (d ? [minutes(d.open), minutes(d.close)] : null));
  // Always open; a FAMS24 rule may still allow fills only between two times.
  const span: [number, number] = from && to ? [minutes(from), minutes(to)] : [0, 24 * 60];
  return Array.from({ length: 7 }, () => span);
}

/** Reads the account's stores, tanks (with their book stock), equipment and employees. */
export async function loadHistoryFleet(db: DbOrTx, accountId: number, setup: DemoAccountSetup): Promise<HistoryFleet> {
  const fuelOfType = new Map(setup.types.map((t) => [t.code, t.fuel]));
  // One after another: `db` is the seed's transaction, one connection (concurrent queries on one
  // pg client are queued by pg 8, deprecated, and refused by pg 9).
  const storeRows = await db
    .select()
    .from(stores)
    .where(and(eq(stores.accountId, accountId), isNull(stores.deletedAt)));
  const ruleRows = await db
    .select()
    .from(f24Rules)
    .where(and(eq(f24Rules.accountId, accountId), isNull(f24Rules.deletedAt)));
  const tankRows = await db
    .select({ t: tanks, p: products, stock: tankStock.bookLitres })
    .from(tanks)
    .innerJoin(products, and(eq(products.accountId, tanks.accountId), eq(products.id, tanks.productId)))
    .leftJoin(tankStock, and(eq(tankStock.accountId, tanks.accountId), eq(tankStock.tankId, tanks.id)))
    .where(and(eq(tanks.accountId, accountId), isNull(tanks.deletedAt)));
  const eqRows = await db
    .select({ e: equipment, ty: equipmentTypes })
    .from(equipment)
    .innerJoin(
      equipmentTypes,
      and(eq(equipmentTypes.accountId, equipment.accountId), eq(equipmentTypes.id, equipment.typeId)),
    )
    .where(and(eq(equipment.accountId, accountId), isNull(equipment.deletedAt)));
  const empRows = await db
    .select()
    .from(employees)
    .where(and(eq(employees.accountId, accountId), isNull(employees.deletedAt)));
  const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
  return {
    accountId,
    stores: storeRows
      .map((s) => {
        const rule = ruleRows.find((r) => r.storeId === s.id);
        return {
          id: s.id,
          code: s.code,
          variant: s.variant,
          timezone: s.timezone,
          lat: s.latitude,
          lng: s.longitude,
          hours: hoursOf(s.openingHours ?? null, rule?.allowedFrom ?? null, rule?.allowedTo ?? null),
        };
      })
      .sort(byCode),
    tanks: tankRows
      .map(({ t, p, stock }) => ({
        id: t.id,
        storeId: t.storeId,
        productId: t.productId,
        productCode: p.code,
        code: t.code,
        capacity: t.capacity,
        safeFill: t.safeFill,
        lowLevel: t.lowLevel,
        gauged: !!t.gaugeProbeId,
        chart: t.strappingChart ?? [],
        density15: p.density15,
        fuelGroup: p.fuelGroup,
        openingStock: Number(stock ?? 0),
      }))
      .sort((a, b) => a.storeId.localeCompare(b.storeId) || byCode(a, b)),
    equipment: eqRows
      .map(({ e, ty }) => {
        const meterType = e.meterType ?? ty.meterType;
        const tankCap = e.tankCapacity ?? ty.tankCapacity;
        const cls: EquipmentClass = meterType === 'hours' ? 'plant' : tankCap >= 200 ? 'truck' : 'light';
        return {
          id: e.id,
          fleetNo: e.fleetNo,
          cls,
          meterType,
          consumption: ty.expectedConsumption ?? (meterType === 'hours' ? 12 : 30),
          tankCap,
          fuelCode: fuelOfType.get(ty.code) ?? 'DSL50',
          homeStoreId: e.homeStoreId,
          costCentreId: e.costCentreId,
          fams24Enabled: e.fams24Enabled,
          active: e.active,
          currentMeter: e.currentMeter ?? 0,
          hasMeter: e.hasMeter ?? ty.hasMeter,
        };
      })
      .sort((a, b) => a.fleetNo.localeCompare(b.fleetNo)),
    employees: empRows
      .map((e) => ({ id: e.id, active: e.active, fams24Enabled: e.fams24Enabled, tag: e.tag, storeIds: e.storeIds }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

// ---------------------------------------------------------------------------------------------
// Store-local time without a date library: the zone's offset at an instant, from Intl.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Offset of a zone from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour) % 24,
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant of local midnight of `date` (YYYY-MM-DD) in a zone. */
export function localMidnight(timeZone: string, date: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - zoneOffsetMs(timeZone, guess);
  return guess - zoneOffsetMs(timeZone, first);
}
