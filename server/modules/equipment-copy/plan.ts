import type { CopyItemPlan, CopyPlan } from '../../../src/contract/equipment-copy';
import type { Equipment } from '../../../src/contract/setup/equipment';
import type { allocations } from '../../db/schema';
import type { copyRepository } from './equipment-copy.repository';

export interface Source {
  row: Equipment;
  typeCode: string | null;
  costCentreCode: string | null;
  allocations: { allocation: typeof allocations.$inferSelect; productCode: string }[];
}

/** One copy to write: the equipment's create input and its allocations' (without the new equipment id yet). */
export interface PlannedCopy {
  sourceId: string;
  equipment: Record<string, unknown>;
  allocations: Record<string, unknown>[];
}

interface Target {
  accountId: number;
  accountName: string;
  store: { id: string; code: string; name: string };
  sameAccount: boolean;
}

/**
 * Works out what a copy creates (CopyPlan, for the preview and the result) and the inputs to
 * create it with. Pure apart from the reads of the target account.
 */
export async function planCopy(
  repo: ReturnType<typeof copyRepository>,
  sources: Source[],
  t: Target,
  onClash: 'suffix' | 'skip',
) {
  // One after the other: inside the copy's transaction they share one connection.
  const types = await repo.codeMap('types', t.accountId);
  const centres = await repo.codeMap('costCentres', t.accountId);
  const productIds = await repo.codeMap('products', t.accountId);
  const extraKeys = await repo.extraKeys(t.accountId);
  const usedFleet = await repo.fleetNosLike(
    t.accountId,
    sources.map((s) => s.row.fleetNo),
  );
  const usedRegs = await repo.registrationsIn(
    t.accountId,
    sources.map((s) => s.row.registration).filter((r): r is string => !!r),
  );
  const missing = { equipmentTypes: new Set<string>(), costCentres: new Set<string>(), products: new Set<string>() };
  const items: CopyItemPlan[] = [];
  const copies: PlannedCopy[] = [];

  for (const s of sources) {
    const e = s.row;
    const notes: string[] = [];
    let name: string | null = e.fleetNo;
    if (usedFleet.has(name.toLowerCase())) {
      if (onClash === 'skip') {
        notes.push(`Fleet no. ${e.fleetNo} is already in use at the target`);
        name = null;
      } else {
        let n = 2;
        while (usedFleet.has(`${e.fleetNo}-${n}`.toLowerCase())) n++;
        name = `${e.fleetNo}-${n}`;
        notes.push(`Fleet no. ${e.fleetNo} is in use: copied as ${name}`);
      }
    }
    if (name === null) {
      items.push({
        sourceId: e.id,
        fleetNo: e.fleetNo,
        newFleetNo: null,
        action: 'skip',
        notes,
        allocations: s.allocations.map((a) => ({
          sourceId: a.allocation.id,
          productCode: a.productCode,
          action: 'skip',
          reason: 'The equipment is skipped',
        })),
      });
      continue;
    }
    usedFleet.add(name.toLowerCase());

    let registration = e.registration;
    if (registration && usedRegs.has(registration.toLowerCase())) {
      notes.push(`Registration ${registration} is in use at the target: left empty`);
      registration = null;
    } else if (registration) usedRegs.add(registration.toLowerCase());

    const typeId = s.typeCode ? (types.get(s.typeCode.toLowerCase()) ?? null) : null;
    if (s.typeCode && !typeId) {
      missing.equipmentTypes.add(s.typeCode);
      notes.push(
        `Equipment type ${s.typeCode} is not in the target account: meter type and tank capacity kept, type left empty`,
      );
    }
    const costCentreId = s.costCentreCode ? (centres.get(s.costCentreCode.toLowerCase()) ?? null) : null;
    if (s.costCentreCode && !costCentreId) {
      missing.costCentres.add(s.costCentreCode);
      notes.push(`Cost centre ${s.costCentreCode} is not in the target account: left empty`);
    }
    if (e.tags.length) notes.push('Tags are not copied (a tag names one holder)');
    const extras = Object.fromEntries(Object.entries(e.extras).filter(([k]) => t.sameAccount || extraKeys.has(k)));
    const dropped = Object.keys(e.extras).filter((k) => !(k in extras));
    if (dropped.length) notes.push(`Extras not defined in the target account dropped: ${dropped.join(', ')}`);

    const allocationPlans: CopyItemPlan['allocations'] = [];
    const allocationInputs: Record<string, unknown>[] = [];
    const products = new Set<string>();
    for (const { allocation: a, productCode } of s.allocations) {
      const productId = productIds.get(productCode.toLowerCase());
      let reason: string | null = null;
      if (!productId) {
        missing.products.add(productCode);
        reason = `Product ${productCode} is not in the target account`;
      } else if (products.has(productId)) {
        // All copied allocations move to the one target store: one per product.
        reason = `Another ${productCode} allocation of this equipment already comes along`;
      }
      allocationPlans.push({ sourceId: a.id, productCode, action: reason ? 'skip' : 'create', reason });
      if (reason) continue;
      products.add(productId!);
      allocationInputs.push({
        productId,
        storeId: t.store.id,
        dailyLimit: a.dailyLimit,
        monthlyLimit: a.monthlyLimit,
        weekdays: a.weekdays,
        hoursFrom: a.hoursFrom,
        hoursTo: a.hoursTo,
        maxPerTransaction: a.maxPerTransaction,
        active: a.active,
        note: a.note,
      });
    }
    items.push({
      sourceId: e.id,
      fleetNo: e.fleetNo,
      newFleetNo: name,
      action: 'create',
      notes,
      allocations: allocationPlans,
    });
    copies.push({
      sourceId: e.id,
      equipment: {
        fleetNo: name,
        registration,
        description: e.description,
        typeId,
        costCentreId,
        // Without its type the copy keeps the meter type and tank capacity the type gave it.
        meterType: e.meterType ?? (typeId ? null : e.effectiveMeterType),
        hasMeter: e.hasMeter ?? (typeId ? null : e.effectiveHasMeter),
        tankCapacity: e.tankCapacity ?? (typeId ? null : e.effectiveTankCapacity),
        currentMeter: e.currentMeter,
        tags: [],
        homeStoreId: t.store.id,
        fams24Enabled: e.fams24Enabled,
        pinRequired: e.pinRequired,
        odometerRequired: e.odometerRequired,
        active: e.active,
        extras,
      },
      allocations: allocationInputs,
    });
  }

  const plan: CopyPlan = {
    targetAccount: { id: t.accountId, name: t.accountName },
    targetStore: t.store,
    items,
    missing: {
      equipmentTypes: [...missing.equipmentTypes],
      costCentres: [...missing.costCentres],
      products: [...missing.products],
    },
    summary: {
      equipment: copies.length,
      skipped: items.length - copies.length,
      allocations: copies.reduce((n, c) => n + c.allocations.length, 0),
      allocationsSkipped: items.reduce((n, i) => n + i.allocations.filter((a) => a.action === 'skip').length, 0),
    },
  };
  return { plan, copies };
}
