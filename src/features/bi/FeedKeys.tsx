import { Alert, Badge, Box, Button, Code, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuCopy } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { SelectField } from '@/app/ui/form/fields';
import { TextField } from '@/app/ui/Fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import type { FeedKeyRow, NewFeedKey } from '@/contract/bi';
import { DATASET_IDS, type DatasetId } from '@/contract/datasets';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { biApi, FEED_KEYS_KEY } from './client';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * The BI feed's keys (ADR 041): make one per tool (shown once, to paste into Power BI or Excel),
 * see when each was last used, revoke one. Each make and revoke is audited on the server.
 */
export function FeedKeys() {
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: FEED_KEYS_KEY, queryFn: ({ signal }) => biApi.keys(signal) });
  const [name, setName] = useState('');
  const [made, setMade] = useState<NewFeedKey | null>(null);
  const [revoking, setRevoking] = useState<FeedKeyRow | null>(null);
  const create = useSubmit({
    check: () => name.trim().length > 0,
    run: async () => {
      setMade(await biApi.createKey(name.trim()));
      setName('');
      await qc.invalidateQueries({ queryKey: FEED_KEYS_KEY });
    },
  });
  const revoke = useSubmit({
    run: async () => {
      await biApi.revokeKey(revoking!.id);
      notify({ tone: 'success', message: `Key "${revoking!.name}" revoked` });
      setRevoking(null);
      await qc.invalidateQueries({ queryKey: FEED_KEYS_KEY });
    },
  });
  const [dataset, setDataset] = useState<DatasetId>('dispenses');
  // The address sits in a read-only field to copy, not in the text (ADR 078).
  const feedUrl = `${location.origin}/api/v1/feed/${dataset}`;

  return (
    <Section title="BI feed keys">
      <Text color="fg.muted">
        A key lets Power BI or Excel read this account&apos;s {DATASET_IDS.slice(0, -1).join(', ')} and{' '}
        {DATASET_IDS.at(-1)}, read only. In Power BI or Excel choose <em>OData feed</em> and paste the feed address
        below, then choose <em>Basic</em> credentials: any user name, the key as the password. Other tools send the key
        as a bearer token.
      </Text>
      <Flex gap="3" align="end" wrap="wrap">
        <Box w="40">
          <SelectField
            label="Data"
            options={DATASET_IDS.map((id) => ({ value: id, label: id.charAt(0).toUpperCase() + id.slice(1) }))}
            value={dataset}
            onChange={(v) => setDataset(v as DatasetId)}
          />
        </Box>
        <Box flex="1" minW="64">
          <TextField label="Feed address" value={feedUrl} onChange={() => undefined} readOnly />
        </Box>
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(feedUrl)}>
          <LuCopy aria-hidden /> Copy address
        </Button>
      </Flex>
      <form onSubmit={(e) => void create.submit(e)}>
        <Flex gap="3" align="end" wrap="wrap">
          <TextField label="Key name" value={name} onChange={setName} maxLength={80} />
          <Button type="submit" loading={create.busy} disabled={!name.trim()}>
            Make a key
          </Button>
        </Flex>
        <FormMessage message={create.message} />
      </form>
      {made && (
        <Alert.Root status="success" role="status">
          <Alert.Content>
            <Alert.Title>Key &quot;{made.name}&quot; made. Copy it now: it is not shown again.</Alert.Title>
            <Alert.Description>
              <Code data-testid="new-feed-key" wordBreak="break-all">
                {made.key}
              </Code>
            </Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(made.key)}>
            Copy
          </Button>
        </Alert.Root>
      )}
      {keys.isPending && <Loading label="Loading the keys" />}
      {keys.error && <LoadError what="The keys" message={keys.error.message} onRetry={() => void keys.refetch()} />}
      {keys.data && keys.data.keys.length === 0 && <Text color="fg.muted">No keys yet.</Text>}
      {keys.data && keys.data.keys.length > 0 && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Ends with</Table.ColumnHeader>
                <Table.ColumnHeader>Made</Table.ColumnHeader>
                <Table.ColumnHeader>Last used</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {keys.data.keys.map((k) => (
                <Table.Row key={k.id}>
                  <Table.Cell>{k.name}</Table.Cell>
                  <Table.Cell>
                    <Code>…{k.keyHint}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    {when(k.createdAt)}
                    {k.createdBy ? ` by ${k.createdBy}` : ''}
                  </Table.Cell>
                  <Table.Cell>{when(k.lastUsedAt)}</Table.Cell>
                  <Table.Cell>
                    {k.revokedAt ? (
                      <Badge colorPalette="gray">Revoked</Badge>
                    ) : (
                      <Badge colorPalette="green">Live</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!k.revokedAt && (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(k)}>
                        Revoke {k.name}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key "${revoking?.name ?? ''}"?`}
        confirmLabel="Revoke"
        danger
        busy={revoke.busy}
        onConfirm={() => void revoke.submit()}
        onCancel={() => setRevoking(null)}
      >
        <Stack>
          <Text>Tools using it stop getting data at once. This cannot be undone.</Text>
          <FormMessage message={revoke.message} />
        </Stack>
      </ConfirmDialog>
    </Section>
  );
}
