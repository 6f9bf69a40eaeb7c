import { Box, Flex, Table, Text } from '@chakra-ui/react';
import type { SeriesResponse } from '@/contract/views';
import { NUMERIC_CELLS } from './format';
import { litresTenth as litres } from '@/lib/format';
import { colourOf, drawnSeries, MAX_DRAWN, OTHER_KEY } from './series';

const GROUP_NOUN = { store: 'Store', tank: 'Tank', product: 'Product' } as const;

/**
 * The chart's legend as a table of the figures: one row per series with its colour, its total
 * (flows) or latest level, and its share. Every series is listed, also those drawn as "Other".
 */
export function SeriesLegend({ data }: { data: SeriesResponse }) {
  const levels = data.metric === 'levels';
  const drawn = drawnSeries(data.series);
  const colour = new Map(drawn.map((s, i) => [s.key, colourOf(s, i)]));
  const other = colour.get(OTHER_KEY);
  const sum = data.series.reduce((n, s) => n + s.total, 0);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" css={NUMERIC_CELLS}>
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2">
          {levels ? 'Latest level in the period' : 'Total over the period'}
          {data.series.length > MAX_DRAWN &&
            ` · the chart draws the ${MAX_DRAWN - 1} largest and sums the rest as “Other”`}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{GROUP_NOUN[data.groupBy]}</Table.ColumnHeader>
            <Table.ColumnHeader data-num="">{levels ? 'Latest' : 'Litres'}</Table.ColumnHeader>
            {!levels && <Table.ColumnHeader data-num="">Share</Table.ColumnHeader>}
            <Table.ColumnHeader data-num="">
              {data.interval === 'day' ? 'Days' : data.interval === 'week' ? 'Weeks' : 'Months'} with data
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.series.map((s) => (
            <Table.Row key={s.key}>
              <Table.Cell>
                <Flex align="center" gap="2">
                  <Box aria-hidden flexShrink={0} w="3" h="3" rounded="sm" bg={colour.get(s.key) ?? other} />
                  <Text>{s.label}</Text>
                </Flex>
              </Table.Cell>
              <Table.Cell data-num="">{litres(s.total)}</Table.Cell>
              {!levels && (
                <Table.Cell data-num="">{sum ? `${Math.round((s.total / sum) * 1000) / 10} %` : '—'}</Table.Cell>
              )}
              <Table.Cell data-num="">{s.points.length}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        {!levels && data.series.length > 1 && (
          <Table.Footer>
            <Table.Row fontWeight="semibold">
              <Table.Cell>All</Table.Cell>
              <Table.Cell data-num="">{litres(sum)}</Table.Cell>
              <Table.Cell data-num="">100 %</Table.Cell>
              <Table.Cell />
            </Table.Row>
          </Table.Footer>
        )}
      </Table.Root>
    </Box>
  );
}
