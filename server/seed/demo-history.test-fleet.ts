import { DEMO_FUELS } from './demo-catalogue';
import { demoFleet } from './demo-fleet';
import type { HistoryFleet } from './demo-history-fleet';

/**
 * Demo Fuels' fleet as `loadHistoryFleet` reads it from the database, built from the same pure
 * generator the seed uses — so the year's planner can be tested without a database.
 */
export function demoHistoryFleet(accountId = 1): HistoryFleet {
  const f = demoFleet(accountId, DEMO_FUELS, 20_240_601);
  const typeOf = new Map(f.equipmentTypes.map((t) => [t.id!, t]));
  const fuelOf = new Map(DEMO_FUELS.types.map((t) => [t.code, t.fuel]));
  const productOf = new Map(f.products.map((p) => [p.id!, p]));
  const mins = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  return {
    accountId,
    stores: f.stores
      .map((s) => {
        const rule = f.f24Rules.find((r) => r.storeId === s.id);
        const span: [number, number] =
          rule?.allowedFrom && rule.allowedTo ? [mins(rule.allowedFrom), mins(rule.allowedTo)] : [0, 1440];
        return {
          id: s.id!,
          code: s.code,
          variant: s.variant,
          timezone: s.timezone,
          lat: s.latitude ?? null,
          lng: s.longitude ?? null,
          hours: s.openingHours
            ? s.openingHours.map((d) => (d ? ([mins(d.open), mins(d.close)] as [number, number]) : null))
            : Array.from({ length: 7 }, () => span),
        };
      })
      .sort((a, b) => a.code.localeCompare(b.code)),
    tanks: f.tanks
      .map((t) => {
        const p = productOf.get(t.productId)!;
        return {
          id: t.id!,
          storeId: t.storeId,
          productId: t.productId,
          productCode: p.code,
          code: t.code,
          capacity: t.capacity,
          safeFill: t.safeFill,
          lowLevel: t.lowLevel,
          gauged: !!t.gaugeProbeId,
          chart: t.strappingChart ?? [],
          density15: p.density15 ?? null,
          fuelGroup: p.fuelGroup ?? 'other',
          openingStock: Math.round(t.safeFill * 0.6),
        };
      })
      .sort((a, b) => a.storeId.localeCompare(b.storeId) || a.code.localeCompare(b.code)),
    equipment: f.equipment
      .map((e) => {
        const ty = typeOf.get(e.typeId!)!;
        const tankCap = e.tankCapacity ?? ty.tankCapacity;
        return {
          id: e.id!,
          fleetNo: e.fleetNo,
          cls: ty.meterType === 'hours' ? ('plant' as const) : tankCap >= 200 ? ('truck' as const) : ('light' as const),
          meterType: ty.meterType,
          consumption: ty.expectedConsumption ?? 30,
          tankCap,
          fuelCode: fuelOf.get(ty.code) ?? 'DSL50',
          homeStoreId: e.homeStoreId ?? null,
          costCentreId: e.costCentreId ?? null,
          fams24Enabled: !!e.fams24Enabled,
          active: e.active ?? true,
          currentMeter: e.currentMeter ?? 0,
          hasMeter: e.hasMeter ?? ty.hasMeter ?? true,
        };
      })
      .sort((a, b) => a.fleetNo.localeCompare(b.fleetNo)),
    employees: f.employees
      .map((e) => ({
        id: e.id!,
        active: e.active ?? true,
        fams24Enabled: !!e.fams24Enabled,
        tag: e.tag ?? null,
        storeIds: e.storeIds ?? [],
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}
