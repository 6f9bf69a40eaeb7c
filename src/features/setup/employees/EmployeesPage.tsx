import { Badge } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, type Employee, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { EmployeeForm, employeeLabel } from './EmployeeForm';

const expired = (d: string | null) => !!d && d < new Date().toISOString().slice(0, 10);

export const employeeColumns: ListColumn<Employee>[] = specColumns(SETUP_COLUMNS.employees, {
  hasPin: { cell: (e) => (e.hasPin ? 'Set' : '—') },
  licenceExpiry: {
    cell: (e) =>
      e.licenceExpiry ? (
        <>
          {e.licenceExpiry}
          {expired(e.licenceExpiry) && (
            <Badge ms="2" colorPalette="red">
              Expired
            </Badge>
          )}
        </>
      ) : (
        '—'
      ),
  },
  storeIds: { cell: (e) => (e.storeIds.length ? `${e.storeIds.length} stores` : 'All stores') },
});

export function useEmployeeFilters() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return [f.costCentreId, f.storeId, f.active, f.fams24Enabled, { field: 'tag', label: 'Tag', kind: 'text' as const }];
}

/** `/Employee`: drivers and attendants. */
export function EmployeesPage() {
  return (
    <ResourceScreen
      client={clients.employees}
      info={SETUP_RESOURCES.employees}
      noun="employee"
      plural="employees"
      columns={employeeColumns}
      filters={useEmployeeFilters()}
      rowLabel={employeeLabel}
      Form={EmployeeForm}
      formSize="lg"
    />
  );
}
