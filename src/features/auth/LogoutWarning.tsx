import { proxy, useSnapshot } from 'valtio';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { unsyncedCount } from '@/lib/offline/records';
import { logout } from './service';

/**
 * Logging out with records not yet on the server (docs/design.md §6): say how many and that they stay
 * on this device. They belong to the account's database, not to the session, and are sent after
 * the next sign-in to this account.
 */
const state = proxy({ open: false, count: 0 });

export async function requestLogout(): Promise<void> {
  const count = await unsyncedCount().catch(() => 0);
  if (count === 0) {
    void logout();
    return;
  }
  Object.assign(state, { open: true, count });
}

export function LogoutWarning() {
  const { open, count } = useSnapshot(state);
  const records = count === 1 ? '1 record is' : `${count} records are`;
  return (
    <ConfirmDialog
      open={open}
      title="Records not sent yet"
      confirmLabel="Log out anyway"
      cancelLabel="Stay signed in"
      onCancel={() => {
        state.open = false;
      }}
      onConfirm={() => {
        state.open = false;
        void logout();
      }}
    >
      <p>
        {records} not on the server yet. They stay safely on this device and are sent after the next sign-in to this
        account.
      </p>
    </ConfirmDialog>
  );
}
