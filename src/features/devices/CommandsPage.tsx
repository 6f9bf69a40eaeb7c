import { Badge, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useCanWrite } from '@/app/access';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import {
  COMMAND_STATUS_LABELS,
  COMMAND_STATUSES,
  DEVICE_COMMAND_COLUMNS,
  DEVICE_COMMAND_KINDS,
  DEVICE_COMMAND_LABELS,
  DEVICE_COMMANDS_LIST,
  type CommandStatus,
  type DeviceCommand,
} from '@/contract/devices';
import { enumOptions } from '@/lib/reference/labels';
import { queryClient } from '@/lib/query';
import { commands } from './client';
import { SendCommandForm } from './SendCommandForm';

const COLOURS: Record<CommandStatus, string> = {
  queued: 'gray',
  delivered: 'blue',
  acknowledged: 'green',
  failed: 'red',
  expired: 'orange',
};
/** While the screen is open, its history follows the controllers' answers. */
const REFRESH_MS = 4000;

const paramsText = (c: DeviceCommand) =>
  Object.entries(c.params)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');

const columns: ListColumn<DeviceCommand>[] = specColumns(DEVICE_COMMAND_COLUMNS, {
  kind: {
    cell: (c) => (
      <Text as="span">
        {DEVICE_COMMAND_LABELS[c.kind]}
        {Object.keys(c.params).length ? (
          <Text as="span" color="fg.muted" fontSize="sm">
            {' '}
            ({paramsText(c)})
          </Text>
        ) : null}
      </Text>
    ),
  },
  status: { cell: (c) => <Badge colorPalette={COLOURS[c.status]}>{COMMAND_STATUS_LABELS[c.status]}</Badge> },
});

const filters = [
  { field: 'status', label: 'Status', options: enumOptions(COMMAND_STATUSES, COMMAND_STATUS_LABELS) },
  { field: 'kind', label: 'Command', options: enumOptions(DEVICE_COMMAND_KINDS, DEVICE_COMMAND_LABELS) },
  { field: 'from', label: 'From', kind: 'date' as const },
  { field: 'to', label: 'To', kind: 'date' as const },
];

/**
 * `/FAMSCommands` (admin): send a command to site controllers and follow each one — queued,
 * delivered, acknowledged or failed with the controller's answer, or expired — on the shared list.
 */
export function CommandsPage() {
  const canWrite = useCanWrite(DEVICE_COMMANDS_LIST.screen);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: [commands.path, 'list'] });
    }, REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <>
      <ListView
        client={commands}
        info={DEVICE_COMMANDS_LIST}
        noun="command"
        plural="commands"
        columns={columns}
        filters={filters}
        rowLabel={(c) => `${DEVICE_COMMAND_LABELS[c.kind]} to ${c.deviceName}`}
        canWrite={canWrite}
        onCreate={() => setSending(true)}
        deletable={false}
      />
      <FormDrawer open={sending} onClose={() => setSending(false)}>
        <SendCommandForm close={() => setSending(false)} />
      </FormDrawer>
    </>
  );
}
