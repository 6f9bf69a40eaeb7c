import { Alert, Box, Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError, Loading } from '@/app/ui/QueryState';
import type { HandheldRow } from '@/contract/handhelds';
import { notify } from '@/lib/notify';
import { getHandheldPrinter, resetHandheldPrinter, saveHandheldPrinter } from './handhelds.client';
import { PrinterForm } from './PrinterForm';

/**
 * One handheld's receipt printer (ADR 051): its own layout, starting from what it prints with now;
 * "Use the account's settings" drops its own so it follows the account's layout again.
 */
export function HandheldPrinterForm({ handheld, close }: { handheld: HandheldRow; close: (saved?: boolean) => void }) {
  const q = useQuery({
    queryKey: ['handhelds', handheld.id, 'printer'],
    queryFn: ({ signal }) => getHandheldPrinter(handheld.id, signal),
  });
  const [resetting, setResetting] = useState(false);
  if (q.error || !q.data)
    return (
      <Box p="4">
        {q.error ? (
          <LoadError what="The printer settings" message={q.error.message} onRetry={() => void q.refetch()} />
        ) : (
          <Loading label="Loading printer settings" />
        )}
      </Box>
    );
  const own = q.data.own;
  const reset = async () => {
    setResetting(true);
    try {
      await resetHandheldPrinter(handheld.id);
      notify({ tone: 'success', message: `${handheld.name} prints with the account's settings again.` });
      close(true);
    } catch (e) {
      notify({ tone: 'danger', title: 'Not changed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setResetting(false);
    }
  };
  return (
    <PrinterForm
      current={q.data.effective}
      title={`Receipt printer of ${handheld.name}`}
      save={(body) => saveHandheldPrinter(handheld.id, body)}
      close={close}
      note={
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {own
                ? 'This handheld has settings of its own; the account’s do not apply to it.'
                : 'This handheld prints with the account’s settings. Saving gives it settings of its own.'}
            </Alert.Description>
            {own && (
              <Button size="xs" variant="outline" mt="2" loading={resetting} onClick={() => void reset()}>
                Use the account’s settings
              </Button>
            )}
          </Alert.Content>
        </Alert.Root>
      }
    />
  );
}
