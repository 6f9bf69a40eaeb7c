import {
  AllocationRow,
  AssetAllocationRow,
  AssetRow,
  CostCentreRow,
  EmployeeRow,
  EquipmentExtraRow,
  EquipmentRow,
  EquipmentTypeRow,
  F24RuleRow,
  ProductPriceRow,
  ProductRow,
  SETUP_LISTS,
  SETUP_RESOURCES,
  StoreRow,
  TankRow,
} from '@/contract/setup';
import { resourceClient } from '@/lib/resource';

/** One api client per setup endpoint (src/contract/setup/resources.ts). */
export const clients = {
  stores: resourceClient(SETUP_RESOURCES.stores.path, StoreRow),
  products: resourceClient(SETUP_RESOURCES.products.path, ProductRow),
  productPrices: resourceClient(SETUP_RESOURCES.productPrices.path, ProductPriceRow),
  tanks: resourceClient(SETUP_RESOURCES.tanks.path, TankRow),
  costCentres: resourceClient(SETUP_RESOURCES.costCentres.path, CostCentreRow),
  equipmentTypes: resourceClient(SETUP_RESOURCES.equipmentTypes.path, EquipmentTypeRow),
  equipmentExtras: resourceClient(SETUP_RESOURCES.equipmentExtras.path, EquipmentExtraRow),
  equipment: resourceClient(SETUP_RESOURCES.equipment.path, EquipmentRow),
  equipmentFams24: resourceClient(SETUP_LISTS.equipmentFams24.path, EquipmentRow),
  employees: resourceClient(SETUP_RESOURCES.employees.path, EmployeeRow),
  employeesFams24: resourceClient(SETUP_LISTS.employeesFams24.path, EmployeeRow),
  allocations: resourceClient(SETUP_RESOURCES.allocations.path, AllocationRow),
  assets: resourceClient(SETUP_RESOURCES.assets.path, AssetRow),
  assetAllocations: resourceClient(SETUP_LISTS.assetAllocations.path, AssetAllocationRow),
  f24Rules: resourceClient(SETUP_RESOURCES.f24Rules.path, F24RuleRow),
};
