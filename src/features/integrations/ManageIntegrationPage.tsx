import { Badge, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPower } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import {
  INTEGRATION_STATUS_LABELS,
  INTEGRATION_TYPE_LABELS,
  INTEGRATION_TYPES,
  MANAGED_INTEGRATION_COLUMNS,
  MANAGED_INTEGRATIONS_LIST,
  type ManagedIntegration,
} from '@/contract/integrations';
import { failureText } from '@/lib/form';
import { notify } from '@/lib/notify';
import { enumOptions, YES_NO } from '@/lib/reference/labels';
import { disableIntegration, managedIntegrations } from './integrations.client';

const columns: ListColumn<ManagedIntegration>[] = specColumns(MANAGED_INTEGRATION_COLUMNS, {
  type: { cell: (i) => INTEGRATION_TYPE_LABELS[i.type] },
  lastStatus: {
    cell: (i) =>
      i.lastStatus ? (
        <Badge colorPalette={i.lastStatus === 'ok' ? 'green' : 'red'}>
          {INTEGRATION_STATUS_LABELS[i.lastStatus] ?? i.lastStatus}
        </Badge>
      ) : (
        '—'
      ),
  },
  failed: { cell: (i) => (i.failed ? <Badge colorPalette="red">{i.failed}</Badge> : '0') },
});

const filters = [
  { field: 'type', label: 'Type', options: enumOptions(INTEGRATION_TYPES, INTEGRATION_TYPE_LABELS) },
  { field: 'enabled', label: 'Enabled', options: YES_NO },
  {
    field: 'lastStatus',
    label: 'Status',
    options: enumOptions(['ok', 'error', 'retrying', 'failed'], INTEGRATION_STATUS_LABELS),
  },
];

/**
 * `/ManageIntegration` (ThebigBoss, ADR 048): the integrations of every account with their status,
 * last run, failed and pending deliveries and last error; one can be switched off (the account's
 * admin sees who did it in its audit log and can switch it on again on `/Integration`).
 */
export function ManageIntegrationPage() {
  const canWrite = useCanWrite(MANAGED_INTEGRATIONS_LIST.screen);
  const [pending, setPending] = useState<ManagedIntegration | null>(null);
  const [busy, setBusy] = useState(false);
  const disable = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await disableIntegration(pending.id);
      notify({ tone: 'success', message: `${pending.name} (${pending.accountName}) switched off.` });
      setPending(null);
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Failed', message: failureText(e).text });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ListView
        client={managedIntegrations}
        info={MANAGED_INTEGRATIONS_LIST}
        noun="integration"
        plural="integrations"
        columns={columns}
        filters={filters}
        rowLabel={(i) => `${i.name} (${i.accountName})`}
        canWrite={false}
        deletable={false}
        extraActions={(i) =>
          canWrite && i.enabled ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => setPending(i)}
              aria-label={`Disable ${i.name} of ${i.accountName}`}
            >
              <LuPower aria-hidden /> Disable
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={!!pending}
        title={`Disable ${pending?.name ?? ''} of ${pending?.accountName ?? ''}?`}
        confirmLabel="Disable"
        danger
        busy={busy}
        onConfirm={() => void disable()}
        onCancel={() => setPending(null)}
      >
        <Text>It stops receiving events at once; deliveries already queued are still tried.</Text>
      </ConfirmDialog>
    </>
  );
}
