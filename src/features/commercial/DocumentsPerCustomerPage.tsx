import { Badge } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { COMMERCIAL_COLUMNS, DOCUMENT_SHARES_LIST, type DocumentShareRow } from '@/contract/commercial';
import { clients } from './clients';
import { useCustomerOptions } from './useCustomers';

const columns: ListColumn<DocumentShareRow>[] = specColumns(COMMERCIAL_COLUMNS.documentShares, {
  opened: {
    cell: (r) =>
      r.opened ? <Badge colorPalette="green">Opened</Badge> : <Badge colorPalette="gray">Not opened</Badge>,
  },
});

/** `/DocumentCustomer`: per customer, what is shared and whether and when it was opened. */
export function DocumentsPerCustomerPage() {
  const customers = useCustomerOptions();
  return (
    <ResourceScreen
      client={clients.documentShares}
      info={DOCUMENT_SHARES_LIST}
      noun="shared document"
      plural="shared documents"
      columns={columns}
      filters={[
        { field: 'customerId', label: 'Customer', options: customers },
        {
          field: 'opened',
          label: 'Opened',
          options: [
            { value: 'true', label: 'Opened' },
            { value: 'false', label: 'Not opened' },
          ],
        },
      ]}
      rowLabel={(r) => `${r.title} — ${r.customerName}`}
      // Withdrawing is `DELETE /document-shares/:id` (not the resource's delete/restore); no button yet.
      deletable={false}
    />
  );
}
