import { Badge, Button, Flex, IconButton, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuBan, LuLockOpen, LuPencil, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { refreshAll } from '@/app/ui/list/useList';
import { LoadError, Loading } from '@/app/ui/QueryState';
import type { AccountAdminRow } from '@/contract/admin';
import { notify } from '@/lib/notify';
import { accountsApi } from './client';
import { AccountForm } from './AccountForm';

export const ACCOUNTS_KEY = ['admin', 'accounts'] as const;

/**
 * `/accounts` (ThebigBoss): every customer account with its type, zone, modules, users and state;
 * create (with its first admin by invitation), edit, block and unblock. A blocked account shows
 * as not selectable at sign-in and its tokens stop at their next request.
 */
export function AccountsPage({ open }: { open?: number | 'new' }) {
  const q = useQuery({ queryKey: ACCOUNTS_KEY, queryFn: ({ signal }) => accountsApi.list(signal) });
  // `/Account` opens the list with one account's form (or a new one) already open.
  const [chosen, setEditing] = useState<AccountAdminRow | 'new' | null | undefined>(undefined);
  const editing = chosen !== undefined ? chosen : open === 'new' ? 'new' : (q.data?.find((a) => a.id === open) ?? null);
  const [blocking, setBlocking] = useState<AccountAdminRow | null>(null);
  const [busy, setBusy] = useState(false);
  if (q.error) return <LoadError what="The accounts" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading accounts" />;

  const toggle = async (a: AccountAdminRow) => {
    setBusy(true);
    try {
      const r = await accountsApi.setBlocked(a.id, !a.blocked);
      notify({ tone: 'success', message: `${r.name} is ${r.blocked ? 'blocked' : 'unblocked'}.` });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setBlocking(null);
    }
  };

  return (
    <>
      <Flex mb="3">
        <Button size="sm" onClick={() => setEditing('new')}>
          <LuPlus aria-hidden /> New account
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Accounts">
          <Table.Header>
            <Table.Row>
              {['Name', 'Type', 'Time zone', 'Currency', 'Modules', 'Users', 'State', ''].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {q.data.map((a) => (
              <Table.Row key={a.id}>
                <Table.Cell>{a.name}</Table.Cell>
                <Table.Cell>{a.type}</Table.Cell>
                <Table.Cell>{a.timeZone}</Table.Cell>
                <Table.Cell>{a.currency}</Table.Cell>
                <Table.Cell>{a.modules.join(', ')}</Table.Cell>
                <Table.Cell textAlign="end">{a.users}</Table.Cell>
                <Table.Cell>
                  {a.blocked ? <Badge colorPalette="red">Blocked</Badge> : <Badge colorPalette="green">Active</Badge>}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <IconButton size="xs" variant="ghost" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)}>
                    <LuPencil aria-hidden />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`${a.blocked ? 'Unblock' : 'Block'} ${a.name}`}
                    onClick={() => setBlocking(a)}
                  >
                    {a.blocked ? <LuLockOpen aria-hidden /> : <LuBan aria-hidden />}
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <FormDrawer open={!!editing} onClose={() => setEditing(null)}>
        {editing && (
          <AccountForm
            key={editing === 'new' ? 'new' : editing.id}
            account={editing === 'new' ? undefined : editing}
            close={() => setEditing(null)}
          />
        )}
      </FormDrawer>
      <ConfirmDialog
        open={!!blocking}
        title={`${blocking?.blocked ? 'Unblock' : 'Block'} ${blocking?.name ?? ''}?`}
        confirmLabel={blocking?.blocked ? 'Unblock' : 'Block'}
        danger={!blocking?.blocked}
        busy={busy}
        onCancel={() => setBlocking(null)}
        onConfirm={() => blocking && void toggle(blocking)}
      >
        {blocking?.blocked
          ? 'Its users can select it at sign-in again.'
          : 'Its users are signed out of it at their next request and cannot select it at sign-in.'}
      </ConfirmDialog>
    </>
  );
}
