import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime, type ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import { MAX_UNMAPPED_LISTED, type SapLine, type SapPreview, type SapUnmapped } from '@/contract/sap';
import { count, litresExact, money } from '@/lib/format';

const lineColumns: ListColumn<SapLine>[] = [
  { id: 'costCentre', header: 'Cost centre', priority: 1 },
  { id: 'sapCostCentre', header: 'SAP cost centre' },
  { id: 'glAccount', header: 'G/L account' },
  { id: 'product', header: 'Product' },
  { id: 'material', header: 'Material' },
  { id: 'dispenses', header: 'Dispenses', numeric: true },
  { id: 'litres', header: 'Litres', numeric: true, cell: (l) => litresExact(l.litres) },
  { id: 'amount', header: 'Amount', numeric: true, cell: (l) => money(l.amount), priority: 1 },
];
const unmappedColumns: ListColumn<SapUnmapped>[] = [
  { id: 'dispensedAt', header: 'Dispensed', cell: (u) => formatDateTime(u.dispensedAt), priority: 1 },
  { id: 'storeCode', header: 'Store' },
  { id: 'fleetNo', header: 'Equipment' },
  { id: 'costCentre', header: 'Cost centre', cell: (u) => u.costCentre ?? '—' },
  { id: 'product', header: 'Product' },
  { id: 'litres', header: 'Litres', numeric: true, cell: (u) => litresExact(u.litres) },
  { id: 'amount', header: 'Amount', numeric: true, cell: (u) => money(u.amount) },
  { id: 'reason', header: 'Why not posted', priority: 1 },
];
type ReasonRow = SapPreview['unmappedByReason'][number];
const reasonColumns: ListColumn<ReasonRow>[] = [
  { id: 'reason', header: 'Why not posted', priority: 1 },
  { id: 'dispenses', header: 'Dispenses', numeric: true },
  { id: 'litres', header: 'Litres', numeric: true, cell: (r) => litresExact(r.litres) },
  { id: 'amount', header: 'Amount', numeric: true, cell: (r) => money(r.amount), priority: 1 },
];
const noSort = () => undefined;

/** The postings an export would write, their totals, and what it would leave out and why. */
export function SapPreviewView({ preview: p }: { preview: SapPreview }) {
  const [details, setDetails] = useState(false);
  return (
    <Stack gap="3">
      <Text fontWeight="semibold" data-testid="sap-preview-total">
        {count(p.dispenses)} dispenses, {litresExact(p.litres)}, total {money(p.total)} {p.currency}
      </Text>
      {p.alreadyPosted > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {count(p.alreadyPosted)} dispenses of this period were exported before and are left out. Choose re-export to
            post them again.
          </Alert.Description>
        </Alert.Root>
      )}
      {p.lines.length ? (
        <DataTable
          caption="Posting lines"
          columns={lineColumns}
          rows={p.lines}
          rowId={(l) => `${l.costCentre}|${l.product}`}
          sortable={[]}
          sort="costCentre"
          onSort={noSort}
          visibility={{}}
          total={p.lines.length}
          pageSize={p.lines.length}
        />
      ) : (
        <Text color="fg.muted">Nothing to post in this period.</Text>
      )}
      {p.unmappedCount > 0 && (
        <Stack gap="2">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              {count(p.unmappedCount)} dispenses are not mapped and will not be posted
              {p.unmappedCount > MAX_UNMAPPED_LISTED ? ` (the first ${MAX_UNMAPPED_LISTED} are listed)` : ''}. Map their
              cost centre or product, then export again: they stay unposted until then.
            </Alert.Description>
          </Alert.Root>
          <DataTable
            caption="Unmapped dispenses by reason"
            columns={reasonColumns}
            rows={p.unmappedByReason}
            rowId={(r) => r.reason}
            sortable={[]}
            sort="reason"
            onSort={noSort}
            visibility={{}}
            total={p.unmappedByReason.length}
            pageSize={Math.max(p.unmappedByReason.length, 1)}
          />
          <Button alignSelf="start" size="sm" variant="outline" onClick={() => setDetails((d) => !d)}>
            {details ? 'Hide the unmapped dispenses' : 'Show the unmapped dispenses'}
          </Button>
          {details && (
            <DataTable
              caption="Unmapped dispenses"
              columns={unmappedColumns}
              rows={p.unmapped}
              rowId={(u) => u.dispenseId}
              sortable={[]}
              sort="dispensedAt"
              onSort={noSort}
              visibility={{}}
              total={p.unmapped.length}
              pageSize={Math.max(p.unmapped.length, 1)}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
