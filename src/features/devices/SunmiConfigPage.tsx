import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuBan, LuPrinter } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { HANDHELD_COLUMNS, HANDHELDS_LIST, type HandheldRow } from '@/contract/handhelds';
import { notify } from '@/lib/notify';
import { YES_NO } from '@/lib/reference/labels';
import { EnrolmentCard } from './EnrolmentCard';
import { HandheldPrinterForm } from './HandheldPrinterForm';
import { OpenCodesCard } from './OpenCodesCard';
import { getPrinter, handhelds, revokeHandheld } from './handhelds.client';
import { PrinterForm } from './PrinterForm';

const columns: ListColumn<HandheldRow>[] = specColumns(HANDHELD_COLUMNS, {
  lastContactAt: { cell: (h) => (h.lastContactAt ? formatDateTime(h.lastContactAt) : 'never') },
  retiredAt: { cell: (h) => (h.retiredAt ? <Badge colorPalette="gray">Revoked</Badge> : '—') },
  ownPrinter: { cell: (h) => (h.ownPrinter ? 'Its own' : 'The account’s') },
});
const filters = [{ field: 'revoked', label: 'Revoked', options: YES_NO }];

/**
 * `/SumniConfig` (ThebigBoss, ADR 044, 051): enrol Sunmi handhelds with a one-time code and its QR
 * code, the unused codes with Cancel, the account's receipt printer settings and a handheld's own
 * over them, and the enrolled handhelds with revoke.
 */
export function SunmiConfigPage() {
  const canWrite = useCanWrite(HANDHELDS_LIST.screen);
  const printer = useQuery({ queryKey: ['handhelds', 'printer'], queryFn: ({ signal }) => getPrinter(signal) });
  const [editing, setEditing] = useState(false);
  const [revoking, setRevoking] = useState<HandheldRow | null>(null);
  const [printing, setPrinting] = useState<HandheldRow | null>(null);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeHandheld(revoking.id);
      notify({ tone: 'success', message: `${revoking.name} revoked.` });
      setRevoking(null);
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Revoke failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const p = printer.data;
  return (
    <Stack gap="4">
      <EnrolmentCard canWrite={canWrite} />
      <OpenCodesCard canWrite={canWrite} />
      <Card.Root>
        <Card.Body>
          <Stack gap="2">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Heading size="md">Receipt printer: the account’s default</Heading>
              {canWrite && p && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  <LuPrinter aria-hidden /> Edit
                </Button>
              )}
            </Flex>
            {printer.error ? (
              <LoadError
                what="The printer settings"
                message={printer.error.message}
                onRetry={() => void printer.refetch()}
              />
            ) : !p ? (
              <Loading label="Loading printer settings" height="16" />
            ) : (
              <Text data-testid="printer-summary">
                {p.paperWidthMm} mm paper, {p.copies} {p.copies === 1 ? 'copy' : 'copies'} per dispense
                {p.headerLines.length ? `; header “${p.headerLines.join(' / ')}”` : '; no header'}
                {p.footerLines.length ? `; footer “${p.footerLines.join(' / ')}”` : ''}.
              </Text>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <ListView
        client={handhelds}
        info={HANDHELDS_LIST}
        noun="handheld"
        plural="handhelds"
        columns={columns}
        filters={filters}
        rowLabel={(h) => h.name}
        canWrite={false}
        deletable={false}
        extraActions={(h) =>
          !canWrite || h.retiredAt ? null : (
            <>
              <Button size="xs" variant="outline" onClick={() => setPrinting(h)} aria-label={`Printer of ${h.name}`}>
                <LuPrinter aria-hidden /> Printer
              </Button>
              <Button size="xs" variant="outline" onClick={() => setRevoking(h)} aria-label={`Revoke ${h.name}`}>
                <LuBan aria-hidden /> Revoke
              </Button>
            </>
          )
        }
      />
      <FormDrawer open={editing} onClose={() => setEditing(false)}>
        {editing && p && (
          <PrinterForm
            current={p}
            close={(saved) => {
              setEditing(false);
              if (saved) void printer.refetch();
            }}
          />
        )}
      </FormDrawer>
      <FormDrawer open={!!printing} onClose={() => setPrinting(null)}>
        {printing && (
          <HandheldPrinterForm
            handheld={printing}
            close={(saved) => {
              setPrinting(null);
              if (saved) void refreshAll();
            }}
          />
        )}
      </FormDrawer>
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        <Text>Its key stops working at once. To use it again, enrol it with a new code.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
