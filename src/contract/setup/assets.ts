import { z } from 'zod';
import { code, inputSchemas, nullableText, optionalRef, optionalText, rowMeta } from './fields';

export const ASSET_STATUSES = ['active', 'inactive', 'disposed'] as const;

/** The asset register (`/EquipmentAssets`). */
export const AssetFields = z.strictObject({
  assetNo: code('Asset no.'),
  erpId: nullableText(60),
  status: z.enum(ASSET_STATUSES, { error: 'Choose active, inactive or disposed' }).default('active'),
  equipmentId: optionalRef('equipment'),
  description: optionalText(300),
  costCentreId: optionalRef('cost centre'),
  storeId: optionalRef('store'),
});

export const { create: AssetCreate, update: AssetUpdate } = inputSchemas(AssetFields);
export type AssetCreate = z.input<typeof AssetCreate>;
export type AssetUpdate = z.input<typeof AssetUpdate>;

export const AssetRow = z.object({
  ...rowMeta,
  assetNo: z.string(),
  erpId: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  equipmentId: z.uuid().nullable(),
  equipmentFleetNo: z.string().nullable(),
  description: z.string(),
  costCentreId: z.uuid().nullable(),
  costCentreName: z.string().nullable(),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
});
export type Asset = z.infer<typeof AssetRow>;

/**
 * `/AllocationAssets`: one row per period an asset sat with a cost centre and store. Written by
 * the server whenever an asset is created or its cost centre or store changes; read-only.
 * `validTo` null = current.
 */
export const AssetAllocationRow = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  assetNo: z.string().nullable(),
  costCentreId: z.uuid().nullable(),
  costCentreName: z.string().nullable(),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  changedBy: z.number().int().nullable(),
  changedByName: z.string().nullable(),
});
export type AssetAllocation = z.infer<typeof AssetAllocationRow>;
