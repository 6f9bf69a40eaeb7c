import { Badge, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { refreshAll } from '@/app/ui/list/useList';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { COMMERCIAL_COLUMNS, DOCUMENT_SHARES_LIST, type DocumentShareRow } from '@/contract/commercial';
import { notify } from '@/lib/notify';
import { clients, documentFiles } from './clients';
import { useCustomerOptions } from './useCustomers';

const columns: ListColumn<DocumentShareRow>[] = specColumns(COMMERCIAL_COLUMNS.documentShares, {
  opened: {
    cell: (r) =>
      r.opened ? <Badge colorPalette="green">Opened</Badge> : <Badge colorPalette="gray">Not opened</Badge>,
  },
});

const label = (r: DocumentShareRow) => `${r.title} — ${r.customerName}`;

/** `/DocumentCustomer`: per customer, what is shared and whether and when it was opened; a share can be withdrawn. */
export function DocumentsPerCustomerPage() {
  const customers = useCustomerOptions();
  const [toWithdraw, setToWithdraw] = useState<DocumentShareRow | null>(null);
  const [busy, setBusy] = useState(false);

  // Withdrawing is `DELETE /document-shares/:id`: the customer's link stops working at once.
  const withdraw = async () => {
    if (!toWithdraw) return;
    setBusy(true);
    try {
      await documentFiles.withdraw(toWithdraw.id);
      notify({ tone: 'success', message: `${label(toWithdraw)}: withdrawn. The customer's link no longer opens it.` });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'warning', title: 'Withdraw failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setToWithdraw(null);
    }
  };

  return (
    <>
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
        rowLabel={label}
        deletable={false}
        extraActions={(r) =>
          !r.deletedAt && (
            <Button size="xs" variant="outline" aria-label={`Withdraw ${label(r)}`} onClick={() => setToWithdraw(r)}>
              <LuUndo2 aria-hidden /> Withdraw
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={!!toWithdraw}
        title="Withdraw this document?"
        confirmLabel="Withdraw"
        danger
        busy={busy}
        onConfirm={() => void withdraw()}
        onCancel={() => setToWithdraw(null)}
      >
        {toWithdraw &&
          `${toWithdraw.customerName} will no longer be able to open “${toWithdraw.title}” from the e-mailed link.`}
      </ConfirmDialog>
    </>
  );
}
