import { and, eq, isNull, sql } from 'drizzle-orm';
import { ASSET_STATUSES, AssetCreate, AssetRow, AssetUpdate, type Asset } from '../../../src/contract/setup/assets';
import { SETUP_RESOURCES } from '../../../src/contract/setup/resources';
import { assetAllocations, assets as t, costCentres, equipment, stores } from '../../db/schema';
import { defineResource, filter, metaOf } from '../../lib/resource';
import { screenRules } from './rules';

export const assetsResource = defineResource({
  info: SETUP_RESOURCES.assets,
  table: t,
  rules: screenRules('/EquipmentAssets'),
  schemas: { create: AssetCreate, update: AssetUpdate, row: AssetRow },
  extra: {
    equipmentFleetNo: sql<
      string | null
    >`(select ${equipment.fleetNo} from ${equipment} where ${equipment.id} = ${t.equipmentId})`,
    costCentreName: sql<
      string | null
    >`(select ${costCentres.code} || ' ' || ${costCentres.name} from ${costCentres} where ${costCentres.id} = ${t.costCentreId})`,
    storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${t.storeId})`,
  },
  search: [t.assetNo, t.erpId, t.description],
  sort: { assetNo: sql`lower(${t.assetNo})`, erpId: sql`lower(${t.erpId})`, status: t.status },
  filters: {
    status: filter.oneOf(t.status, ASSET_STATUSES),
    equipmentId: filter.uuid(t.equipmentId),
    costCentreId: filter.uuid(t.costCentreId),
    storeId: filter.uuid(t.storeId),
  },
  label: sql`${t.assetNo} || coalesce(' ' || nullif(${t.description}, ''), '')`,
  unique: { assets_asset_no_uq: { field: 'assetNo', message: 'Another asset already has this asset no.' } },
  references: [
    { field: 'equipmentId', target: equipment, label: 'equipment', constraint: 'assets_equipment_fk' },
    { field: 'costCentreId', target: costCentres, label: 'cost centre', constraint: 'assets_cost_centre_fk' },
    { field: 'storeId', target: stores, label: 'store', constraint: 'assets_store_fk' },
  ],
  toRow: (r): Asset => ({
    ...metaOf(r),
    assetNo: r.assetNo,
    erpId: r.erpId,
    status: r.status,
    equipmentId: r.equipmentId,
    equipmentFleetNo: r.equipmentFleetNo,
    description: r.description,
    costCentreId: r.costCentreId,
    costCentreName: r.costCentreName,
    storeId: r.storeId,
    storeName: r.storeName,
  }),
  toValues: (i) => ({
    assetNo: i.assetNo,
    erpId: i.erpId,
    status: i.status,
    equipmentId: i.equipmentId,
    description: i.description,
    costCentreId: i.costCentreId,
    storeId: i.storeId,
  }),
  /** Every new asset, and every change of its cost centre or store, opens a period in the history. */
  async afterWrite(tx, { action, actor, before, after }) {
    const moved =
      action === 'create' ||
      (action === 'update' &&
        before &&
        (before.costCentreId !== after.costCentreId || before.storeId !== after.storeId));
    if (!moved) return;
    await tx
      .update(assetAllocations)
      .set({ validTo: sql`now()` })
      .where(
        and(
          eq(assetAllocations.accountId, actor.accountId),
          eq(assetAllocations.assetId, after.id),
          isNull(assetAllocations.validTo),
        ),
      );
    await tx.insert(assetAllocations).values({
      accountId: actor.accountId,
      assetId: after.id,
      costCentreId: after.costCentreId,
      storeId: after.storeId,
      changedBy: actor.userId,
    });
  },
});
