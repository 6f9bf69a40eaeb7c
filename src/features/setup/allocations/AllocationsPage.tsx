import type { ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { ALLOCATION_SUBJECTS, SETUP_RESOURCES, type Allocation } from '@/contract/setup';
import { clients } from '../clients';
import { enumOptions, referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { AllocationForm, allocationLabel } from './AllocationForm';
import { SUBJECT_LABELS } from './SubjectPicker';
import { litresExact } from '@/lib/format';

const litres = (v: number | null) => (v === null ? 'No limit' : litresExact(v));

export const allocationBaseColumns: ListColumn<Allocation>[] = [
  { id: 'subjectType', header: 'For', cell: (a) => SUBJECT_LABELS[a.subjectType] },
  { id: 'subjectLabel', header: 'Subject' },
  { id: 'productName', header: 'Product' },
  { id: 'storeName', header: 'Store', cell: (a) => a.storeName ?? 'Any store' },
];

const columns: ListColumn<Allocation>[] = [
  ...allocationBaseColumns,
  { id: 'dailyLimit', header: 'Daily limit', numeric: true, cell: (a) => litres(a.dailyLimit) },
  { id: 'monthlyLimit', header: 'Monthly limit', numeric: true, cell: (a) => litres(a.monthlyLimit) },
  { id: 'active', header: 'Active' },
  { id: 'note', header: 'Note', hidden: true },
];

export function useAllocationFilters() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return [{ field: 'subjectType', label: 'For', options: enumOptions(ALLOCATION_SUBJECTS, SUBJECT_LABELS) }, f.productId, f.storeId, f.active];
}

/** `/Allocation`: who or what may draw which product where, with daily and monthly limits. */
export function AllocationsPage() {
  return (
    <ResourceScreen client={clients.allocations} info={SETUP_RESOURCES.allocations} noun="allocation" plural="allocations"
      columns={columns} filters={useAllocationFilters()} rowLabel={allocationLabel} Form={AllocationForm} formSize="lg" />
  );
}
