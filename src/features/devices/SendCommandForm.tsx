import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import {
  DEVICE_COMMAND_KINDS,
  DEVICE_COMMAND_LABELS,
  SendCommandBody,
  type DeviceCommandKind,
} from '@/contract/devices';
import { numberOrNull } from '@/lib/paths';
import { enumOptions } from '@/lib/reference/labels';
import { liveControllers, sendCommand } from './client';

const initial = {
  deviceIds: [] as string[],
  kind: 'reload_allocations' as DeviceCommandKind,
  params: { pump: '', price: '', url: '' },
};
type Draft = typeof initial;

/** The parameters each command takes, from the draft's text fields. */
function paramsOf(d: Draft): Record<string, unknown> {
  const pump = numberOrNull(d.params.pump);
  switch (d.kind) {
    case 'set_pump_price':
      return { pump, price: numberOrNull(d.params.price) };
    case 'open_pump':
    case 'close_pump':
      return { pump };
    case 'firmware_url':
      return { url: d.params.url.trim() };
    default:
      return {};
  }
}

/** `/FAMSCommands`' send form: one command, with its parameters, to one or many site controllers. */
export function SendCommandForm({ close }: { close: (sent?: boolean) => void }) {
  const controllers = useQuery({
    queryKey: ['field-devices', 'controllers'],
    queryFn: ({ signal }) => liveControllers(signal),
  });
  const form = useResourceForm<Draft, { batchId: string; commands: unknown[] }>({
    initial,
    toBody: (d) => ({ deviceIds: d.deviceIds, kind: d.kind, params: paramsOf(d) }),
    schema: SendCommandBody,
    save: sendCommand,
    onSaved: () => {
      void refreshAll();
      close(true);
    },
    savedMessage: (r) => `Command sent to ${r.commands.length} controller${r.commands.length === 1 ? '' : 's'}.`,
  });
  const kind = form.values.kind;
  const options = (controllers.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.name}${c.storeCode ? ` (${c.storeCode})` : ''}`,
  }));
  return (
    <FormShell form={form} title="Send a command" onClose={() => close()} submitLabel="Send">
      <Stack gap="4">
        <SelectField
          label="Command"
          options={enumOptions(DEVICE_COMMAND_KINDS, DEVICE_COMMAND_LABELS)}
          {...form.text('kind')}
        />
        {kind !== 'firmware_url' && ['set_pump_price', 'open_pump', 'close_pump'].includes(kind) && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Pump" inputMode="numeric" {...form.text('params.pump')} />
            {kind === 'set_pump_price' && (
              <TextField label="Price per litre" inputMode="decimal" {...form.text('params.price')} />
            )}
          </SimpleGrid>
        )}
        {kind === 'firmware_url' && (
          <TextField label="Firmware address" placeholder="https://…" {...form.text('params.url')} />
        )}
        {controllers.isPending ? (
          <Text color="fg.muted">Loading controllers…</Text>
        ) : options.length ? (
          <CheckboxGroupField
            legend="Controllers"
            options={options}
            value={form.values.deviceIds}
            onChange={(v) => {
              form.set('deviceIds', v);
              form.touch('deviceIds');
            }}
            error={form.error('deviceIds')}
            columns={{ base: 1, sm: 2 }}
          />
        ) : (
          <Text color="fg.muted">No live site controllers: register one on OTR devices.</Text>
        )}
      </Stack>
    </FormShell>
  );
}
