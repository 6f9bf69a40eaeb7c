import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import type { ReferenceData } from '@/contract/setup';
import {
  costCentreOptions,
  employeeOptions,
  enumOptions,
  equipmentOptions,
  productOptions,
  storeOptions,
  tankOptions,
  YES_NO,
} from '@/lib/reference/labels';

/**
 * The record screens' filters, with options from the account's reference data (`GET /reference`,
 * which every signed-in user may read; the setup lists themselves are for managers).
 */
type Ref = ReferenceData | undefined;

const date = (field: 'from' | 'to', label: string): FilterSpec => ({ field, label, kind: 'date' });
export const DATE_FILTERS = [date('from', 'From'), date('to', 'To')];

export function dispenseFilters(ref: Ref): FilterSpec[] {
  return [
    ...DATE_FILTERS,
    { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    { field: 'tankId', label: 'Tank', options: tankOptions(ref) },
    { field: 'productId', label: 'Product', options: productOptions(ref) },
    { field: 'equipmentId', label: 'Equipment', options: equipmentOptions(ref) },
    {
      field: 'employeeId',
      label: 'Employee',
      options: [{ value: 'null', label: 'No employee' }, ...employeeOptions(ref)],
    },
    { field: 'costCentreId', label: 'Cost centre', options: costCentreOptions(ref) },
    { field: 'variant', label: 'Variant', options: enumOptions(['FAMS', 'FAMS24']) },
    { field: 'hasException', label: 'Exceptions', options: YES_NO },
    {
      field: 'status',
      label: 'Status',
      options: enumOptions(['active', 'reversed', 'reversal'], {
        active: 'Standing',
        reversed: 'Reversed',
        reversal: 'Reversal',
      }),
    },
  ];
}
