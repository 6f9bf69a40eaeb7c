import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { SETUP_RESOURCES, STORE_VARIANTS, WEEKDAY_NAMES, type Store, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { enumOptions } from '@/lib/reference/labels';
import { StoreForm } from './StoreForm';

/** "Mon–Fri 06:00–18:00, Sat 07:00–12:00" style summary of a week. */
export function hoursSummary(hours: Store['openingHours']): string {
  if (hours === null) return 'Always open';
  const parts: string[] = [];
  const order = [1, 2, 3, 4, 5, 6, 0];
  let i = 0;
  while (i < order.length) {
    const slot = hours[order[i]];
    let j = i;
    while (j + 1 < order.length && JSON.stringify(hours[order[j + 1]]) === JSON.stringify(slot)) j++;
    if (slot) {
      const days =
        i === j
          ? WEEKDAY_NAMES[order[i]].slice(0, 3)
          : `${WEEKDAY_NAMES[order[i]].slice(0, 3)}–${WEEKDAY_NAMES[order[j]].slice(0, 3)}`;
      parts.push(`${days} ${slot.open}–${slot.close}`);
    }
    i = j + 1;
  }
  return parts.length ? parts.join(', ') : 'Closed';
}

const columns: ListColumn<Store>[] = specColumns(SETUP_COLUMNS.stores, {
  openingHours: { cell: (s) => hoursSummary(s.openingHours) },
});

const filters = [
  { field: 'variant', label: 'Variant', options: enumOptions(STORE_VARIANTS) },
  { field: 'timezone', label: 'Time zone', kind: 'text' as const },
];

/** `/Store`: the account's stores (sites). */
export function StoresPage() {
  return (
    <ResourceScreen
      client={clients.stores}
      info={SETUP_RESOURCES.stores}
      noun="store"
      plural="stores"
      columns={columns}
      filters={filters}
      rowLabel={(s) => s.code}
      Form={StoreForm}
      formSize="lg"
    />
  );
}
