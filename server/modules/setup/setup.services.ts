import type { SetupResourceName } from '../../../src/contract/setup/resources';
import type { Db } from '../../db/client';
import { resourceService, type AnyResourceDef } from '../../lib/resource';
import { allocationsResource } from './allocations.resource';
import { assetsResource } from './assets.resource';
import { costCentresResource } from './cost-centres.resource';
import { employeesResource } from './employees.resource';
import { equipmentExtrasResource } from './equipment-extras.resource';
import { equipmentTypesResource } from './equipment-types.resource';
import { equipmentResource } from './equipment.resource';
import { f24RulesResource } from './f24-rules.resource';
import { productPricesResource } from './product-prices.resource';
import { productsResource } from './products.resource';
import { storesResource } from './stores.resource';
import { tanksResource } from './tanks.resource';

/** Every setup resource, by the name used in src/contract/setup/resources.ts. */
export const SETUP_DEFS = {
  stores: storesResource,
  products: productsResource,
  productPrices: productPricesResource,
  tanks: tanksResource,
  costCentres: costCentresResource,
  equipmentTypes: equipmentTypesResource,
  equipmentExtras: equipmentExtrasResource,
  equipment: equipmentResource,
  employees: employeesResource,
  allocations: allocationsResource,
  assets: assetsResource,
  f24Rules: f24RulesResource,
} satisfies Record<SetupResourceName, AnyResourceDef>;

/**
 * The services of all setup resources. Other modules (imports, equipment copy) write master data
 * through these, so validation, uniqueness, tags, history and audit stay in one place; pass
 * `{ tx }` to run a write inside your own transaction.
 */
export function setupServices(db: Db) {
  return {
    stores: resourceService(db, storesResource),
    products: resourceService(db, productsResource),
    productPrices: resourceService(db, productPricesResource),
    tanks: resourceService(db, tanksResource),
    costCentres: resourceService(db, costCentresResource),
    equipmentTypes: resourceService(db, equipmentTypesResource),
    equipmentExtras: resourceService(db, equipmentExtrasResource),
    equipment: resourceService(db, equipmentResource),
    employees: resourceService(db, employeesResource),
    allocations: resourceService(db, allocationsResource),
    assets: resourceService(db, assetsResource),
    f24Rules: resourceService(db, f24RulesResource),
  } satisfies Record<SetupResourceName, unknown>;
}
export type SetupServices = ReturnType<typeof setupServices>;
