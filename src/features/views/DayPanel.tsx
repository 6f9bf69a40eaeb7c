import { Badge, Box, Card, CloseButton, Flex, Heading, Stack, Table } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { RECORD_KINDS, VIEWS_LISTS, type DayQuery, type DayRecordRow, type DayResponse } from '@/contract/views';
import { enumOptions } from '@/lib/reference/labels';
import { dayRecordsClient, useDay } from './client';
import { inZone, longDate, NUMERIC_CELLS } from './format';
import { litresTenth as litres } from '@/lib/format';
import { LuChartNoAxesColumn } from 'react-icons/lu';
import { LoadError, Loading, NoData } from '@/app/ui/QueryState';

const KIND_LABEL: Record<string, string> = { dispense: 'Dispense', receipt: 'Receipt', transfer: 'Transfer' };
const KIND_COLOUR: Record<string, string> = { dispense: 'blue', receipt: 'green', transfer: 'orange' };

const columns: ListColumn<DayRecordRow>[] = [
  { id: 'at', header: 'Time', cell: (r) => inZone(r.at, r.timezone) },
  {
    id: 'kind',
    header: 'Kind',
    cell: (r) => (
      <Flex gap="1" wrap="wrap">
        <Badge colorPalette={KIND_COLOUR[r.kind]}>{KIND_LABEL[r.kind]}</Badge>
        {r.reversal && <Badge colorPalette="red">Reversal</Badge>}
      </Flex>
    ),
  },
  { id: 'storeCode', header: 'Store' },
  { id: 'tankCode', header: 'Tank' },
  { id: 'productName', header: 'Product' },
  { id: 'litres', header: 'Litres', numeric: true, cell: (r) => litres(r.litres) },
  { id: 'detail', header: 'Equipment / supplier / to' },
];

const filters = [{ field: 'kind', label: 'Kind', options: enumOptions(RECORD_KINDS, KIND_LABEL) }];

function Summary({ data }: { data: DayResponse }) {
  const cell = (n: number) => <Table.Cell data-num="">{n ? litres(n) : '—'}</Table.Cell>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" css={NUMERIC_CELLS}>
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2">
          By store and product
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Store</Table.ColumnHeader>
            <Table.ColumnHeader>Product</Table.ColumnHeader>
            <Table.ColumnHeader data-num="">Dispensed</Table.ColumnHeader>
            <Table.ColumnHeader data-num="">Received</Table.ColumnHeader>
            <Table.ColumnHeader data-num="">Transferred out</Table.ColumnHeader>
            <Table.ColumnHeader data-num="">Transferred in</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.rows.map((r) => (
            <Table.Row key={`${r.storeId}:${r.productId}`}>
              <Table.Cell>
                {r.storeCode} — {r.storeName}
              </Table.Cell>
              <Table.Cell>{r.productName}</Table.Cell>
              {cell(r.dispensed)}
              {cell(r.received)}
              {cell(r.transferredOut)}
              {cell(r.transferredIn)}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell colSpan={2}>Day total</Table.Cell>
            {cell(data.totals.dispensed)}
            {cell(data.totals.received)}
            {cell(data.totals.transferredOut)}
            {cell(data.totals.transferredIn)}
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Box>
  );
}

/** One day of the calendar: its figures by store and product, and every record behind them. */
export function DayPanel({ query, onClose }: { query: DayQuery; onClose: () => void }) {
  const day = useDay(query);
  const title = longDate(query.date);
  return (
    <Card.Root as="section" aria-label={`Records of ${title}`} id="day-records">
      <Card.Body p={{ base: 3, md: 5 }}>
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            <CloseButton size="sm" aria-label="Close the day" onClick={onClose} />
          </Flex>
          {day.isError ? (
            <LoadError
              what="The day"
              message={day.error.message}
              onRetry={() => void day.refetch()}
              retrying={day.isFetching}
            />
          ) : !day.data ? (
            <Loading label="Loading the day" height="24" />
          ) : day.data.rows.length === 0 ? (
            <NoData title="Nothing on this day" icon={<LuChartNoAxesColumn />}>
              No dispenses, receipts or transfers were recorded on this day for these filters.
            </NoData>
          ) : (
            <>
              <Summary data={day.data} />
              <ListView
                client={dayRecordsClient}
                info={VIEWS_LISTS.dayRecords}
                columns={columns}
                filters={filters}
                noun="record"
                plural="records"
                rowLabel={(r) => `${KIND_LABEL[r.kind]} ${r.detail}`}
                canWrite={false}
                deletable={false}
              />
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
