import { Badge, Box, Button, Flex, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuKeyRound, LuMailPlus, LuShieldCheck, LuUserMinus, LuUserPlus, LuUserCheck } from 'react-icons/lu';
import { useRoles } from '@/app/access';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { satisfies } from '@/contract/access';
import {
  ACCOUNT_USER_COLUMNS,
  ACCOUNT_USERS_LIST,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type AccountUser,
} from '@/contract/admin';
import { enumOptions } from '@/lib/reference/labels';
import { notify } from '@/lib/notify';
import { adminClients, usersApi } from './client';
import { PendingInvitations } from './PendingInvitations';
import { Registrations } from './Registrations';
import { SignupLinkSection } from './SignupLinkSection';
import { NewUserForm, RolesForm } from './UserForms';
import { SignInLockAction } from './SignInLock';

const columns: ListColumn<AccountUser>[] = specColumns(ACCOUNT_USER_COLUMNS);
const filters = [{ field: 'status', label: 'Status', options: enumOptions(USER_STATUSES, USER_STATUS_LABELS) }];
const label = (u: AccountUser) => u.displayName;

type Panel = { kind: 'invite' } | { kind: 'create' } | { kind: 'roles'; user: AccountUser };
type Confirm = { kind: 'block' | 'unblock' | 'remove'; user: AccountUser };

/**
 * `/User` (issue 14): the account's users with roles, status, last sign-in and live devices;
 * invite, create, roles, block, password link, remove; a sign-in lock shows, and is lifted, here (ADR 072).
 * Self-service requests wait above the list: those sent through the account's sign-up link (below the list)
 * for its admins, the others for ThebigBoss (ADR 060).
 */
export function UsersPage() {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const bigBoss = satisfies(useRoles(), 'thebigBoss');

  const run = async (p: Promise<{ message: string }>) => {
    setBusy(true);
    try {
      notify({ tone: 'success', message: (await p).message });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const close = () => setPanel(null);

  return (
    <>
      <Registrations bigBoss={bigBoss} />
      <Flex gap="2" mb="3" wrap="wrap">
        <Button size="sm" onClick={() => setPanel({ kind: 'invite' })}>
          <LuMailPlus aria-hidden /> Invite user
        </Button>
        <Button size="sm" variant="outline" onClick={() => setPanel({ kind: 'create' })}>
          <LuUserPlus aria-hidden /> Create with password
        </Button>
      </Flex>
      <PendingInvitations />
      <ListView
        client={adminClients.users}
        info={ACCOUNT_USERS_LIST}
        noun="user"
        plural="users"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(u) => (
          <>
            {u.status === 'blocked' && <Badge colorPalette="red">Blocked</Badge>}
            <SignInLockAction
              user={u}
              label={label(u)}
              busy={busy}
              onUnlock={() => void run(usersApi.unlockSignIn(u.id))}
            />
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Roles of ${label(u)}`}
              onClick={() => setPanel({ kind: 'roles', user: u })}
            >
              <LuShieldCheck aria-hidden />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`${u.status === 'blocked' ? 'Unblock' : 'Block'} ${label(u)}`}
              onClick={() => setConfirm({ kind: u.status === 'blocked' ? 'unblock' : 'block', user: u })}
            >
              {u.status === 'blocked' ? <LuUserCheck aria-hidden /> : <LuBan aria-hidden />}
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`E-mail a password link to ${label(u)}`}
              disabled={busy}
              onClick={() => void run(usersApi.passwordLink(u.id))}
            >
              <LuKeyRound aria-hidden />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Remove ${label(u)}`}
              onClick={() => setConfirm({ kind: 'remove', user: u })}
            >
              <LuUserMinus aria-hidden />
            </IconButton>
          </>
        )}
      />
      <FormDrawer open={!!panel} onClose={close}>
        {panel?.kind === 'roles' ? (
          <RolesForm key={panel.user.id} user={panel.user} close={close} />
        ) : panel ? (
          <NewUserForm key={panel.kind} mode={panel.kind} close={close} />
        ) : null}
      </FormDrawer>
      <ConfirmDialog
        open={!!confirm}
        title={
          confirm?.kind === 'remove'
            ? `Remove ${confirm.user.displayName} from this account?`
            : `${confirm?.kind === 'block' ? 'Block' : 'Unblock'} ${confirm?.user.displayName ?? ''}?`
        }
        confirmLabel={confirm?.kind === 'remove' ? 'Remove' : confirm?.kind === 'block' ? 'Block' : 'Unblock'}
        danger={confirm?.kind !== 'unblock'}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const { kind, user } = confirm;
          void run(kind === 'remove' ? usersApi.remove(user.id) : usersApi.setBlocked(user.id, kind === 'block'));
        }}
      >
        {confirm?.kind === 'block'
          ? 'They are signed out of this account at their next request and cannot sign in to it until unblocked.'
          : confirm?.kind === 'remove'
            ? 'They lose access to this account; their records stay.'
            : 'They can sign in to this account again.'}
      </ConfirmDialog>
      <Box mt="4">
        <SignupLinkSection />
      </Box>
    </>
  );
}
