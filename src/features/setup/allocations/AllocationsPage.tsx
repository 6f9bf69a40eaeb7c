import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { ALLOCATION_SUBJECTS, SETUP_RESOURCES, type Allocation, SETUP_COLUMNS } from '@/contract/setup';
import { LITRES_DECIMALS } from '@/contract/columns';
import { formatFixed } from '@/lib/format';
import { clients } from '../clients';
import { enumOptions, referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { AllocationForm, allocationLabel } from './AllocationForm';
import { SUBJECT_LABELS } from './SubjectPicker';

/** A limit as the allocation screens show it. */
export const limitText = (v: number | null) => (v === null ? 'No limit' : `${formatFixed(v, LITRES_DECIMALS)} L`);

const columns: ListColumn<Allocation>[] = specColumns(SETUP_COLUMNS.allocations, {
  storeName: { cell: (a) => a.storeName ?? 'Any store' },
  dailyLimit: { cell: (a) => limitText(a.dailyLimit) },
  monthlyLimit: { cell: (a) => limitText(a.monthlyLimit) },
});

export function useAllocationFilters() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return [
    { field: 'subjectType', label: 'For', options: enumOptions(ALLOCATION_SUBJECTS, SUBJECT_LABELS) },
    f.productId,
    f.storeId,
    f.active,
  ];
}

/** `/Allocation`: who or what may draw which product where, with daily and monthly limits. */
export function AllocationsPage() {
  return (
    <ResourceScreen
      client={clients.allocations}
      info={SETUP_RESOURCES.allocations}
      noun="allocation"
      plural="allocations"
      columns={columns}
      filters={useAllocationFilters()}
      rowLabel={allocationLabel}
      Form={AllocationForm}
      formSize="lg"
    />
  );
}
