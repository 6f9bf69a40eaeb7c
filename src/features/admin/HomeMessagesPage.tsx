import { Button, Flex, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { specCell, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import {
  HOME_MESSAGE_COLUMNS,
  HOME_MESSAGE_STATE_LABELS,
  HOME_MESSAGES_LIST,
  type HomeMessage,
} from '@/contract/home-messages';
import { enumOptions } from '@/lib/reference/labels';
import { notify } from '@/lib/notify';
import { homeMessagesApi } from './client';
import { HomeMessageForm } from './HomeMessageForm';

const columns: ListColumn<HomeMessage>[] = specColumns(HOME_MESSAGE_COLUMNS, {
  endsOn: { cell: (m) => (m.endsOn ? specCell(TO_COLUMN, m) : 'No end day') },
});
const filters = [
  {
    field: 'state',
    label: 'State',
    options: enumOptions(['current', 'scheduled', 'ended'], HOME_MESSAGE_STATE_LABELS),
  },
];
const TO_COLUMN = HOME_MESSAGE_COLUMNS.find((c) => c.key === 'endsOn')!;
const label = (m: HomeMessage) => `the message for ${m.accountName} from ${m.startsOn}`;

/**
 * `/messageAccount` (ThebigBoss): home-screen messages per account or for all accounts, with
 * start and end days; the one in force is what users see at sign-in and on the dashboard.
 */
export function HomeMessagesPage() {
  const [editing, setEditing] = useState<HomeMessage | 'new' | null>(null);
  const [removing, setRemoving] = useState<HomeMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (m: HomeMessage) => {
    setBusy(true);
    try {
      await homeMessagesApi.remove(m.id);
      notify({ tone: 'success', message: 'Message deleted.' });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };
  return (
    <>
      <Flex mb="3">
        <Button size="sm" onClick={() => setEditing('new')}>
          <LuPlus aria-hidden /> New message
        </Button>
      </Flex>
      <ListView
        client={homeMessagesApi.list}
        info={HOME_MESSAGES_LIST}
        noun="message"
        plural="messages"
        columns={columns}
        filters={filters}
        rowLabel={label}
        canWrite={false}
        deletable={false}
        extraActions={(m) => (
          <>
            <IconButton size="xs" variant="ghost" aria-label={`Edit ${label(m)}`} onClick={() => setEditing(m)}>
              <LuPencil aria-hidden />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={`Delete ${label(m)}`} onClick={() => setRemoving(m)}>
              <LuTrash2 aria-hidden />
            </IconButton>
          </>
        )}
      />
      <FormDrawer open={!!editing} onClose={() => setEditing(null)}>
        {editing && (
          <HomeMessageForm
            key={editing === 'new' ? 'new' : editing.id}
            message={editing === 'new' ? undefined : editing}
            close={() => setEditing(null)}
          />
        )}
      </FormDrawer>
      <ConfirmDialog
        open={!!removing}
        title="Delete this message?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        {removing?.message}
      </ConfirmDialog>
    </>
  );
}
