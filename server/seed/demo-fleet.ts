import {
  allocations,
  assetAllocations,
  assets,
  costCentres,
  employees,
  equipment,
  equipmentExtras,
  equipmentTypes,
  f24Rules,
  products,
  stores,
  tagOwners,
  tanks,
} from '../db/schema';
import { FIRST_NAMES, LAST_NAMES, type DemoAccountSetup } from './demo-catalogue';
import { prng } from './prng';
import { cylinderChart } from './strapping';

/** Seeded rows are written by the system user (id 1). */
const SYSTEM = 1;
const OPEN_6_TO_6 = [
  null,
  ...Array.from({ length: 5 }, () => ({ open: '06:00', close: '18:00' })),
  { open: '07:00', close: '12:00' },
];

type Ins<T extends { $inferInsert: unknown }> = T['$inferInsert'];
export interface FleetRows {
  stores: Ins<typeof stores>[];
  products: Ins<typeof products>[];
  tanks: Ins<typeof tanks>[];
  costCentres: Ins<typeof costCentres>[];
  equipmentTypes: Ins<typeof equipmentTypes>[];
  equipmentExtras: Ins<typeof equipmentExtras>[];
  equipment: Ins<typeof equipment>[];
  /** `pin` is plain here; the seed hashes it. */
  employees: (Ins<typeof employees> & { pin: string })[];
  tagOwners: Ins<typeof tagOwners>[];
  allocations: Ins<typeof allocations>[];
  f24Rules: Ins<typeof f24Rules>[];
  assets: Ins<typeof assets>[];
  assetAllocations: Ins<typeof assetAllocations>[];
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A realistic fleet for one demo account, the same on every run for the same seed. */
export function demoFleet(accountId: number, s: DemoAccountSetup, seed: number): FleetRows {
  const r = prng(seed);
  const base = { accountId, createdBy: SYSTEM, updatedBy: SYSTEM };
  const storeRows = s.stores.map((x) => ({
    ...base,
    id: r.uuid(),
    code: x.code,
    name: x.name,
    variant: x.variant,
    address: x.address,
    latitude: x.lat,
    longitude: x.lng,
    timezone: s.timezone,
    openingHours: x.variant === 'FAMS' ? OPEN_6_TO_6 : null,
  }));
  const storeId = new Map(storeRows.map((x) => [x.code, x.id]));
  const productRows = s.products.map((p) => ({ ...base, id: r.uuid(), ...p, unit: 'L' }));
  const productId = new Map(productRows.map((x) => [x.code, x.id]));
  const tankRows = s.tanks.map((t) => ({
    ...base,
    id: r.uuid(),
    storeId: storeId.get(t.store)!,
    productId: productId.get(t.product)!,
    code: t.code,
    name: `${t.store} ${s.products.find((p) => p.code === t.product)!.name}`,
    capacity: t.capacity,
    safeFill: Math.round(t.capacity * 0.95),
    lowLevel: Math.round(t.capacity * 0.15),
    gaugeProbeId: t.probe ?? null,
    strappingChart: cylinderChart(t.capacity),
  }));
  const ccRows = s.costCentres.map(([code, name]) => ({
    ...base,
    id: r.uuid(),
    code,
    name,
    description: `${name} cost centre`,
  }));
  const typeRows = s.types.map((t) => ({
    ...base,
    id: r.uuid(),
    code: t.code,
    make: t.make,
    model: t.model,
    tankCapacity: t.tank,
    meterType: t.meter,
    expectedConsumption: t.consumption,
  }));
  const extraRows = [
    { key: 'ownership', label: 'Ownership', type: 'text' as const, required: false },
    { key: 'insuranceExpiry', label: 'Insurance expiry', type: 'date' as const, required: false },
    { key: 'gpsTracker', label: 'GPS tracker fitted', type: 'boolean' as const, required: false },
  ].map((x) => ({ ...base, id: r.uuid(), ...x }));

  const usedTags = new Set<string>();
  const newTag = () => {
    let t = r.hex(10);
    while (usedTags.has(t)) t = r.hex(10);
    usedTags.add(t);
    return t;
  };
  const usedRegs = new Set<string>();
  const newReg = () => {
    const letters = 'BCDFGHJKLMNPRSTVWXYZ';
    let reg = '';
    do reg = `${Array.from({ length: 3 }, () => r.pick([...letters])).join('')} ${r.int(100, 999)} ${s.regSuffix}`;
    while (usedRegs.has(reg));
    usedRegs.add(reg);
    return reg;
  };

  const tagRows: FleetRows['tagOwners'] = [];
  const equipmentRows = Array.from({ length: s.equipment }, (_, i) => {
    const ti = r.int(0, s.types.length - 1);
    const type = s.types[ti];
    const road = type.meter === 'km';
    const truck = road && type.tank >= 200;
    const id = r.uuid();
    const tags = r.chance(0.75) ? [newTag(), ...(r.chance(0.07) ? [newTag()] : [])] : [];
    for (const tag of tags) tagRows.push({ accountId, tag, ownerKind: 'equipment', ownerId: id });
    const fams24 = truck && r.chance(0.6);
    return {
      ...base,
      id,
      fleetNo: `${s.fleetPrefix}-${String(i + 1).padStart(4, '0')}`,
      registration: road ? newReg() : null,
      description: `${type.make} ${type.model}`,
      typeId: typeRows[ti].id,
      costCentreId: r.pick(ccRows).id,
      meterType: null,
      hasMeter: null as boolean | null,
      currentMeter: (road ? r.int(5_000, 900_000) : r.int(100, 20_000)) as number | null,
      tankCapacity: truck && r.chance(0.1) ? type.tank + 300 : null,
      tags,
      homeStoreId: r.pick(storeRows).id,
      fams24Enabled: fams24,
      pinRequired: fams24 && r.chance(0.3),
      odometerRequired: fams24 && road,
      active: r.chance(0.95),
      extras: {
        ownership: r.pick(['Owned', 'Leased', 'Rented']),
        insuranceExpiry: iso(r.int(2025, 2027), r.int(1, 12), r.int(1, 28)),
        gpsTracker: r.chance(0.7),
      },
    };
  });

  // ADR 076: two generators without an hour meter, so the demo has fills that need no reading. Chosen after the
  // draws (the stream is unchanged), among generators whose old reading covers the demo year, so the year plans
  // the same fills for them (without a reading).
  const generator = typeRows.find((t) => t.code === 'AC-QAS100');
  equipmentRows
    .filter((e) => generator && e.typeId === generator.id && e.active && (e.currentMeter ?? 0) >= 10_000)
    .slice(0, 2)
    .forEach((e) => {
      e.hasMeter = false;
      e.currentMeter = null;
    });

  const employeeRows = Array.from({ length: s.employees }, (_, i) => {
    const n = s.employeeStart + i;
    const id = r.uuid();
    const tag = r.chance(0.6) ? newTag() : null;
    if (tag) tagRows.push({ accountId, tag, ownerKind: 'employee', ownerId: id });
    return {
      ...base,
      id,
      number: `E${String(n).padStart(4, '0')}`,
      name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
      // Demo PIN: the last four digits of the employee number (E1001 → 1001), see README.
      pin: String(n).padStart(4, '0').slice(-4),
      tag,
      costCentreId: r.pick(ccRows).id,
      licenceExpiry: iso(r.int(2025, 2028), r.int(1, 12), r.int(1, 28)),
      storeIds: r.chance(0.7) ? [] : [...new Set([r.pick(storeRows).id, r.pick(storeRows).id])],
      fams24Enabled: r.chance(0.5),
      active: r.chance(0.95),
    };
  });

  const allocationRows: FleetRows['allocations'] = [];
  equipmentRows.forEach((e, i) => {
    const type = s.types.find((t) => t.code === typeRows.find((x) => x.id === e.typeId)!.code)!;
    if (!e.active) return;
    const tank = e.tankCapacity ?? type.tank;
    const custom = r.chance(0.25);
    allocationRows.push({
      ...base,
      id: r.uuid(),
      productId: productId.get(type.fuel) ?? productId.get('DSL50')!,
      equipmentId: e.id,
      dailyLimit: Math.round(tank * 1.5),
      monthlyLimit: Math.round(tank * 1.5) * 22,
      weekdays: custom ? [1, 2, 3, 4, 5] : null,
      hoursFrom: custom ? '05:00' : null,
      hoursTo: custom ? '20:00' : null,
      maxPerTransaction: custom ? tank : null,
      note: custom ? 'Weekdays, day shift only' : '',
    });
    if (e.fams24Enabled && productId.has('ADBLUE') && i % 2 === 0) {
      allocationRows.push({
        ...base,
        id: r.uuid(),
        productId: productId.get('ADBLUE')!,
        equipmentId: e.id,
        dailyLimit: 80,
        monthlyLimit: 1_500,
      });
    }
  });
  for (const cc of ccRows) {
    allocationRows.push({
      ...base,
      id: r.uuid(),
      productId: productId.get('DSL50')!,
      costCentreId: cc.id,
      monthlyLimit: 60_000,
      note: 'Cost centre budget',
    });
  }
  const lubeStore = storeRows.find((x) => x.variant === 'FAMS')!;
  if (productId.has('LUBE')) {
    for (const em of employeeRows.filter((_, i) => i % 5 === 0)) {
      allocationRows.push({
        ...base,
        id: r.uuid(),
        productId: productId.get('LUBE')!,
        storeId: lubeStore.id,
        employeeId: em.id,
        dailyLimit: 20,
        monthlyLimit: 100,
      });
    }
  }

  const f24Rows: FleetRows['f24Rules'] = [
    {
      ...base,
      id: r.uuid(),
      storeId: null,
      maxLitresPerTransaction: 800,
      odometerRequired: false,
      maxOdometerJumpKm: 2_000,
      maxHoursJump: 24,
      minMinutesBetweenFills: 30,
    },
    ...storeRows
      .filter((x) => x.variant === 'FAMS24')
      .map((x, i) => ({
        ...base,
        id: r.uuid(),
        storeId: x.id,
        maxLitresPerTransaction: 1_000,
        odometerRequired: true,
        maxOdometerJumpKm: 1_500,
        maxHoursJump: 20,
        allowedFrom: i === 0 ? null : '04:00',
        allowedTo: i === 0 ? null : '22:00',
        minMinutesBetweenFills: 60,
      })),
  ];

  const assetRows: FleetRows['assets'] = [];
  const historyRows: FleetRows['assetAllocations'] = [];
  equipmentRows
    .filter((e) => e.registration === null)
    .forEach((e, i) => {
      const id = r.uuid();
      assetRows.push({
        ...base,
        id,
        assetNo: `A-${s.fleetPrefix}${String(10_001 + i)}`,
        erpId: `SAP-${r.int(4_000_000, 4_999_999)}`,
        status: e.active ? 'active' : 'inactive',
        equipmentId: e.id,
        description: e.description,
        costCentreId: e.costCentreId,
        storeId: e.homeStoreId,
      });
      const moved = r.chance(0.3);
      if (moved) {
        historyRows.push({
          accountId,
          assetId: id,
          costCentreId: r.pick(ccRows).id,
          storeId: r.pick(storeRows).id,
          validFrom: new Date('2023-03-01T00:00:00Z'),
          validTo: new Date('2024-07-01T00:00:00Z'),
          changedBy: SYSTEM,
        });
      }
      historyRows.push({
        accountId,
        assetId: id,
        costCentreId: e.costCentreId,
        storeId: e.homeStoreId,
        validFrom: new Date(moved ? '2024-07-01T00:00:00Z' : '2023-03-01T00:00:00Z'),
        validTo: null,
        changedBy: SYSTEM,
      });
    });

  return {
    stores: storeRows,
    products: productRows,
    tanks: tankRows,
    costCentres: ccRows,
    equipmentTypes: typeRows,
    equipmentExtras: extraRows,
    equipment: equipmentRows,
    employees: employeeRows,
    tagOwners: tagRows,
    allocations: allocationRows,
    f24Rules: f24Rows,
    assets: assetRows,
    assetAllocations: historyRows,
  };
}
