import { Badge, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import { LuEye, LuPencil, LuUndo2 } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { RECORD_LISTS, type DispenseRecordRow } from '@/contract/records';
import { DISPENSE_STATUS_LABELS, RECORD_COLUMNS } from '@/contract/record-columns';
import { codeAndName } from '@/lib/format';
import { recordClients } from './client';
import { CorrectionForm } from './CorrectionForm';
import { dispenseFilters } from './filters';
import { useReference } from '@/lib/reference/query';
import { litresFixed as litres } from '@/lib/format';
import { RecordDetail, show, type DetailField } from './RecordDetail';
import { RecordDrawer, useRecordDrawer } from './RecordScreen';
import { ReverseForm } from './ReverseForm';
import { TotalsBar } from './TotalsBar';

const info = RECORD_LISTS.dispenses;
const label = (d: DispenseRecordRow) => `${d.fleetNo ?? 'equipment'} ${formatDateTime(d.dispensedAt)}`;

/** Reversed and reversal rows must read as such at a glance; a plain record reads "Normal". */
function StatusBadge({ status }: { status: DispenseRecordRow['status'] }) {
  const text = DISPENSE_STATUS_LABELS[status];
  if (status === 'reversed')
    return (
      <Badge colorPalette="gray" variant="outline">
        {text}
      </Badge>
    );
  if (status === 'reversal') return <Badge colorPalette="red">{text}</Badge>;
  return (
    <Badge colorPalette="gray" variant="subtle">
      {text}
    </Badge>
  );
}

function Litres({ row }: { row: DispenseRecordRow }) {
  return (
    <Text
      as="span"
      color={row.litres < 0 ? 'fg.error' : row.status === 'reversed' ? 'fg.muted' : undefined}
      textDecoration={row.status === 'reversed' ? 'line-through' : undefined}
    >
      {litres(row.litres)}
    </Text>
  );
}

const meterText = (r: DispenseRecordRow) =>
  r.meter === null ? '—' : `${r.meter.toLocaleString()} ${r.meterType ?? ''}`;
const columns: ListColumn<DispenseRecordRow>[] = specColumns(RECORD_COLUMNS.dispenses, {
  status: { cell: (r) => <StatusBadge status={r.status} /> },
  litres: { cell: (r) => <Litres row={r} /> },
  meter: { cell: meterText },
  exceptionCodes: {
    cell: (r) =>
      r.exceptionCodes.length ? (
        <Badge colorPalette="orange" title={r.exceptionCodes.join(', ')}>
          {r.exceptionCodes.length}
        </Badge>
      ) : (
        '—'
      ),
  },
});

const fields = (d: DispenseRecordRow): DetailField[] => [
  { label: 'Status', value: <StatusBadge status={d.status} /> },
  { label: 'Dispensed at', value: show(d.dispensedAt) },
  { label: 'Variant', value: d.variant },
  { label: 'Store', value: codeAndName(d.storeCode, d.storeName) },
  { label: 'Tank', value: codeAndName(d.tankCode, d.tankName) },
  { label: 'Product', value: codeAndName(d.productCode, d.productName) },
  { label: 'Equipment', value: show(d.fleetNo) },
  { label: 'Employee', value: show(d.employeeName) },
  { label: 'Cost centre', value: codeAndName(d.costCentreCode, d.costCentreName) },
  { label: 'Litres', value: <Litres row={d} /> },
  { label: 'Meter', value: meterText(d) },
  {
    label: 'GPS',
    value: d.gps
      ? `${d.gps.lat.toFixed(5)}, ${d.gps.lng.toFixed(5)}${d.gps.accuracyM !== null ? ` (±${Math.round(d.gps.accuracyM)} m)` : ''}`
      : 'No',
  },
  { label: 'Device', value: d.deviceId },
  { label: 'Synced at', value: show(d.receivedAt) },
  { label: 'Recorded by', value: show(d.createdByName) },
  { label: 'Note', value: show(d.note) },
  {
    label: 'Record id',
    value: (
      <Text as="span" fontFamily="mono" fontSize="xs">
        {d.id}
      </Text>
    ),
  },
];

/** `/FiltersDispensing`: every dispense with totals, filters, export, detail and correction by reversal. */
export function DispensesPage() {
  const { data: ref } = useReference();
  const canWrite = useCanWrite(info.screen);
  const drawer = useRecordDrawer();
  const correctable = (r: DispenseRecordRow) => canWrite && r.status === 'active';
  const actions = (r: DispenseRecordRow) => (
    <>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`Details of ${label(r)}`}
        onClick={() => drawer.open('view', r.id)}
      >
        <LuEye aria-hidden />
      </IconButton>
      {correctable(r) && (
        <>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Correct ${label(r)}`}
            onClick={() => drawer.open('correct', r.id)}
          >
            <LuPencil aria-hidden />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Reverse ${label(r)}`}
            onClick={() => drawer.open('reverse', r.id)}
          >
            <LuUndo2 aria-hidden />
          </IconButton>
        </>
      )}
    </>
  );
  const c = drawer.current;
  return (
    <>
      <TotalsBar list="dispenses" />
      <ListView
        client={recordClients.dispenses}
        info={info}
        noun="dispense"
        plural="dispenses"
        columns={columns}
        filters={dispenseFilters(ref)}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={actions}
      />
      <RecordDrawer open={!!c} onClose={() => drawer.close()}>
        {c?.key === 'view' && (
          <RecordDetail
            key={c.id}
            kind="dispenses"
            id={c.id}
            fields={fields}
            onOpen={(id) => drawer.open('view', id)}
            actions={(r) =>
              correctable(r) && (
                <Flex gap="2">
                  <Button variant="outline" colorPalette="red" onClick={() => drawer.open('reverse', r.id)}>
                    <LuUndo2 aria-hidden /> Reverse
                  </Button>
                  <Button onClick={() => drawer.open('correct', r.id)}>
                    <LuPencil aria-hidden /> Correct
                  </Button>
                </Flex>
              )
            }
          />
        )}
        {c?.key === 'correct' && <CorrectionForm key={c.id} id={c.id} close={drawer.close} />}
        {c?.key === 'reverse' && <ReverseForm key={c.id} id={c.id} close={drawer.close} />}
      </RecordDrawer>
    </>
  );
}
