import { IconButton, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuMerge, LuUserCheck } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { SYSTEM_USER_COLUMNS, SYSTEM_USERS_LIST, type SystemUser } from '@/contract/users-admin';
import { YES_NO } from '@/lib/reference/labels';
import { notify } from '@/lib/notify';
import { systemUsersApi } from './client';
import { SignInLockAction } from './SignInLock';

const columns: ListColumn<SystemUser>[] = specColumns(SYSTEM_USER_COLUMNS);
const filters = [{ field: 'active', label: 'Active', options: YES_NO }];
const label = (u: SystemUser) => u.displayName;

const failed = (e: unknown) =>
  notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });

/** Merging into `keep`: its duplicates by e-mail, the one chosen to retire. */
interface Merge {
  keep: SystemUser;
  duplicates: SystemUser[];
  retire: number;
}

/**
 * `/UsersAdmin` (ThebigBoss): every user across accounts with their memberships; disable a user
 * everywhere (their sessions end at once) or enable them again. An account's last working admin
 * cannot be disabled. Merge: the row's user is kept, a duplicate by e-mail is merged into it and
 * retired (the server refuses, saying why, where the merge would break a rule). A sign-in lock shows, and is
 * lifted, here as on /User (ADR 072).
 */
export function UsersAdminPage() {
  const [confirm, setConfirm] = useState<SystemUser | null>(null);
  const [merge, setMerge] = useState<Merge | null>(null);
  const [busy, setBusy] = useState(false);
  const openMerge = async (keep: SystemUser) => {
    try {
      const { items } = await systemUsersApi.duplicates(keep.id);
      if (!items.length)
        notify({
          tone: 'info',
          message: `No other user has the e-mail address of ${keep.displayName} (${keep.email}).`,
        });
      else setMerge({ keep, duplicates: items, retire: items[0].id });
    } catch (e) {
      failed(e);
    }
  };
  const runMerge = async (m: Merge) => {
    setBusy(true);
    try {
      notify({ tone: 'success', message: (await systemUsersApi.merge(m.keep.id, m.retire)).message });
      await refreshAll();
      setMerge(null);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const unlock = async (u: SystemUser) => {
    setBusy(true);
    try {
      notify({ tone: 'success', message: (await systemUsersApi.unlockSignIn(u.id)).message });
      await refreshAll();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const run = async (u: SystemUser) => {
    setBusy(true);
    try {
      notify({ tone: 'success', message: (await systemUsersApi.setActive(u.id, !u.active)).message });
      await refreshAll();
    } catch (e) {
      failed(e);
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
          <>
            <SignInLockAction user={u} label={label(u)} busy={busy} onUnlock={() => void unlock(u)} />
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Merge a duplicate into ${label(u)}`}
              onClick={() => void openMerge(u)}
            >
              <LuMerge aria-hidden />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`${u.active ? 'Disable' : 'Enable'} ${label(u)} everywhere`}
              onClick={() => setConfirm(u)}
            >
              {u.active ? <LuBan aria-hidden /> : <LuUserCheck aria-hidden />}
            </IconButton>
          </>
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
      <ConfirmDialog
        open={!!merge}
        title={`Merge into ${merge?.keep.displayName ?? ''}?`}
        confirmLabel="Merge"
        danger
        busy={busy}
        onCancel={() => setMerge(null)}
        onConfirm={() => merge && void runMerge(merge)}
      >
        {merge && (
          <Stack gap="3">
            <Text>
              {merge.keep.displayName} ({merge.keep.username}, {merge.keep.email}) is kept. The duplicate's memberships,
              records, devices and audit entries move to them; the duplicate is disabled and signed out everywhere.
            </Text>
            <RadioGroup.Root
              value={String(merge.retire)}
              onValueChange={(e) => e.value && setMerge({ ...merge, retire: Number(e.value) })}
              aria-label="Duplicate to retire"
            >
              <Stack gap="2">
                {merge.duplicates.map((d) => (
                  <RadioGroup.Item key={d.id} value={String(d.id)}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      Retire {d.displayName} ({d.username}, {d.email}) — {d.memberships.join('; ') || 'no memberships'}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          </Stack>
        )}
      </ConfirmDialog>
    </>
  );
}
