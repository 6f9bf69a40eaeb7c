import type { FilterOption, FilterSpec } from '@/app/ui/list/ListToolbar';
import { costCentreOptions, enumOptions, productOptions, storeOptions, useReference, YES_NO } from '@/features/setup/reference';
import type { ReferenceData } from '@/contract/setup';

/**
 * The options of the record screens' filters and the correction form's selects, from the
 * account's reference data (`GET /reference`, which every signed-in user may read; the setup
 * lists themselves are for managers).
 */
type Ref = ReferenceData | undefined;

export function tankOptions(ref: Ref, storeId?: string): FilterOption[] {
  const store = new Map((ref?.stores ?? []).map((s) => [s.id, s.code]));
  return (ref?.tanks ?? []).filter((t) => !storeId || t.storeId === storeId)
    .map((t) => ({ value: t.id, label: `${store.get(t.storeId) ?? '?'} / ${t.code} — ${t.name}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
export const equipmentOptions = (ref: Ref): FilterOption[] => (ref?.equipment ?? [])
  .map((e) => ({ value: e.id, label: e.registration ? `${e.fleetNo} (${e.registration})` : e.fleetNo }))
  .sort((a, b) => a.label.localeCompare(b.label));
export const employeeOptions = (ref: Ref): FilterOption[] => (ref?.employees ?? [])
  .map((e) => ({ value: e.id, label: `${e.number} ${e.name}` })).sort((a, b) => a.label.localeCompare(b.label));

export { costCentreOptions, enumOptions, productOptions, storeOptions, useReference, YES_NO };

const date = (field: 'from' | 'to', label: string): FilterSpec => ({ field, label, kind: 'date' });
export const DATE_FILTERS = [date('from', 'From'), date('to', 'To')];

export function dispenseFilters(ref: Ref): FilterSpec[] {
  return [
    ...DATE_FILTERS,
    { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    { field: 'tankId', label: 'Tank', options: tankOptions(ref) },
    { field: 'productId', label: 'Product', options: productOptions(ref) },
    { field: 'equipmentId', label: 'Equipment', options: equipmentOptions(ref) },
    { field: 'employeeId', label: 'Employee', options: [{ value: 'null', label: 'No employee' }, ...employeeOptions(ref)] },
    { field: 'costCentreId', label: 'Cost centre', options: costCentreOptions(ref) },
    { field: 'variant', label: 'Variant', options: enumOptions(['FAMS', 'FAMS24']) },
    { field: 'hasException', label: 'Exceptions', options: YES_NO },
    { field: 'status', label: 'Status', options: enumOptions(['active', 'reversed', 'reversal'], { active: 'Standing', reversed: 'Reversed', reversal: 'Reversal' }) },
  ];
}
