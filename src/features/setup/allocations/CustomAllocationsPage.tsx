import type { RecordFormProps } from '@/app/ui/form/useRecordForm';
import type { ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, WEEKDAY_NAMES, type Allocation } from '@/contract/setup';
import { clients } from '../clients';
import { AllocationForm, allocationLabel } from './AllocationForm';
import { allocationBaseColumns, useAllocationFilters } from './AllocationsPage';
import { litresExact } from '@/lib/format';

const days = (w: number[] | null) => (w === null ? 'Every day' : [1, 2, 3, 4, 5, 6, 0].filter((d) => w.includes(d)).map((d) => WEEKDAY_NAMES[d].slice(0, 3)).join(', '));

const columns: ListColumn<Allocation>[] = [
  ...allocationBaseColumns,
  { id: 'weekdays', header: 'Weekdays', cell: (a) => days(a.weekdays) },
  { id: 'hoursFrom', header: 'Hours', cell: (a) => (a.hoursFrom ? `${a.hoursFrom}–${a.hoursTo}` : 'All day') },
  { id: 'maxPerTransaction', header: 'Max per transaction', numeric: true, cell: (a) => (a.maxPerTransaction === null ? 'No limit' : litresExact(a.maxPerTransaction)) },
];

const ConditionsForm = (props: RecordFormProps<Allocation>) => <AllocationForm {...props} conditions />;

/** `/customAlloc`: the extra conditions of each allocation (weekdays, hours, max per transaction). */
export function CustomAllocationsPage() {
  return (
    <ResourceScreen client={clients.allocations} info={{ ...SETUP_RESOURCES.allocations, screen: '/customAlloc', title: 'Custom allocation' }}
      noun="allocation" plural="allocations" columns={columns} filters={useAllocationFilters()} rowLabel={allocationLabel}
      Form={ConditionsForm} formSize="lg" creatable={false} deletable={false} />
  );
}
