import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuUserCheck } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { SYSTEM_USER_COLUMNS, SYSTEM_USERS_LIST, type SystemUser } from '@/contract/users-admin';
import { YES_NO } from '@/lib/reference/labels';
import { notify } from '@/lib/notify';
import { systemUsersApi } from './client';

const columns: ListColumn<SystemUser>[] = specColumns(SYSTEM_USER_COLUMNS);
const filters = [{ field: 'active', label: 'Active', options: YES_NO }];
const label = (u: SystemUser) => u.displayName;

/**
 * `/UsersAdmin` (ThebigBoss): every user across accounts with their memberships; disable a user
 * everywhere (their sessions end at once) or enable them again. An account's last working admin
 * cannot be disabled.
 */
export function UsersAdminPage() {
  const [confirm, setConfirm] = useState<SystemUser | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (u: SystemUser) => {
    setBusy(true);
    try {
      notify({ tone: 'success', message: (await systemUsersApi.setActive(u.id, !u.active)).message });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  return (
    <>
      <ListView
        client={systemUsersApi.list}
        info={SYSTEM_USERS_LIST}
        noun="user"
        plural="users"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(u) => (
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`${u.active ? 'Disable' : 'Enable'} ${label(u)} everywhere`}
            onClick={() => setConfirm(u)}
          >
            {u.active ? <LuBan aria-hidden /> : <LuUserCheck aria-hidden />}
          </IconButton>
        )}
      />
      <ConfirmDialog
        open={!!confirm}
        title={`${confirm?.active ? 'Disable' : 'Enable'} ${confirm?.displayName ?? ''} everywhere?`}
        confirmLabel={confirm?.active ? 'Disable' : 'Enable'}
        danger={!!confirm?.active}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void run(confirm)}
      >
        {confirm?.active
          ? 'They are signed out of every account at once and cannot sign in until enabled.'
          : 'They can sign in to their accounts again.'}
      </ConfirmDialog>
    </>
  );
}
