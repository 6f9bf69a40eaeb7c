import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import { sql } from 'drizzle-orm';
import { AssetAllocationRow, type AssetAllocation } from '../../../src/contract/setup/assets';
import { SETUP_LISTS } from '../../../src/contract/setup/resources';
import { API_ROOT } from '../../../src/contract/constants';
import type { DbOrTx } from '../../db/client';
import { assetAllocations as h, assets, costCentres, stores, users } from '../../db/schema';
import { filter, iso, specList, type ListEndpoint, type ListSpec } from '../../lib/resource';
import { screenRules } from './rules';

const assetNo = sql<string | null>`(select ${assets.assetNo} from ${assets} where ${assets.id} = ${h.assetId})`;

/** `/AllocationAssets`: the history of assets' cost centre and store (written by the assets resource). */
const spec: ListSpec = {
  from: h,
  fields: {
    id: h.id,
    assetId: h.assetId,
    assetNo,
    costCentreId: h.costCentreId,
    costCentreName: sql<
      string | null
    >`(select ${costCentres.code} || ' ' || ${costCentres.name} from ${costCentres} where ${costCentres.id} = ${h.costCentreId})`,
    storeId: h.storeId,
    storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${h.storeId})`,
    validFrom: h.validFrom,
    validTo: h.validTo,
    changedBy: h.changedBy,
    changedByName: sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${h.changedBy})`,
  },
  scope: (a) => sql`${h.accountId} = ${a.accountId}`,
  id: h.id,
  search: [assetNo],
  sort: { validFrom: h.validFrom, validTo: h.validTo, assetNo: sql`lower(${assetNo})` },
  defaultSort: SETUP_LISTS.assetAllocations.defaultSort,
  filters: {
    assetId: filter.uuid(h.assetId, false),
    costCentreId: filter.uuid(h.costCentreId),
    storeId: filter.uuid(h.storeId),
    current: filter.custom((v) =>
      v.length === 1 && ['true', 'false'].includes(v[0])
        ? v[0] === 'true'
          ? sql`${h.validTo} is null`
          : sql`${h.validTo} is not null`
        : { error: 'Use true or false' },
    ),
  } satisfies Record<(typeof SETUP_LISTS.assetAllocations.filters)[number], unknown>,
};

type Raw = Omit<AssetAllocation, 'validFrom' | 'validTo'> & { validFrom: Date; validTo: Date | null };

export function assetAllocationsEndpoint(db: DbOrTx): ListEndpoint<AssetAllocation> {
  const info = SETUP_LISTS.assetAllocations;
  return {
    url: `${API_ROOT}${info.path}`,
    rule: screenRules(info.screen).read,
    row: AssetAllocationRow,
    fileBase: info.path.slice(1),
    title: info.title,
    columns: SETUP_COLUMNS.assetAllocations,
    ...specList<Raw, AssetAllocation>(db, spec, (r) => ({
      id: r.id,
      assetId: r.assetId,
      assetNo: r.assetNo,
      costCentreId: r.costCentreId,
      costCentreName: r.costCentreName,
      storeId: r.storeId,
      storeName: r.storeName,
      validFrom: iso(r.validFrom),
      validTo: iso(r.validTo),
      changedBy: r.changedBy,
      changedByName: r.changedByName,
    })),
  };
}
