import { Badge, Heading, IconButton, Text } from '@chakra-ui/react';
import { LuEye } from 'react-icons/lu';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import { ListView } from '@/app/ui/list/ListView';
import { MANUAL_RECEIPTS, RECORD_LISTS, type ReceiptRecordRow } from '@/contract/records';
import { RECEIPT_SOURCE_LABELS, RECORD_COLUMNS } from '@/contract/record-columns';
import type { ResourceClient } from '@/lib/resource';
import { codeAndName } from '@/lib/format';
import { recordClients } from './client';
import { DATE_FILTERS } from './filters';
import { enumOptions, productOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { litresFixed as litres } from '@/lib/format';
import { RecordDetail, show, type DetailField } from './RecordDetail';
import { RecordDrawer, useRecordDrawer } from './RecordScreen';
import { TotalsBar } from './TotalsBar';

const info = RECORD_LISTS.receipts;
const label = (r: ReceiptRecordRow) => `${r.supplier} ${r.deliveryNote}`;
const mm = (v: number | null) => (v === null ? '—' : `${v.toLocaleString()} mm`);

const columns: ListColumn<ReceiptRecordRow>[] = specColumns(RECORD_COLUMNS.receipts, {
  source: {
    cell: (r) => (
      <Badge colorPalette={r.source === 'manual' ? 'blue' : 'gray'}>{RECEIPT_SOURCE_LABELS[r.source]}</Badge>
    ),
  },
});

const fields = (r: ReceiptRecordRow): DetailField[] => [
  { label: 'Received', value: show(r.receivedOn) },
  { label: 'Store', value: codeAndName(r.storeCode, r.storeName) },
  { label: 'Tank', value: codeAndName(r.tankCode, r.tankName) },
  { label: 'Product', value: codeAndName(r.productCode, r.productName) },
  { label: 'Supplier', value: r.supplier },
  { label: 'Delivery note', value: r.deliveryNote },
  { label: 'Litres', value: litres(r.litres) },
  { label: 'Dip before', value: mm(r.dipBeforeMm) },
  { label: 'Dip after', value: mm(r.dipAfterMm) },
  { label: 'Temperature', value: r.temperatureC === null ? '—' : `${r.temperatureC} °C` },
  { label: 'Source', value: r.source === 'manual' ? 'Captured by hand on a device' : 'System (import or gauge)' },
  { label: 'Device', value: r.deviceId },
  { label: 'Synced at', value: show(r.receivedAt) },
  { label: 'Recorded by', value: show(r.createdByName) },
  { label: 'Note', value: show(r.note) },
];

/** The receipts list with the manual-receipts filter fixed (the server applies it, so totals and exports agree). */
function manualOnly(c: ResourceClient<ReceiptRecordRow>): ResourceClient<ReceiptRecordRow> {
  const fixed = { [`f.${MANUAL_RECEIPTS.filter}`]: MANUAL_RECEIPTS.value };
  return {
    ...c,
    list: (q, s) => c.list({ ...q, ...fixed }, s),
    exportFile: (q, f, cols) => c.exportFile({ ...q, ...fixed }, f, cols),
  };
}
const manualClient = manualOnly(recordClients.receipts);

/**
 * `/FiltersReceived` (every receipt) and, with `manual`, the list part of `/FiltersReceivedMan`
 * (receipts captured by hand on devices; ADR 014 says how they are told apart).
 */
export function ReceiptsPage({ manual = false }: { manual?: boolean }) {
  const { data: ref } = useReference();
  const drawer = useRecordDrawer();
  const filters: FilterSpec[] = [
    ...DATE_FILTERS,
    { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    { field: 'tankId', label: 'Tank', options: tankOptions(ref) },
    { field: 'productId', label: 'Product', options: productOptions(ref) },
    { field: 'supplier', label: 'Supplier', kind: 'text' },
    ...(manual
      ? []
      : [
          {
            field: 'source',
            label: 'Source',
            options: enumOptions(['manual', 'system'], { manual: 'Captured by hand', system: 'System' }),
          },
        ]),
  ];
  const c = drawer.current;
  return (
    <>
      {manual && (
        <Heading as="h2" size="md" mt="8" mb="1">
          All manual receipts
        </Heading>
      )}
      {manual && (
        <Text fontSize="sm" color="fg.muted" mb="3">
          Every delivery captured by hand on a device in this account, with totals.
        </Text>
      )}
      <TotalsBar list="receipts" fixed={manual ? { [`f.${MANUAL_RECEIPTS.filter}`]: MANUAL_RECEIPTS.value } : {}} />
      <ListView
        client={manual ? manualClient : recordClients.receipts}
        info={manual ? { ...info, title: 'Manual receipts', screen: MANUAL_RECEIPTS.screen } : info}
        noun="receipt"
        plural="receipts"
        columns={manual ? columns.filter((x) => x.id !== 'source') : columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(r) => (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Details of ${label(r)} ${formatDateTime(r.receivedOn)}`}
            onClick={() => drawer.open('view', r.id)}
          >
            <LuEye aria-hidden />
          </IconButton>
        )}
      />
      <RecordDrawer open={c?.key === 'view'} onClose={() => drawer.close()}>
        {c?.key === 'view' && (
          <RecordDetail key={c.id} kind="receipts" id={c.id} fields={fields} onOpen={(id) => drawer.open('view', id)} />
        )}
      </RecordDrawer>
    </>
  );
}
