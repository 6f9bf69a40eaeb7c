import { Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuX } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { formatDateTime } from '@/app/ui/list/columns';
import { LoadError, Loading } from '@/app/ui/QueryState';
import type { OpenEnrolmentCode } from '@/contract/handhelds';
import { notify } from '@/lib/notify';
import { cancelEnrolmentCode, openEnrolmentCodes } from './handhelds.client';

export const OPEN_CODES_KEY = ['handhelds', 'enrolment-codes'];

/**
 * The enrolment codes still out (not used, cancelled or expired), with Cancel (ADR 051): a code
 * handed to the wrong person, or a box of handhelds that will not come, stops working at once.
 * The code itself is never shown again (only its hash is stored): a code is known by when it was made.
 */
export function OpenCodesCard({ canWrite }: { canWrite: boolean }) {
  const q = useQuery({ queryKey: OPEN_CODES_KEY, queryFn: ({ signal }) => openEnrolmentCodes(signal) });
  const [cancelling, setCancelling] = useState<OpenEnrolmentCode | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (c: OpenEnrolmentCode) =>
    `made ${formatDateTime(c.createdAt)}${c.createdBy ? ` by ${c.createdBy}` : ''}, works until ${formatDateTime(c.expiresAt)}`;
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await cancelEnrolmentCode(cancelling.id);
      notify({ tone: 'success', message: 'Code cancelled: it no longer enrols a handheld.' });
      setCancelling(null);
    } catch (e) {
      notify({ tone: 'danger', title: 'Not cancelled', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      void q.refetch();
    }
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="2">
          <Heading size="md">Unused codes</Heading>
          {q.error ? (
            <LoadError what="The unused codes" message={q.error.message} onRetry={() => void q.refetch()} />
          ) : !q.data ? (
            <Loading label="Loading unused codes" height="10" />
          ) : q.data.items.length === 0 ? (
            <Text color="fg.muted">No code is waiting to be used.</Text>
          ) : (
            <List.Root variant="plain" gap="2" aria-label="Unused enrolment codes">
              {q.data.items.map((c) => (
                <List.Item key={c.id} display="flex" gap="3" alignItems="center" flexWrap="wrap">
                  <Text flex="1" minW="240px">
                    Code {label(c)}
                  </Text>
                  {canWrite && (
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setCancelling(c)}
                      aria-label={`Cancel the code ${label(c)}`}
                    >
                      <LuX aria-hidden /> Cancel
                    </Button>
                  )}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={!!cancelling}
        title="Cancel this enrolment code?"
        confirmLabel="Cancel the code"
        danger
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
      >
        <Text>No handheld can enrol with it any more. To enrol one later, make a new code.</Text>
      </ConfirmDialog>
    </Card.Root>
  );
}
