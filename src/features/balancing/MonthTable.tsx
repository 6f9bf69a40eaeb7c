import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import type { ColumnVisibility, ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import type { MonthlyRow } from '@/contract/balancing';
import type { LeakRow } from '@/contract/leak-test';
import { percent, signedLitres } from './format';
import { litresFigure as litres } from '@/lib/format';
import { LeakBadge } from './LeakBadge';
import { useSorted } from './useSorted';

export type MonthRow = MonthlyRow & { tank: string; status: number; leak?: LeakRow };

/** Flagged first when sorting by status, then month-to-date flags, then the rest. */
const statusRank = (r: MonthlyRow) =>
  r.flagged ? (r.complete ? 0 : 1) : r.days > 0 && r.daysWithoutReading === r.days ? 2 : 3;
export const toMonthRows = (rows: MonthlyRow[], leaks: LeakRow[] = []): MonthRow[] => {
  const leakOf = new Map(leaks.map((l) => [l.tankId, l]));
  return rows.map((r) => ({
    ...r,
    tank: `${r.storeCode} ${r.tankCode}`,
    status: statusRank(r),
    leak: leakOf.get(r.tankId),
  }));
};

export function StatusBadge({
  row,
}: {
  row: Pick<MonthlyRow, 'flagged' | 'complete' | 'days' | 'daysWithoutReading'>;
}) {
  if (row.flagged) {
    // A running month can still come back under: its flag is "so far" (and raises no exception yet).
    return (
      <Badge
        colorPalette="red"
        variant="solid"
        title={row.complete ? undefined : 'Over the allowance so far this month'}
      >
        {row.complete ? 'Over allowance' : 'Over so far'}
      </Badge>
    );
  }
  if (row.days > 0 && row.daysWithoutReading === row.days) return <Badge colorPalette="gray">No readings</Badge>;
  return (
    <Badge colorPalette="green" variant="subtle">
      Within allowance
    </Badge>
  );
}

/** A variance in the danger colour when its tank is over the allowance. */
export function VarianceText({ value, danger }: { value: number | null; danger: boolean }) {
  return (
    <Text as="span" color={danger ? 'fg.error' : undefined} fontWeight={danger ? 'semibold' : undefined}>
      {signedLitres(value)}
    </Text>
  );
}

/** The month table's columns; the less used ones start hidden (the column chooser shows them). */
export function monthColumns(onOpen: (row: MonthRow) => void, openTankId?: string): ListColumn<MonthRow>[] {
  return [
    {
      id: 'tank',
      header: 'Tank',
      cell: (r) => (
        <Button
          variant="plain"
          colorPalette="blue"
          size="sm"
          p="0"
          h="auto"
          minW="0"
          textDecoration="underline"
          onClick={() => onOpen(r)}
          aria-label={`${r.tank}: daily figures`}
          aria-pressed={r.tankId === openTankId}
        >
          <Flex direction="column" align="start" gap="0">
            <Text as="span" fontWeight="semibold">
              {r.tank}
            </Text>
            <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
              {r.storeName}
            </Text>
          </Flex>
        </Button>
      ),
    },
    { id: 'productName', header: 'Product' },
    { id: 'dispensed', header: 'Throughput (L)', numeric: true, cell: (r) => litres(r.dispensed) },
    { id: 'receipts', header: 'Receipts (L)', numeric: true, cell: (r) => litres(r.receipts) },
    { id: 'transfersIn', header: 'Transfers in (L)', numeric: true, hidden: true, cell: (r) => litres(r.transfersIn) },
    {
      id: 'transfersOut',
      header: 'Transfers out (L)',
      numeric: true,
      hidden: true,
      cell: (r) => litres(r.transfersOut),
    },
    { id: 'opening', header: 'Opening (L)', numeric: true, hidden: true, cell: (r) => litres(r.opening) },
    { id: 'bookClosing', header: 'Book closing (L)', numeric: true, hidden: true, cell: (r) => litres(r.bookClosing) },
    {
      id: 'measuredClosing',
      header: 'Measured closing (L)',
      numeric: true,
      hidden: true,
      cell: (r) => litres(r.measuredClosing),
    },
    {
      id: 'variance',
      header: 'Variance (L)',
      numeric: true,
      cell: (r) => <VarianceText value={r.variance} danger={r.flagged} />,
    },
    { id: 'variancePct', header: 'Variance %', numeric: true, cell: (r) => percent(r.variancePct) },
    { id: 'threshold', header: 'Allowance (L)', numeric: true, cell: (r) => `±${litres(r.threshold)}` },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge row={r} /> },
    { id: 'leak', header: 'Leak test', cell: (r) => <LeakBadge leak={r.leak} /> },
  ];
}

interface Props {
  rows: MonthRow[] | undefined;
  columns: ListColumn<MonthRow>[];
  visibility: ColumnVisibility;
  loading: boolean;
}

/** The month per tank: throughput, receipts, variance against the allowance, and the flag. */
export function MonthTable({ rows, columns, visibility, loading }: Props) {
  const { sort, setSort, sorted } = useSorted(rows, 'status');
  return (
    <DataTable
      caption="Month per tank"
      columns={columns}
      rows={sorted}
      rowId={(r) => r.tankId}
      sortable={columns.map((c) => c.id)}
      sort={sort}
      onSort={setSort}
      visibility={visibility}
      total={sorted.length}
      pageSize={Math.max(1, sorted.length)}
      loading={loading}
    />
  );
}
