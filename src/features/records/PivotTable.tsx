import { Table, Text } from '@chakra-ui/react';
import { DIMENSION_LABELS, MEASURE_LABELS, type PivotResult } from '@/contract/records';
import { count, litresFixed as litres, money } from '@/lib/format';

const fmt = (p: PivotResult) => (v: number | null) =>
  v === null ? '' : p.measure === 'litres' ? litres(v) : p.measure === 'cost' ? money(v) : count(v);

/**
 * The pivot grid: row headers stick to the left when it scrolls sideways on a phone; the last
 * column and the last row are the totals (computed by the database, not re-added here).
 */
export function PivotTable({ pivot }: { pivot: PivotResult }) {
  const f = fmt(pivot);
  const sticky = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bg: 'bg',
    boxShadow: '1px 0 0 var(--chakra-colors-border)',
  } as const;
  const rowName = DIMENSION_LABELS[pivot.rowDimension];
  const caption = `${MEASURE_LABELS[pivot.measure]} by ${rowName.toLowerCase()}${pivot.colDimension ? ` and ${DIMENSION_LABELS[pivot.colDimension].toLowerCase()}` : ''}`;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg" maxH="70vh">
      <Table.Root size="sm" stickyHeader showColumnBorder>
        <caption>
          <Text srOnly>{caption}</Text>
        </caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader {...sticky} bg="bg.subtle" zIndex={2}>
              {rowName}
            </Table.ColumnHeader>
            {pivot.cols.map((c) => (
              <Table.ColumnHeader key={c.key ?? 'none'} textAlign="end" whiteSpace="nowrap">
                {c.label}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end" fontWeight="bold">
              Total
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {pivot.rows.map((r, i) => (
            <Table.Row key={r.key ?? 'none'}>
              <Table.ColumnHeader
                scope="row"
                {...sticky}
                fontWeight="medium"
                whiteSpace="nowrap"
                maxW={{ base: '36', md: 'xs' }}
                truncate
                title={r.label}
              >
                {r.label}
              </Table.ColumnHeader>
              {pivot.cols.map((c, j) => (
                <Table.Cell key={c.key ?? 'none'} textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {f(pivot.cells[i][j])}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="end" fontWeight="semibold" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {f(pivot.rowTotals[i])}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader scope="row" {...sticky} bg="bg.subtle" fontWeight="bold">
              Total
            </Table.ColumnHeader>
            {pivot.colTotals.map((v, j) => (
              <Table.Cell
                key={j}
                textAlign="end"
                fontWeight="semibold"
                fontVariantNumeric="tabular-nums"
                whiteSpace="nowrap"
              >
                {f(v)}
              </Table.Cell>
            ))}
            <Table.Cell
              textAlign="end"
              fontWeight="bold"
              fontVariantNumeric="tabular-nums"
              whiteSpace="nowrap"
              data-testid="pivot-grand-total"
            >
              {f(pivot.grand)}
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}
