import type { MasterImportTarget } from '../../../../src/contract/imports';
import { allocationsTarget } from './allocations.target';
import { equipmentTarget, employeesTarget } from './fleet.target';
import { costCentresTarget, storesTarget, tanksTarget } from './sites.target';
import type { TargetDef } from './types';

/**
 * Every master-data import target (history records: ../records/targets.ts); the fields match
 * IMPORT_TARGET_INFO in src/contract/imports.ts (a unit test checks).
 */
export const TARGETS: Record<MasterImportTarget, TargetDef> = {
  stores: storesTarget,
  tanks: tanksTarget,
  equipment: equipmentTarget,
  employees: employeesTarget,
  costCentres: costCentresTarget,
  allocations: allocationsTarget,
};
export type { FieldSpec, TargetDef, Resolver, RefKind, WriteService } from './types';
