import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckboxGroupField, SwitchField, TextareaField } from '@/app/ui/form/fields';
import { Loading, LoadError, NoData } from '@/app/ui/QueryState';
import { MAX_PAGE_SIZE } from '@/contract/constants';
import type { ShareResult } from '@/contract/commercial';
import { notify } from '@/lib/notify';
import { failureText } from '@/lib/form';
import { clients, documentFiles } from './clients';
import { useCustomerOptions } from './useCustomers';

/** `/DocumenttoCustomer`: share documents with one, several or all customers; each contact gets a link. */
export function ShareDocumentsPage() {
  const docs = useQuery({
    queryKey: ['commercial', 'document-options'],
    queryFn: ({ signal }) => clients.documents.list({ pageSize: MAX_PAGE_SIZE, sort: 'title' }, signal),
  });
  const customers = useCustomerOptions();
  const [documentIds, setDocs] = useState<string[]>([]);
  const [customerIds, setCustomers] = useState<string[]>([]);
  const [all, setAll] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShareResult>();
  const [error, setError] = useState<string>();

  const withFile = (docs.data?.items ?? []).filter((d) => d.currentVersion !== null);
  const ready = documentIds.length > 0 && (all || customerIds.length > 0);
  const share = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await documentFiles.share({ documentIds, customerIds: all ? 'all' : customerIds, message });
      setResult(r);
      notify({ tone: 'success', title: 'Shared', message: `${r.shared} shares, ${r.mailed.length} e-mails sent.` });
    } catch (e) {
      setError(failureText(e).text);
    } finally {
      setBusy(false);
    }
  };

  if (docs.isPending) return <Loading label="Loading documents" />;
  if (docs.isError)
    return <LoadError what="The documents" message={docs.error.message} onRetry={() => void docs.refetch()} />;
  if (!withFile.length) return <NoData title="No documents with a file yet">Upload one on Customer docs first.</NoData>;
  return (
    <Stack gap="5" maxW="4xl">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Card.Root>
          <Card.Body>
            <CheckboxGroupField
              legend="Documents"
              columns={1}
              options={withFile.map((d) => ({
                value: d.id,
                label: d.category ? `${d.title} (${d.category})` : d.title,
              }))}
              value={documentIds}
              onChange={setDocs}
            />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <SwitchField label="All customers" checked={all} onChange={setAll} />
              {!all && (
                <CheckboxGroupField
                  legend="Customers"
                  columns={1}
                  options={customers}
                  value={customerIds}
                  onChange={setCustomers}
                />
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <TextareaField label="Message (optional)" rows={2} value={message} onChange={setMessage} />
      <Button alignSelf="start" colorPalette="blue" disabled={!ready} loading={busy} onClick={() => void share()}>
        Share and e-mail links
      </Button>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {result && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Heading size="sm">Shared {result.shared === 1 ? 'once' : `${result.shared} times`}</Heading>
            {result.mailed.map((m) => (
              <Text key={m.customerId}>
                {m.name}: link sent to {m.email}
              </Text>
            ))}
            {result.notMailed.map((m) => (
              <Text key={m.customerId}>{m.name}: no contact e-mail, shared but not sent</Text>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
