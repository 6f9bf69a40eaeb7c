import type { ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, type Tank } from '@/contract/setup';
import { clients } from '../clients';
import { referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { TankForm } from './TankForm';

const columns: ListColumn<Tank>[] = [
  { id: 'code', header: 'Code' },
  { id: 'name', header: 'Name' },
  { id: 'storeCode', header: 'Store' },
  { id: 'productName', header: 'Product' },
  { id: 'capacity', header: 'Capacity (L)', numeric: true },
  { id: 'safeFill', header: 'Safe fill (L)', numeric: true },
  { id: 'lowLevel', header: 'Low level (L)', numeric: true },
  { id: 'gaugeProbeId', header: 'Gauge probe', hidden: true },
  { id: 'strappingChart', header: 'Chart rows', numeric: true, cell: (t) => t.strappingChart?.length ?? '—' },
  { id: 'updatedAt', header: 'Updated', hidden: true },
];

/** `/Tank`: tanks of every store with their strapping charts. */
export function TanksPage() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return (
    <ResourceScreen client={clients.tanks} info={SETUP_RESOURCES.tanks} noun="tank" plural="tanks"
      columns={columns} filters={[f.storeId, f.productId]} rowLabel={(t) => t.code} Form={TankForm} formSize="lg" />
  );
}
