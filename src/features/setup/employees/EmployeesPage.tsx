import { Badge } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, type Employee } from '@/contract/setup';
import { clients } from '../clients';
import { referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { EmployeeForm, employeeLabel } from './EmployeeForm';

const expired = (d: string | null) => !!d && d < new Date().toISOString().slice(0, 10);

export const employeeColumns: ListColumn<Employee>[] = [
  { id: 'number', header: 'Number' },
  { id: 'name', header: 'Name' },
  { id: 'costCentreName', header: 'Cost centre' },
  { id: 'tag', header: 'Tag' },
  { id: 'hasPin', header: 'PIN', cell: (e) => (e.hasPin ? 'Set' : '—') },
  {
    id: 'licenceExpiry', header: 'Licence expiry',
    cell: (e) => (e.licenceExpiry ? <>{e.licenceExpiry}{expired(e.licenceExpiry) && <Badge ms="2" colorPalette="red">Expired</Badge>}</> : '—'),
  },
  { id: 'storeIds', header: 'Stores', cell: (e) => (e.storeIds.length ? `${e.storeIds.length} stores` : 'All stores') },
  { id: 'fams24Enabled', header: 'FAMS24', hidden: true },
  { id: 'active', header: 'Active' },
];

export function useEmployeeFilters() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return [f.costCentreId, f.storeId, f.active, f.fams24Enabled, { field: 'tag', label: 'Tag', kind: 'text' as const }];
}

/** `/Employee`: drivers and attendants. */
export function EmployeesPage() {
  return (
    <ResourceScreen client={clients.employees} info={SETUP_RESOURCES.employees} noun="employee" plural="employees"
      columns={employeeColumns} filters={useEmployeeFilters()} rowLabel={employeeLabel} Form={EmployeeForm} formSize="lg" />
  );
}
