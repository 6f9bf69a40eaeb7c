import { Button, Code, Drawer, Flex, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { KeyPanel } from '@/app/ui/device-key/KeyPanel';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField } from '@/app/ui/form/fields';
import { recordTitle, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import {
  FIELD_DEVICE_KIND_LABELS,
  FIELD_DEVICE_KINDS,
  FieldDeviceCreate,
  FieldDeviceUpdate,
  type FieldDevice,
} from '@/contract/devices';
import { enumOptions, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { fieldDevices } from './client';

const draft = (d: FieldDevice | null) => ({
  kind: d?.kind ?? 'controller',
  serial: d?.serial ?? '',
  name: d?.name ?? '',
  storeId: d?.storeId ?? '',
  version: d?.version,
});
type Draft = ReturnType<typeof draft>;

const toBody = ({ version, ...d }: Draft) => ({ ...d, storeId: d.storeId || null, ...(version ? { version } : {}) });

/** Where a device uses its key. */
export function KeyUsage() {
  return (
    <>
      A site controller calls <Code>/api/v1/controller/…</Code> (configuration, commands, dispenses) with
    </>
  );
}

/**
 * A field device on `/OTRDevices` (the one form pattern). Creating one answers its key once: the
 * drawer then shows it with a copy button instead of closing.
 */
export function FieldDeviceForm({ row, close }: RecordFormProps<FieldDevice>) {
  const { data: ref } = useReference();
  const [created, setCreated] = useState<FieldDevice | null>(null);
  const form = useResourceForm<Draft, FieldDevice>({
    initial: draft(row),
    fromRow: draft,
    toBody,
    schema: row ? FieldDeviceUpdate : FieldDeviceCreate,
    save: (body) => (row ? fieldDevices.update(row.id, body) : fieldDevices.create(body)),
    onSaved: (saved) => {
      void refreshAll();
      if (saved.key) setCreated(saved);
      else close(true);
    },
    savedMessage: (r) => `Device ${r.name} ${row ? 'saved' : 'registered'}.`,
  });

  if (created?.key) {
    return (
      <>
        <Drawer.Header borderBottomWidth="1px" pe="12">
          <Drawer.Title>Key of {created.name}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body py="4">
          <KeyPanel deviceId={created.id} deviceKey={created.key} usage={<KeyUsage />} />
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
    <FormShell form={form} title={recordTitle('device', row, (d) => d.name)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField
          label="Type"
          options={enumOptions(FIELD_DEVICE_KINDS, FIELD_DEVICE_KIND_LABELS)}
          {...form.text('kind')}
        />
        <TextField label="Serial number" {...form.text('serial')} />
        <TextField label="Name" {...form.text('name')} />
        <SelectField
          label="Store"
          placeholder="No store"
          options={storeOptions(ref)}
          {...form.text('storeId')}
          helper={form.values.kind === 'controller' ? 'The store this controller runs' : 'Optional: its home store'}
        />
      </SimpleGrid>
    </FormShell>
  );
}
