import { useQuery } from '@tanstack/react-query';
import type { FilterOption, FilterSpec } from '@/app/ui/list/ListToolbar';
import { REFERENCE_PATH, ReferenceData } from '@/contract/setup';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/**
 * The account's reference data (`GET /api/v1/reference`, every signed-in user): the options of
 * the store, product, cost centre and equipment type selects and filters.
 */
export function useReference() {
  return useQuery({
    queryKey: ['reference'],
    queryFn: ({ signal }) => api.get(relative(REFERENCE_PATH), ReferenceData, { signal, quiet: true }),
    staleTime: 60_000,
  });
}

type Ref = ReferenceData | undefined;
const coded = (rows: readonly { id: string; code: string; name: string }[] | undefined): FilterOption[] =>
  (rows ?? []).map((r) => ({ value: r.id, label: `${r.code} — ${r.name}` }));

export const storeOptions = (ref: Ref) => coded(ref?.stores);
export const productOptions = (ref: Ref) => coded(ref?.products);
export const costCentreOptions = (ref: Ref) => coded(ref?.costCentres);
export const typeOptions = (ref: Ref): FilterOption[] =>
  (ref?.equipmentTypes ?? []).map((t) => ({ value: t.id, label: `${t.code} — ${t.make} ${t.model}` }));

/** Options from a list of codes: the value is the code, the label reads it. */
export const enumOptions = (values: readonly string[], labels: Record<string, string> = {}): FilterOption[] =>
  values.map((v) => ({ value: v, label: labels[v] ?? v }));

export const YES_NO: FilterOption[] = [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];

/** The filters of the contract that have known options, as the filter bar shows them. */
export function referenceFilters(ref: Ref): Record<string, FilterSpec> {
  return {
    storeId: { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    homeStoreId: { field: 'homeStoreId', label: 'Home store', options: storeOptions(ref) },
    productId: { field: 'productId', label: 'Product', options: productOptions(ref) },
    costCentreId: { field: 'costCentreId', label: 'Cost centre', options: costCentreOptions(ref) },
    typeId: { field: 'typeId', label: 'Type', options: typeOptions(ref) },
    active: { field: 'active', label: 'Active', options: YES_NO },
    fams24Enabled: { field: 'fams24Enabled', label: 'FAMS24', options: YES_NO },
  };
}

/** Name of a referenced row by id, for cells the row does not name itself. */
export function nameOf(rows: readonly { id: string; code: string }[] | undefined, id: string | null): string {
  if (!id) return '—';
  return rows?.find((r) => r.id === id)?.code ?? '—';
}
