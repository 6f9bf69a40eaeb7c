import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  allocations,
  costCentres,
  employees,
  equipment,
  equipmentTypes,
  f24Rules,
  products,
  stores,
  tanks,
} from '../../db/schema';
import { exceptionRulesRepository } from '../exceptions/rules.repository';

const live = (t: { accountId: AnyPgColumn; deletedAt: AnyPgColumn }, accountId: number): SQL =>
  and(eq(t.accountId, accountId), isNull(t.deletedAt))!;

/** Reads the account's live reference data for field devices (reference.routes.ts). */
export function referenceRepository(db: DbOrTx) {
  return {
    async load(accountId: number) {
      const [st, pr, tk, cc, et, eq_, em, al, fr, rules] = await Promise.all([
        db
          .select({
            id: stores.id,
            code: stores.code,
            name: stores.name,
            variant: stores.variant,
            timezone: stores.timezone,
            openingHours: stores.openingHours,
            latitude: stores.latitude,
            longitude: stores.longitude,
          })
          .from(stores)
          .where(live(stores, accountId))
          .orderBy(stores.code),
        db
          .select({
            id: products.id,
            code: products.code,
            name: products.name,
            kind: products.kind,
            unit: products.unit,
            price: products.price,
            fuelGroup: products.fuelGroup,
            density15: products.density15,
          })
          .from(products)
          .where(live(products, accountId))
          .orderBy(products.code),
        db
          .select({
            id: tanks.id,
            storeId: tanks.storeId,
            productId: tanks.productId,
            code: tanks.code,
            name: tanks.name,
            capacity: tanks.capacity,
            safeFill: tanks.safeFill,
            lowLevel: tanks.lowLevel,
            strappingChart: tanks.strappingChart,
          })
          .from(tanks)
          .where(live(tanks, accountId))
          .orderBy(tanks.code),
        db
          .select({ id: costCentres.id, code: costCentres.code, name: costCentres.name })
          .from(costCentres)
          .where(live(costCentres, accountId))
          .orderBy(costCentres.code),
        db
          .select({
            id: equipmentTypes.id,
            code: equipmentTypes.code,
            make: equipmentTypes.make,
            model: equipmentTypes.model,
            tankCapacity: equipmentTypes.tankCapacity,
            meterType: equipmentTypes.meterType,
            hasMeter: equipmentTypes.hasMeter,
            expectedConsumption: equipmentTypes.expectedConsumption,
          })
          .from(equipmentTypes)
          .where(live(equipmentTypes, accountId))
          .orderBy(equipmentTypes.code),
        db
          .select({
            id: equipment.id,
            fleetNo: equipment.fleetNo,
            registration: equipment.registration,
            description: equipment.description,
            typeId: equipment.typeId,
            costCentreId: equipment.costCentreId,
            currentMeter: equipment.currentMeter,
            tags: equipment.tags,
            homeStoreId: equipment.homeStoreId,
            fams24Enabled: equipment.fams24Enabled,
            pinRequired: equipment.pinRequired,
            odometerRequired: equipment.odometerRequired,
            active: equipment.active,
            meterType: sql<'km' | 'hours' | null>`coalesce(${equipment.meterType}, ${equipmentTypes.meterType})`,
            hasMeter: sql<boolean>`coalesce(${equipment.hasMeter}, ${equipmentTypes.hasMeter}, true)`,
            tankCapacity: sql<string | null>`coalesce(${equipment.tankCapacity}, ${equipmentTypes.tankCapacity})`,
          })
          .from(equipment)
          .leftJoin(
            equipmentTypes,
            and(eq(equipmentTypes.accountId, equipment.accountId), eq(equipmentTypes.id, equipment.typeId)),
          )
          .where(live(equipment, accountId))
          .orderBy(equipment.fleetNo),
        db
          .select({
            id: employees.id,
            number: employees.number,
            name: employees.name,
            hasPin: sql<boolean>`${employees.pinHash} is not null`,
            tag: employees.tag,
            costCentreId: employees.costCentreId,
            licenceExpiry: employees.licenceExpiry,
            storeIds: employees.storeIds,
            fams24Enabled: employees.fams24Enabled,
            active: employees.active,
            userId: employees.userId,
          })
          .from(employees)
          .where(live(employees, accountId))
          .orderBy(employees.number),
        db
          .select({
            id: allocations.id,
            productId: allocations.productId,
            storeId: allocations.storeId,
            equipmentId: allocations.equipmentId,
            employeeId: allocations.employeeId,
            costCentreId: allocations.costCentreId,
            dailyLimit: allocations.dailyLimit,
            monthlyLimit: allocations.monthlyLimit,
            weekdays: allocations.weekdays,
            hoursFrom: allocations.hoursFrom,
            hoursTo: allocations.hoursTo,
            maxPerTransaction: allocations.maxPerTransaction,
            active: allocations.active,
          })
          .from(allocations)
          .where(live(allocations, accountId))
          .orderBy(allocations.id),
        db
          .select({
            id: f24Rules.id,
            storeId: f24Rules.storeId,
            maxLitresPerTransaction: f24Rules.maxLitresPerTransaction,
            odometerRequired: f24Rules.odometerRequired,
            maxOdometerJumpKm: f24Rules.maxOdometerJumpKm,
            maxHoursJump: f24Rules.maxHoursJump,
            allowedFrom: f24Rules.allowedFrom,
            allowedTo: f24Rules.allowedTo,
            minMinutesBetweenFills: f24Rules.minMinutesBetweenFills,
          })
          .from(f24Rules)
          .where(live(f24Rules, accountId))
          .orderBy(f24Rules.id),
        exceptionRulesRepository(db).rulesFor(accountId),
      ]);
      return {
        stores: st,
        products: pr,
        tanks: tk,
        costCentres: cc,
        equipmentTypes: et,
        equipment: eq_.map((e) => ({ ...e, tankCapacity: e.tankCapacity === null ? null : Number(e.tankCapacity) })),
        employees: em,
        allocations: al,
        f24Rules: fr,
        dispenseRules: {
          capacityOvershootPct: rules.capacityOvershootPct,
          workingFrom: rules.workingFrom,
          workingTo: rules.workingTo,
        },
      };
    },
  };
}
