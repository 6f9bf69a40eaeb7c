import { Badge, Box, Progress, Text } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import { ListView } from '@/app/ui/list/ListView';
import { RECORD_LISTS, type AllocationUsageRow } from '@/contract/records';
import { RECORD_COLUMNS, SUBJECT_LABELS } from '@/contract/record-columns';
import { recordClients } from './client';
import { enumOptions, productOptions, storeOptions, YES_NO } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { percent } from './format';
import { litresFixed as litres } from '@/lib/format';

const info = RECORD_LISTS.allocations;
const label = (a: AllocationUsageRow) => `${a.subjectLabel ?? '?'} · ${a.productCode ?? '?'}`;

/** Used against a limit: the figure, a bar (red over the limit) and the percentage. */
function Used({ used, limit, pct }: { used: number; limit: number | null; pct: number | null }) {
  return (
    <Box minW="36">
      <Text as="span" fontVariantNumeric="tabular-nums">
        {litres(used)}
        {limit !== null && (
          <Text as="span" color="fg.muted">
            {' '}
            / {litres(limit)}
          </Text>
        )}
      </Text>
      {pct !== null && (
        <Progress.Root
          size="xs"
          value={Math.min(pct, 100)}
          colorPalette={pct > 100 ? 'red' : pct > 80 ? 'orange' : 'green'}
          mt="1"
          aria-label={`${percent(pct)} of the limit`}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Box>
  );
}

const columns: ListColumn<AllocationUsageRow>[] = specColumns(RECORD_COLUMNS.allocations, {
  storeCode: { cell: (a) => a.storeCode ?? 'Any store' },
  usedToday: { cell: (a) => <Used used={a.usedToday} limit={a.dailyLimit} pct={a.dailyPct} /> },
  usedThisMonth: { cell: (a) => <Used used={a.usedThisMonth} limit={a.monthlyLimit} pct={a.monthlyPct} /> },
  overLimit: {
    cell: (a) =>
      a.overLimit ? (
        <Badge colorPalette="red">Over</Badge>
      ) : (
        <Badge colorPalette="green" variant="subtle">
          Within
        </Badge>
      ),
  },
});

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
    {
      field: 'subjectType',
      label: 'Kind',
      options: enumOptions(['equipment', 'employee', 'costCentre'], SUBJECT_LABELS),
    },
    { field: 'overLimit', label: 'Over limit', options: YES_NO },
    { field: 'active', label: 'Active', options: YES_NO },
  ];
  return (
    <>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Litres each allocation’s equipment, employee or cost centre drew of its product on the day and in its month
        (store time), as the dispense check counts them. Corrections net out.
      </Text>
      <ListView
        client={recordClients.allocations}
        info={info}
        noun="allocation"
        plural="allocations"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
      />
    </>
  );
}
