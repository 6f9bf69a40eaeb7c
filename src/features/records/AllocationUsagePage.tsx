import { Badge, Box, Progress, Text } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import { ListView } from '@/app/ui/list/ListView';
import { RECORD_LISTS, type AllocationUsageRow } from '@/contract/records';
import { recordClients } from './client';
import { enumOptions, productOptions, storeOptions, YES_NO } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { percent } from './format';
import { litresExact as litres } from '@/lib/format';

const info = RECORD_LISTS.allocations;
const SUBJECTS = { equipment: 'Equipment', employee: 'Employee', costCentre: 'Cost centre' } as const;
const label = (a: AllocationUsageRow) => `${a.subjectLabel ?? '?'} · ${a.productCode ?? '?'}`;

/** Used against a limit: the figure, a bar (red over the limit) and the percentage. */
function Used({ used, limit, pct }: { used: number; limit: number | null; pct: number | null }) {
  return (
    <Box minW="36">
      <Text as="span" fontVariantNumeric="tabular-nums">{litres(used)}{limit !== null && <Text as="span" color="fg.muted"> / {litres(limit)}</Text>}</Text>
      {pct !== null && (
        <Progress.Root size="xs" value={Math.min(pct, 100)} colorPalette={pct > 100 ? 'red' : pct > 80 ? 'orange' : 'green'} mt="1" aria-label={`${percent(pct)} of the limit`}>
          <Progress.Track><Progress.Range /></Progress.Track>
        </Progress.Root>
      )}
    </Box>
  );
}

const columns: ListColumn<AllocationUsageRow>[] = [
  { id: 'subjectLabel', header: 'Allocated to' },
  { id: 'subjectType', header: 'Kind', cell: (a) => SUBJECTS[a.subjectType] },
  { id: 'productCode', header: 'Product' },
  { id: 'storeCode', header: 'Store', cell: (a) => a.storeCode ?? 'Any store' },
  { id: 'usedToday', header: 'Used on the day', cell: (a) => <Used used={a.usedToday} limit={a.dailyLimit} pct={a.dailyPct} /> },
  { id: 'dailyPct', header: '% of daily', numeric: true, cell: (a) => percent(a.dailyPct) },
  { id: 'usedThisMonth', header: 'Used in the month', cell: (a) => <Used used={a.usedThisMonth} limit={a.monthlyLimit} pct={a.monthlyPct} /> },
  { id: 'monthlyPct', header: '% of monthly', numeric: true, cell: (a) => percent(a.monthlyPct) },
  { id: 'overLimit', header: 'Over limit', cell: (a) => (a.overLimit ? <Badge colorPalette="red">Over</Badge> : <Badge colorPalette="green" variant="subtle">Within</Badge>) },
  { id: 'active', header: 'Active', hidden: true },
  { id: 'dailyLimit', header: 'Daily limit', numeric: true, hidden: true },
  { id: 'monthlyLimit', header: 'Monthly limit', numeric: true, hidden: true },
  { id: 'day', header: 'Day', hidden: true },
  { id: 'note', header: 'Note', hidden: true },
];

/**
 * `/FiltersAllocation`: each allocation's use on a day (default today, store time) and in that
 * day's month against its limits, counted as the dispense check counts it.
 */
export function AllocationUsagePage() {
  const { data: ref } = useReference();
  const filters: FilterSpec[] = [
    { field: 'date', label: 'Day', kind: 'date' },
    { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    { field: 'productId', label: 'Product', options: productOptions(ref) },
    { field: 'subjectType', label: 'Kind', options: enumOptions(['equipment', 'employee', 'costCentre'], SUBJECTS) },
    { field: 'overLimit', label: 'Over limit', options: YES_NO },
    { field: 'active', label: 'Active', options: YES_NO },
  ];
  return (
    <>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Litres each allocation’s equipment, employee or cost centre drew of its product on the day and in its month (store time), as the dispense check counts them. Corrections net out.
      </Text>
      <ListView client={recordClients.allocations} info={info} noun="allocation" plural="allocations" columns={columns} filters={filters}
        rowLabel={label} canWrite={false} deletable={false} />
    </>
  );
}
