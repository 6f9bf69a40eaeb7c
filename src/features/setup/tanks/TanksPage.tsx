import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, type Tank, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { TankForm } from './TankForm';

const columns: ListColumn<Tank>[] = specColumns(SETUP_COLUMNS.tanks, {
  strappingChart: { cell: (t) => (t.strappingChart ? `${t.strappingChart.length} rows` : '—') },
});

/** `/Tank`: tanks of every store with their strapping charts. */
export function TanksPage() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return (
    <ResourceScreen
      client={clients.tanks}
      info={SETUP_RESOURCES.tanks}
      noun="tank"
      plural="tanks"
      columns={columns}
      filters={[f.storeId, f.productId]}
      rowLabel={(t) => t.code}
      Form={TankForm}
      formSize="lg"
    />
  );
}
