import { Badge, Button, Flex } from '@chakra-ui/react';
import type { ColumnVisibility, ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import type { DailyRow, RecordKind } from '@/contract/balancing';
import { dayName, percent } from './format';
import { litresFigure as litres } from '@/lib/format';
import { VarianceText } from './MonthTable';
import { useSorted } from './useSorted';

/** One figure of one day, to open the records behind it. */
export interface Drill {
  day: string;
  kind: RecordKind;
}

const KIND_LABEL: Record<RecordKind, string> = {
  receipts: 'Receipts',
  dispensed: 'Dispenses',
  transfersOut: 'Transfers out',
  transfersIn: 'Transfers in',
  readings: 'Readings',
};
export const kindLabel = (k: RecordKind) => KIND_LABEL[k];

/** A figure as a link-like button: the records (or readings) that make it up. */
function Figure({ value, label, onClick }: { value: string; label: string; onClick: () => void }) {
  return (
    <Button
      variant="plain"
      size="sm"
      p="0"
      h="auto"
      minW="0"
      fontWeight="normal"
      textDecoration="underline dotted"
      textUnderlineOffset="3px"
      colorPalette="blue"
      onClick={onClick}
      aria-label={label}
    >
      {value}
    </Button>
  );
}

/** The daily table's columns (Opening and the closings open the day's readings). */
export function dailyColumns(tank: string, open: (d: Drill) => void): ListColumn<DailyRow>[] {
  const figure =
    (kind: RecordKind, field: keyof DailyRow, sign = '') =>
    (r: DailyRow) => {
      const v = r[field] as number | null;
      if (v === null) return '—';
      if (kind !== 'readings' && v === 0) return litres(0);
      const value = `${sign}${litres(v)}`;
      // The name starts with the figure shown, so speech and voice control find the button by what is on screen.
      return (
        <Figure
          value={value}
          label={`${value} L, ${kindLabel(kind)} of ${tank} on ${r.day}`}
          onClick={() => open({ day: r.day, kind })}
        />
      );
    };
  return [
    { id: 'day', header: 'Day', cell: (r) => dayName(r.day) },
    {
      id: 'opening',
      header: 'Opening',
      numeric: true,
      cell: (r) => (
        <Flex gap="1" justify="end" align="center">
          {r.openingSource === 'book' && (
            <Badge size="sm" colorPalette="orange" title="No reading closed the previous day: the book stock is used">
              book
            </Badge>
          )}
          {litres(r.opening)}
        </Flex>
      ),
    },
    { id: 'receipts', header: '+ Receipts', numeric: true, cell: figure('receipts', 'receipts') },
    { id: 'dispensed', header: '− Dispensed', numeric: true, cell: figure('dispensed', 'dispensed') },
    { id: 'transfersOut', header: '− Transf. out', numeric: true, cell: figure('transfersOut', 'transfersOut') },
    { id: 'transfersIn', header: '+ Transf. in', numeric: true, cell: figure('transfersIn', 'transfersIn') },
    { id: 'bookClosing', header: 'Book closing', numeric: true, cell: (r) => litres(r.bookClosing) },
    { id: 'measuredClosing', header: 'Measured', numeric: true, cell: figure('readings', 'measuredClosing') },
    {
      id: 'variance',
      header: 'Variance',
      numeric: true,
      cell: (r) => <VarianceText value={r.variance} danger={false} />,
    },
    { id: 'variancePct', header: 'Var. %', numeric: true, cell: (r) => percent(r.variancePct) },
    {
      id: 'cumulativeVariance',
      header: 'Cumulative',
      numeric: true,
      cell: (r) => <VarianceText value={r.cumulativeVariance} danger={false} />,
    },
  ];
}

/** Day and the variances sort (find the worst days); the other headers stay narrow so a month fits a laptop screen. */
const SORTABLE = ['day', 'variance', 'variancePct', 'cumulativeVariance'];

interface Props {
  rows: DailyRow[] | undefined;
  columns: ListColumn<DailyRow>[];
  visibility: ColumnVisibility;
  loading: boolean;
  caption: string;
}

/** Per day: opening, + receipts, − dispensed, ± transfers, book vs measured closing, variance. */
export function DailyTable({ rows, columns, visibility, loading, caption }: Props) {
  const { sort, setSort, sorted } = useSorted(rows, 'day');
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={sorted}
      rowId={(r) => r.day}
      sortable={SORTABLE}
      sort={sort}
      onSort={setSort}
      visibility={visibility}
      total={sorted.length}
      pageSize={Math.max(1, sorted.length)}
      loading={loading}
    />
  );
}
