import { Button, Code, Drawer, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { KeyPanel } from '@/app/ui/device-key/KeyPanel';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import {
  GAUGE_PROTOCOL_LABELS,
  GAUGE_PROTOCOLS,
  GaugeDeviceCreate,
  GaugeDeviceUpdate,
  type GaugeDevice,
} from '@/contract/gauges';
import { numberOrNull, textOf } from '@/lib/paths';
import { enumOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { devices } from './client';
import { TankMapEditor, type TankMapDraft } from './TankMapEditor';

const draft = (d: GaugeDevice | null) => ({
  name: d?.name ?? '',
  storeId: d?.storeId ?? '',
  protocol: d?.protocol ?? 'tls_tcp',
  host: d?.host ?? '',
  port: textOf(d?.port ?? (d ? null : 10001)),
  pollIntervalS: textOf(d?.pollIntervalS ?? 60),
  enabled: d?.enabled ?? true,
  tankMap: (d?.tankMap ?? []).map((m) => ({ tankNumber: String(m.tankNumber), tankId: m.tankId })) as TankMapDraft[],
});
type Draft = ReturnType<typeof draft>;

const toBody = (d: Draft) => ({
  name: d.name,
  storeId: d.storeId || null,
  protocol: d.protocol,
  host: d.protocol === 'tls_tcp' ? d.host.trim() || null : null,
  port: d.protocol === 'tls_tcp' ? numberOrNull(d.port) : null,
  pollIntervalS: numberOrNull(d.pollIntervalS),
  enabled: d.enabled,
  tankMap: d.tankMap.map((m) => ({ tankNumber: numberOrNull(m.tankNumber), tankId: m.tankId })),
});

const label = (d: GaugeDevice) => d.name;

/** Where a push gateway uses its key. */
export const PUSH_USAGE = (
  <>
    The gateway sends readings to <Code>POST /api/v1/gauges/readings</Code> with
  </>
);

/**
 * A gauge device on `/iotSetup` (the one form pattern). Creating an HTTP push device answers its
 * key once: the drawer then shows it with a copy button instead of closing.
 */
export function GaugeDeviceForm({ row, close }: RecordFormProps<GaugeDevice>) {
  const { data: ref } = useReference();
  const [created, setCreated] = useState<GaugeDevice | null>(null);
  const withVersion = (r: GaugeDevice | null) => ({ ...draft(r), version: r?.version });
  const form = useResourceForm<Draft & { version?: number }, GaugeDevice>({
    initial: withVersion(row),
    fromRow: withVersion,
    toBody: ({ version, ...d }) => (row ? { ...toBody(d), version } : toBody(d)),
    schema: row ? GaugeDeviceUpdate : GaugeDeviceCreate,
    save: (body) => (row ? devices.update(row.id, body) : devices.create(body)),
    onSaved: (saved) => {
      void refreshAll();
      if (saved.key) setCreated(saved);
      else close(true);
    },
    savedMessage: (r) => `Device ${r.name} ${row ? 'saved' : 'created'}.`,
  });
  const storeId = form.values.storeId;
  const tanks = useMemo(() => tankOptions(ref, storeId), [ref, storeId]);
  const tls = form.values.protocol === 'tls_tcp';

  if (created?.key) {
    return (
      <>
        <Drawer.Header borderBottomWidth="1px" pe="12">
          <Drawer.Title>Key of {created.name}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body py="4">
          <KeyPanel deviceId={created.id} deviceKey={created.key} usage={PUSH_USAGE} />
        </Drawer.Body>
        <Drawer.Footer borderTopWidth="1px">
          <Flex justify="end" w="full">
            <Button onClick={() => close(true)}>Done</Button>
          </Flex>
        </Drawer.Footer>
      </>
    );
  }
  return (
    <FormShell form={form} title={recordTitle('device', row, label)} onClose={() => close()}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Name" {...form.text('name')} />
          <SelectField
            label="Protocol"
            options={enumOptions(GAUGE_PROTOCOLS, GAUGE_PROTOCOL_LABELS)}
            {...form.text('protocol')}
            helper={
              tls ? 'The server polls the console over TCP (i201/i202)' : 'The gateway sends readings with its key'
            }
          />
          <SelectField
            label="Store"
            placeholder="No store"
            options={storeOptions(ref)}
            {...form.text('storeId')}
            helper="Its time zone reads the console's clock"
          />
          <TextField
            label={tls ? 'Poll interval (s)' : 'Expected push interval (s)'}
            inputMode="numeric"
            {...form.text('pollIntervalS')}
            helper="10 s to 86 400 s; silent for 3 intervals raises a stale gauge"
          />
          {tls && <TextField label="Host" placeholder="192.0.2.10" {...form.text('host')} />}
          {tls && (
            <TextField
              label="Port"
              inputMode="numeric"
              {...form.text('port')}
              helper="TLS consoles usually listen on 10001"
            />
          )}
        </SimpleGrid>
        <SwitchField
          label="Enabled"
          checked={form.values.enabled}
          onChange={(on) => form.set('enabled', on)}
          helper={tls ? 'Disabled gauges are not polled' : 'A disabled gateway is refused'}
        />
        {!tls && !row && (
          <Flex fontSize="sm" color="fg.muted">
            A key is made when you save and shown once.
          </Flex>
        )}
        <TankMapEditor
          rows={form.values.tankMap}
          onChange={(rows) => form.set('tankMap', rows)}
          touch={form.touch}
          errors={form.errorsUnder('tankMap')}
          tanks={tanks}
        />
      </Stack>
    </FormShell>
  );
}
