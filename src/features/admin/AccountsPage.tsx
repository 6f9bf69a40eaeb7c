import { Badge, Button, Flex, IconButton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuBan, LuLockOpen, LuPencil, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { ACCOUNT_COLUMNS, ACCOUNTS_LIST, type AccountAdminRow } from '@/contract/admin';
import { YES_NO } from '@/lib/reference/labels';
import { notify } from '@/lib/notify';
import { accountsApi, adminClients } from './client';
import { AccountForm } from './AccountForm';

const columns: ListColumn<AccountAdminRow>[] = specColumns(ACCOUNT_COLUMNS, {
  blocked: {
    cell: (a) => (a.blocked ? <Badge colorPalette="red">Blocked</Badge> : <Badge colorPalette="green">Active</Badge>),
  },
});
const filters = [{ field: 'blocked', label: 'Blocked', options: YES_NO }];
const label = (a: AccountAdminRow) => a.name;

/**
 * `/accounts` (ThebigBoss): every customer account with its type, zone, modules, users and state
 * over the list protocol (search, paging, export); create (with its first admin by invitation),
 * edit, block and unblock. A blocked account shows as not selectable at sign-in and its tokens
 * stop at their next request.
 */
export function AccountsPage({ open }: { open?: number | 'new' }) {
  // `/Account?id=` opens the list with one account's form (or a new one) already open.
  const opened = useQuery({
    queryKey: ['admin', 'account', open],
    queryFn: ({ signal }) => adminClients.accounts.get(String(open), signal),
    enabled: typeof open === 'number',
  });
  const [chosen, setEditing] = useState<AccountAdminRow | 'new' | null | undefined>(undefined);
  const editing = chosen !== undefined ? chosen : open === 'new' ? 'new' : (opened.data ?? null);
  const [blocking, setBlocking] = useState<AccountAdminRow | null>(null);
  const [busy, setBusy] = useState(false);

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
      <ListView
        client={adminClients.accounts}
        info={ACCOUNTS_LIST}
        noun="account"
        plural="accounts"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(a) => (
          <>
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
          </>
        )}
      />
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
