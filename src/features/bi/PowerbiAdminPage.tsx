import { Badge, Button, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import type { PowerbiConfigRow } from '@/contract/powerbi';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { biApi } from './client';

const KEY = ['powerbi-configs'] as const;
const FIELDS = [
  ['workspaceId', 'Workspace id'],
  ['reportId', 'Report id'],
  ['tenantId', 'Tenant id'],
  ['clientId', 'Client id'],
  ['rlsRole', 'Row-level role'],
] as const;
type Values = Record<(typeof FIELDS)[number][0] | 'clientSecret', string>;

/** One account's Power BI report: the ids, the service principal, the row-level role; the secret only goes in. */
function ConfigForm({ row, onDone }: { row: PowerbiConfigRow; onDone: () => void }) {
  const qc = useQueryClient();
  const [v, setV] = useState<Values>({
    workspaceId: row.workspaceId ?? '',
    reportId: row.reportId ?? '',
    tenantId: row.tenantId ?? '',
    clientId: row.clientId ?? '',
    rlsRole: row.rlsRole ?? 'Account',
    clientSecret: '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const done = async (message: string) => {
    await qc.invalidateQueries({ queryKey: KEY });
    notify({ tone: 'success', message });
    onDone();
  };
  const save = useSubmit({
    run: async () => {
      await biApi.savePowerbi(row.accountId, v);
      await done(`Power BI saved for ${row.accountName}`);
    },
    fieldErrors: setErrors,
  });
  const remove = useSubmit({
    run: async () => {
      await biApi.removePowerbi(row.accountId);
      await done(`Power BI removed for ${row.accountName}`);
    },
  });
  return (
    <Section title={`Power BI for ${row.accountName}`}>
      <form onSubmit={(e) => void save.submit(e)}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {FIELDS.map(([k, label]) => (
              <TextField
                key={k}
                label={label}
                value={v[k]}
                onChange={(x) => setV({ ...v, [k]: x })}
                error={errors[k]?.[0]}
              />
            ))}
            <PasswordField
              label="Client secret"
              value={v.clientSecret}
              onChange={(x) => setV({ ...v, clientSecret: x })}
              error={errors.clientSecret?.[0]}
              helper={row.hasSecret ? 'A secret is kept (sealed). Leave empty to keep it.' : undefined}
              autoComplete="new-password"
            />
          </SimpleGrid>
          <FormMessage message={save.message ?? remove.message} />
          <Flex gap="3">
            <Button type="submit" loading={save.busy}>
              Save
            </Button>
            {row.configured && (
              <Button variant="outline" colorPalette="red" loading={remove.busy} onClick={() => void remove.submit()}>
                Remove
              </Button>
            )}
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </Flex>
        </Stack>
      </form>
    </Section>
  );
}

/**
 * `/PowerbiAdmin` (ThebigBoss): per account, the Power BI report `/PBAnalytics` embeds, with the
 * service principal that makes its embed tokens (secret sealed at rest) and the row-level role that
 * keeps the report to the account's rows (ADR 041).
 */
export function PowerbiAdminPage() {
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => biApi.powerbiConfigs(signal) });
  const [editing, setEditing] = useState<number | null>(null);
  const row = list.data?.accounts.find((a) => a.accountId === editing);
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        An account with a report sees it on Power BI analytics instead of the built-in board, filtered to its own rows
        by the row-level role (the account key is the identity).
      </Text>
      {list.isPending && <Loading label="Loading the accounts" />}
      {list.error && <LoadError what="The accounts" message={list.error.message} onRetry={() => void list.refetch()} />}
      {row && <ConfigForm key={row.accountId} row={row} onDone={() => setEditing(null)} />}
      {list.data && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader>Report</Table.ColumnHeader>
                <Table.ColumnHeader>Workspace</Table.ColumnHeader>
                <Table.ColumnHeader>Changed</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.accounts.map((a) => (
                <Table.Row key={a.accountId}>
                  <Table.Cell>{a.accountName}</Table.Cell>
                  <Table.Cell>{a.configured ? a.reportId : <Badge>Built-in board</Badge>}</Table.Cell>
                  <Table.Cell>{a.workspaceId ?? '—'}</Table.Cell>
                  <Table.Cell>{a.updatedAt ? new Date(a.updatedAt).toLocaleString() : '—'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" onClick={() => setEditing(a.accountId)}>
                      {a.configured ? 'Edit' : 'Set up'} {a.accountName}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
