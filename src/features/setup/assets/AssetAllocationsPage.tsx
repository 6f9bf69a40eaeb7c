import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { SETUP_LISTS, type AssetAllocation, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { referenceFilters, YES_NO } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

const columns: ListColumn<AssetAllocation>[] = specColumns(SETUP_COLUMNS.assetAllocations, {
  validTo: { cell: (a) => (a.validTo ? formatDateTime(a.validTo) : 'Current') },
});

/** `/AllocationAssets`: read-only history of each asset's cost centre and store. */
export function AssetAllocationsPage() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return (
    <ListView
      client={clients.assetAllocations}
      info={SETUP_LISTS.assetAllocations}
      noun="asset allocation"
      plural="asset allocations"
      columns={columns}
      filters={[f.costCentreId, f.storeId, { field: 'current', label: 'Current', options: YES_NO }]}
      rowLabel={(a) => a.assetNo ?? a.id}
      canWrite={false}
      deletable={false}
    />
  );
}
