import { useMemo } from 'react';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import type { ReferenceData } from '@/contract/setup';
import { equipmentLabel, type Option, productOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

/**
 * Options of the views' store, tank, product and equipment filters, from the account's reference
 * data (the same cached call the setup screens use; every signed-in user may read it).
 */

/** Equipment matching the typed text (fleet no. or registration), at most 50, for the type-ahead. */
export function equipmentMatches(ref: ReferenceData | undefined, q: string): Option[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return (ref?.equipment ?? [])
    .filter((e) =>
      words.every((w) => `${e.fleetNo} ${e.registration ?? ''} ${e.description}`.toLowerCase().includes(w)),
    )
    .slice(0, 50)
    .map((e) => ({ value: e.id, label: equipmentLabel(e) }));
}

export function useViewOptions(storeId?: string) {
  const ref = useReference();
  const data = ref.data;
  return useMemo(
    () => ({
      ref: data,
      stores: storeOptions(data),
      products: productOptions(data),
      tanks: tankOptions(data, storeId),
      filters: {
        store: { field: 'storeId', label: 'Store', options: storeOptions(data) },
        tank: { field: 'tankId', label: 'Tank', options: tankOptions(data, storeId) },
        product: { field: 'productId', label: 'Product', options: productOptions(data) },
      } satisfies Record<string, FilterSpec>,
    }),
    [data, storeId],
  );
}
