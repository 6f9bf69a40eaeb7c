import { localDate } from '@/contract/calendar';
import { dispenseWarnings, type DispenseWarning } from '@/contract/dispense-warnings';
import { NO_METER_READING } from '@/contract/meter-rule';
import { checkDispenseAllowed, type AllocationRule } from '@/contract/setup/dispense-check';
import type { ReferenceData } from '@/contract/setup/reference';
import type { OutboxRecord } from '@/lib/offline';

/**
 * The live warnings of the dispense forms: the contract's `dispenseWarnings` (the same checks the
 * server raises as exceptions) fed from the cached reference data and this device's own recent
 * dispenses, judged by the account's exception rules cached with the reference data (ADR 032).
 * The server knows every dispense of the fleet, so it may find more; the device warns about what
 * it can see. Pure, so it is tested without a browser.
 */

/** A dispense this device recorded (not rejected), as the checks need it. */
export interface PastDispense {
  id: string;
  productId: string;
  equipmentId: string;
  employeeId: string | null;
  costCentreId: string | null;
  litres: number;
  meter: number | null;
  at: Date;
}

/** What the form holds right now. */
export interface DispenseDraft {
  id?: string;
  variant: 'FAMS' | 'FAMS24';
  storeId: string;
  tankId: string;
  equipmentId: string;
  employeeId: string | null;
  costCentreId: string | null;
  litres: number | undefined;
  meter: number | null;
  at: Date;
}

/** This device's dispenses that count (queued, sending, synced), with product and effective cost centre. */
export function deviceHistory(records: readonly OutboxRecord[], ref: ReferenceData): PastDispense[] {
  const productOf = new Map(ref.tanks.map((t) => [t.id, t.productId]));
  const ccOf = new Map(ref.equipment.map((e) => [e.id, e.costCentreId]));
  const out: PastDispense[] = [];
  for (const r of records) {
    if (r.kind !== 'dispenses' || r.state === 'rejected') continue;
    const p = r.payload as OutboxRecord<'dispenses'>['payload'];
    const productId = productOf.get(p.tankId);
    if (!productId) continue;
    out.push({
      id: p.id,
      productId,
      equipmentId: p.equipmentId,
      employeeId: p.employeeId,
      costCentreId: p.costCentreId ?? ccOf.get(p.equipmentId) ?? null,
      litres: p.litres,
      meter: p.meter,
      at: new Date(p.dispensedAt),
    });
  }
  return out;
}

/**
 * The governing allocation's subject drew these litres today and this month (as the server counts: same product, any
 * store).
 */
function usageOf(
  a: AllocationRule,
  productId: string,
  history: readonly PastDispense[],
  at: Date,
  tz: string | null,
  excludeId?: string,
) {
  const subject = (h: PastDispense) =>
    a.equipmentId
      ? h.equipmentId === a.equipmentId
      : a.employeeId
        ? h.employeeId === a.employeeId
        : h.costCentreId === a.costCentreId;
  const day = localDate(at, tz);
  const month = day.slice(0, 7);
  let today = 0;
  let thisMonth = 0;
  for (const h of history) {
    if (h.id === excludeId || h.productId !== productId || !subject(h)) continue;
    const d = localDate(h.at, tz);
    if (d.slice(0, 7) !== month) continue;
    thisMonth += h.litres;
    if (d === day) today += h.litres;
  }
  return { today, thisMonth };
}

/** Warnings for the draft; none until store, tank, equipment and litres are given. */
export function liveWarnings(
  ref: ReferenceData,
  history: readonly PastDispense[],
  d: DispenseDraft,
): DispenseWarning[] {
  const tank = ref.tanks.find((t) => t.id === d.tankId);
  const eq = ref.equipment.find((e) => e.id === d.equipmentId);
  if (!tank || !eq || tank.storeId !== d.storeId || d.litres === undefined || !(d.litres > 0)) return [];
  const tz = ref.stores.find((s) => s.id === d.storeId)?.timezone ?? null;
  const dispense = {
    variant: d.variant,
    productId: tank.productId,
    storeId: d.storeId,
    equipmentId: eq.id,
    employeeId: d.employeeId,
    costCentreId: d.costCentreId ?? eq.costCentreId,
    litres: d.litres,
    meter: d.meter !== null && Number.isFinite(d.meter) ? d.meter : null,
    at: d.at,
  };
  const earlier = history.filter((h) => h.equipmentId === eq.id && h.id !== d.id && h.at < d.at);
  const meters = [eq.currentMeter, ...earlier.map((h) => h.meter)].filter((m): m is number => m !== null);
  const lastFill = earlier.reduce<Date | null>((max, h) => (max && max > h.at ? max : h.at), null);
  const allocations = ref.allocations as readonly AllocationRule[];
  const { allocationId } = checkDispenseAllowed({
    dispense,
    allocations,
    usedToday: 0,
    usedThisMonth: 0,
    timeZone: tz ?? undefined,
  });
  const governing = allocations.find((a) => a.id === allocationId);
  const used = governing ? usageOf(governing, tank.productId, history, d.at, tz, d.id) : { today: 0, thisMonth: 0 };
  const f24Rule =
    d.variant === 'FAMS24'
      ? (ref.f24Rules.find((r) => r.storeId === d.storeId) ?? ref.f24Rules.find((r) => r.storeId === null) ?? null)
      : null;
  const warnings = dispenseWarnings({
    dispense,
    equipmentCapacity: eq.tankCapacity,
    meterType: eq.meterType,
    hasMeter: eq.hasMeter,
    lastMeter: meters.length ? Math.max(...meters) : null,
    lastFillAt: lastFill,
    allocations,
    usedToday: used.today,
    usedThisMonth: used.thisMonth,
    f24Rule,
    timeZone: tz ?? undefined,
    // The account's rules as cached with the reference data (the defaults when the cache predates them).
    rules: ref.dispenseRules,
  });
  // A missing reading is the form's field error (the form refuses the fill, ADR 076), not a warning to accept.
  return warnings.filter((w) => w.code !== NO_METER_READING);
}
