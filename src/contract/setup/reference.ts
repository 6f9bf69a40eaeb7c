import { z } from 'zod';
import { AllocationRow } from './allocations';
import { CostCentreRow } from './cost-centres';
import { EmployeeRow } from './employees';
import { EquipmentRow } from './equipment';
import { EquipmentTypeRow, METER_TYPES } from './equipment-types';
import { F24RuleRow } from './f24-rules';
import { ProductRow } from './products';
import { StoreRow } from './stores';
import { TankRow } from './tanks';

/**
 * Everything a field device needs offline, for the account of the token: non-deleted rows only,
 * without audit fields. Employees carry `hasPin` but never a PIN hash or verifier. The response
 * has an ETag; send `If-None-Match` to get 304 when nothing changed.
 */
export const ReferenceData = z.object({
  generatedAt: z.string(),
  stores: z.array(
    StoreRow.pick({
      id: true,
      code: true,
      name: true,
      variant: true,
      timezone: true,
      openingHours: true,
      latitude: true,
      longitude: true,
    }),
  ),
  products: z.array(
    ProductRow.pick({
      id: true,
      code: true,
      name: true,
      kind: true,
      unit: true,
      price: true,
      fuelGroup: true,
      density15: true,
    }),
  ),
  tanks: z.array(
    TankRow.pick({
      id: true,
      storeId: true,
      productId: true,
      code: true,
      name: true,
      capacity: true,
      safeFill: true,
      lowLevel: true,
      strappingChart: true,
    }),
  ),
  costCentres: z.array(CostCentreRow.pick({ id: true, code: true, name: true })),
  equipmentTypes: z.array(
    EquipmentTypeRow.pick({
      id: true,
      code: true,
      make: true,
      model: true,
      tankCapacity: true,
      meterType: true,
      expectedConsumption: true,
    }).extend({ hasMeter: z.boolean().optional() }),
  ),
  /**
   * `meterType`, `hasMeter` and `tankCapacity` are the effective values (own, else the type's).
   * `hasMeter` false: no meter, a fill needs no reading (ADR 076); absent (a cache from before it): fitted.
   */
  equipment: z.array(
    EquipmentRow.pick({
      id: true,
      fleetNo: true,
      registration: true,
      description: true,
      typeId: true,
      costCentreId: true,
      currentMeter: true,
      tags: true,
      homeStoreId: true,
      fams24Enabled: true,
      pinRequired: true,
      odometerRequired: true,
      active: true,
    }).extend({
      meterType: z.enum(METER_TYPES).nullable(),
      hasMeter: z.boolean().optional(),
      tankCapacity: z.number().nullable(),
    }),
  ),
  employees: z.array(
    EmployeeRow.pick({
      id: true,
      number: true,
      name: true,
      hasPin: true,
      tag: true,
      costCentreId: true,
      licenceExpiry: true,
      storeIds: true,
      fams24Enabled: true,
      active: true,
    }).extend({
      /** The user who is this employee (ADR 076): a fill they record is theirs unless another is chosen. */
      userId: z.number().nullable().optional(),
    }),
  ),
  /** Shaped for `checkDispenseAllowed` (AllocationRule). */
  allocations: z.array(
    AllocationRow.pick({
      id: true,
      productId: true,
      storeId: true,
      equipmentId: true,
      employeeId: true,
      costCentreId: true,
      dailyLimit: true,
      monthlyLimit: true,
      weekdays: true,
      hoursFrom: true,
      hoursTo: true,
      maxPerTransaction: true,
      active: true,
    }),
  ),
  f24Rules: z.array(
    F24RuleRow.pick({
      id: true,
      storeId: true,
      maxLitresPerTransaction: true,
      odometerRequired: true,
      maxOdometerJumpKm: true,
      maxHoursJump: true,
      allowedFrom: true,
      allowedTo: true,
      minMinutesBetweenFills: true,
    }),
  ),
  /**
   * The account's exception rules a dispense is judged by (ADR 032), so the device warns offline as
   * the server will raise. Optional: a device's cache from before it existed means the defaults.
   */
  dispenseRules: z
    .object({
      capacityOvershootPct: z.number(),
      workingFrom: z.string().nullable(),
      workingTo: z.string().nullable(),
    })
    .optional(),
});
export type ReferenceData = z.infer<typeof ReferenceData>;
