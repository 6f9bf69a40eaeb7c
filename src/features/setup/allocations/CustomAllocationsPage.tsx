import type { RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, WEEKDAY_NAMES, type Allocation, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { AllocationForm, allocationLabel } from './AllocationForm';
import { limitText, useAllocationFilters } from './AllocationsPage';

const days = (w: number[] | null) =>
  w === null
    ? 'Every day'
    : [1, 2, 3, 4, 5, 6, 0]
        .filter((d) => w.includes(d))
        .map((d) => WEEKDAY_NAMES[d].slice(0, 3))
        .join(', ');

const columns: ListColumn<Allocation>[] = specColumns(SETUP_COLUMNS.customAllocations, {
  storeName: { cell: (a) => a.storeName ?? 'Any store' },
  weekdays: { cell: (a) => days(a.weekdays) },
  hoursFrom: { cell: (a) => (a.hoursFrom ? `${a.hoursFrom}–${a.hoursTo}` : 'All day') },
  maxPerTransaction: { cell: (a) => (a.maxPerTransaction === null ? 'No limit' : limitText(a.maxPerTransaction)) },
});

const ConditionsForm = (props: RecordFormProps<Allocation>) => <AllocationForm {...props} conditions />;

/** `/customAlloc`: the extra conditions of each allocation (weekdays, hours, max per transaction). */
export function CustomAllocationsPage() {
  return (
    <ResourceScreen
      client={clients.allocations}
      info={{ ...SETUP_RESOURCES.allocations, screen: '/customAlloc', title: 'Custom allocation' }}
      noun="allocation"
      plural="allocations"
      columns={columns}
      filters={useAllocationFilters()}
      rowLabel={allocationLabel}
      Form={ConditionsForm}
      formSize="lg"
      creatable={false}
      deletable={false}
    />
  );
}
