import { IconButton } from '@chakra-ui/react';
import { LuEye } from 'react-icons/lu';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import { ListView } from '@/app/ui/list/ListView';
import { RECORD_LISTS, type TransferRecordRow } from '@/contract/records';
import { RECORD_COLUMNS } from '@/contract/record-columns';
import { codeAndName } from '@/lib/format';
import { recordClients } from './client';
import { DATE_FILTERS } from './filters';
import { employeeOptions, enumOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { litresFixed as litres } from '@/lib/format';
import { RecordDetail, show, type DetailField } from './RecordDetail';
import { RecordDrawer, useRecordDrawer } from './RecordScreen';
import { TotalsBar } from './TotalsBar';

const info = RECORD_LISTS.transfers;
const destination = (t: TransferRecordRow) =>
  t.toTankId ? `Tank ${codeAndName(t.toTankCode ?? '?', t.toTankName)}` : `Bowser ${t.toBowser ?? '?'}`;
const label = (t: TransferRecordRow) =>
  `${t.fromTankCode ?? '?'} → ${destination(t)} ${formatDateTime(t.transferredAt)}`;

const columns: ListColumn<TransferRecordRow>[] = specColumns(RECORD_COLUMNS.transfers);

const fields = (t: TransferRecordRow): DetailField[] => [
  { label: 'Transferred at', value: show(t.transferredAt) },
  { label: 'Store', value: codeAndName(t.storeCode, t.storeName) },
  { label: 'From tank', value: codeAndName(t.fromTankCode, t.fromTankName) },
  { label: 'To', value: destination(t) },
  { label: 'Litres', value: litres(t.litres) },
  { label: 'Employee', value: show(t.employeeName) },
  { label: 'Device', value: t.deviceId },
  { label: 'Synced at', value: show(t.receivedAt) },
  { label: 'Recorded by', value: show(t.createdByName) },
  { label: 'Note', value: show(t.note) },
];

/** `/FiltersTransfer`: tank-to-tank and tank-to-bowser transfers with totals. */
export function TransfersPage() {
  const { data: ref } = useReference();
  const drawer = useRecordDrawer();
  const filters: FilterSpec[] = [
    ...DATE_FILTERS,
    { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    { field: 'fromTankId', label: 'From tank', options: tankOptions(ref) },
    { field: 'toTankId', label: 'To tank', options: tankOptions(ref) },
    {
      field: 'destination',
      label: 'Destination',
      options: enumOptions(['tank', 'bowser'], { tank: 'A tank', bowser: 'A bowser' }),
    },
    { field: 'employeeId', label: 'Employee', options: employeeOptions(ref) },
  ];
  const c = drawer.current;
  return (
    <>
      <TotalsBar list="transfers" />
      <ListView
        client={recordClients.transfers}
        info={info}
        noun="transfer"
        plural="transfers"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(r) => (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Details of ${label(r)}`}
            onClick={() => drawer.open('view', r.id)}
          >
            <LuEye aria-hidden />
          </IconButton>
        )}
      />
      <RecordDrawer open={c?.key === 'view'} onClose={() => drawer.close()}>
        {c?.key === 'view' && (
          <RecordDetail
            key={c.id}
            kind="transfers"
            id={c.id}
            fields={fields}
            onOpen={(id) => drawer.open('view', id)}
          />
        )}
      </RecordDrawer>
    </>
  );
}
