import { Badge, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArchive, LuKeyRound } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { KeyDialog } from '@/app/ui/device-key/KeyDialog';
import { refreshAll } from '@/app/ui/list/useList';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  FIELD_DEVICE_COLUMNS,
  FIELD_DEVICE_KIND_LABELS,
  FIELD_DEVICE_KINDS,
  FIELD_DEVICES_LIST,
  type FieldDevice,
} from '@/contract/devices';
import { notify } from '@/lib/notify';
import { enumOptions, referenceFilters, YES_NO } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { fieldDevices, retire, rotateKey } from './client';
import { FieldDeviceForm, KeyUsage } from './FieldDeviceForm';

const columns: ListColumn<FieldDevice>[] = specColumns(FIELD_DEVICE_COLUMNS, {
  kind: { cell: (d) => FIELD_DEVICE_KIND_LABELS[d.kind] },
  lastContactAt: {
    cell: (d) =>
      d.lastContactAt ? (
        <Text as="span" title={d.lastPositionAt ? `Position ${d.lastLatitude}, ${d.lastLongitude}` : undefined}>
          {formatDateTime(d.lastContactAt)}
        </Text>
      ) : (
        'never'
      ),
  },
  retiredAt: { cell: (d) => (d.retiredAt ? <Badge colorPalette="gray">Retired</Badge> : '—') },
});

type Pending = { device: FieldDevice; action: 'rotate' | 'retire' };

/**
 * `/OTRDevices` (admin): the account's field devices — site controllers, handhelds, units on the
 * road — with version, last contact and position; register (the key is shown once), rotate the
 * key, retire.
 */
export function FieldDevicesPage() {
  const { data: ref } = useReference();
  const canWrite = useCanWrite(FIELD_DEVICES_LIST.screen);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotated, setRotated] = useState<FieldDevice | null>(null);
  const filters = [
    { field: 'kind', label: 'Type', options: enumOptions(FIELD_DEVICE_KINDS, FIELD_DEVICE_KIND_LABELS) },
    referenceFilters(ref).storeId,
    { field: 'retired', label: 'Retired', options: YES_NO },
  ];
  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.action === 'rotate') setRotated(await rotateKey(pending.device.id));
      else {
        await retire(pending.device.id);
        notify({ tone: 'success', message: `${pending.device.name} retired.` });
      }
      setPending(null);
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const actions = (d: FieldDevice) =>
    !canWrite || d.deletedAt || d.retiredAt ? null : (
      <>
        <Button
          size="xs"
          variant="outline"
          onClick={() => setPending({ device: d, action: 'rotate' })}
          aria-label={`Rotate key of ${d.name}`}
        >
          <LuKeyRound aria-hidden /> Key
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={() => setPending({ device: d, action: 'retire' })}
          aria-label={`Retire ${d.name}`}
        >
          <LuArchive aria-hidden /> Retire
        </Button>
      </>
    );
  const rotate = pending?.action === 'rotate';
  return (
    <>
      <ResourceScreen
        client={fieldDevices}
        info={FIELD_DEVICES_LIST}
        noun="device"
        plural="devices"
        columns={columns}
        filters={filters}
        rowLabel={(d) => d.name}
        Form={FieldDeviceForm}
        extraActions={actions}
      />
      <ConfirmDialog
        open={!!pending}
        title={rotate ? `Rotate the key of ${pending?.device.name ?? ''}?` : `Retire ${pending?.device.name ?? ''}?`}
        confirmLabel={rotate ? 'Rotate key' : 'Retire'}
        danger
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      >
        <Text>
          {rotate
            ? 'The current key stops working at once; the device needs the new one.'
            : 'Its key stops working at once and its open commands expire. Its history stays.'}
        </Text>
      </ConfirmDialog>
      <KeyDialog device={rotated} usage={<KeyUsage />} onClose={() => setRotated(null)} />
    </>
  );
}
