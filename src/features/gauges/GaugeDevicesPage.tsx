import { Badge, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound, LuPlugZap } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { KeyDialog } from '@/app/ui/device-key/KeyDialog';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { useCanWrite } from '@/app/access';
import {
  GAUGE_DEVICE_COLUMNS,
  GAUGE_DEVICES_LIST,
  GAUGE_PROTOCOL_LABELS,
  GAUGE_PROTOCOLS,
  type GaugeDevice,
} from '@/contract/gauges';
import { notify } from '@/lib/notify';
import { enumOptions, referenceFilters, YES_NO } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { ageOf, devices, intervalText, rotateKey } from './client';
import { GaugeDeviceForm, PUSH_USAGE } from './GaugeDeviceForm';
import { TestConnectionDialog } from './TestConnectionDialog';

// The cells say more than the file's plain values (host:port or the key hint, an age, badges).
const columns: ListColumn<GaugeDevice>[] = specColumns(GAUGE_DEVICE_COLUMNS, {
  protocol: { cell: (d) => GAUGE_PROTOCOL_LABELS[d.protocol] },
  host: {
    cell: (d) =>
      d.protocol === 'tls_tcp' ? `${d.host ?? '—'}:${d.port ?? '—'}` : d.keyHint ? `key …${d.keyHint}` : 'no key',
  },
  pollIntervalS: { cell: (d) => intervalText(d.pollIntervalS) },
  enabled: { cell: (d) => (d.enabled ? 'Yes' : <Badge colorPalette="gray">Off</Badge>) },
  lastContactAt: {
    cell: (d) => (
      <Text as="span" title={d.lastContactAt ? formatDateTime(d.lastContactAt) : undefined}>
        {ageOf(d.lastContactAt)}
      </Text>
    ),
  },
  failures: { cell: (d) => (d.failures ? <Badge colorPalette="red">{d.failures}</Badge> : '0') },
  lastError: {
    cell: (d) =>
      d.lastError ? (
        <Text
          as="span"
          fontSize="sm"
          lineClamp={2}
          title={d.lastErrorAt ? `${formatDateTime(d.lastErrorAt)}: ${d.lastError}` : d.lastError}
        >
          {d.lastError}
        </Text>
      ) : (
        '—'
      ),
  },
});

/**
 * `/iotSetup` (ThebigBoss, in the account chosen at sign-in): tank gauges and gateways — the list
 * with their contact state, the device form with its tank map, "Test connection" for polled
 * consoles and "Rotate key" for push gateways.
 */
export function GaugeDevicesPage() {
  const { data: ref } = useReference();
  const canWrite = useCanWrite(GAUGE_DEVICES_LIST.screen);
  const [testing, setTesting] = useState<GaugeDevice | null>(null);
  const [rotating, setRotating] = useState<GaugeDevice | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotated, setRotated] = useState<GaugeDevice | null>(null);
  const filters = [
    { field: 'protocol', label: 'Protocol', options: enumOptions(GAUGE_PROTOCOLS, GAUGE_PROTOCOL_LABELS) },
    { field: 'enabled', label: 'Enabled', options: YES_NO },
    referenceFilters(ref).storeId,
  ];
  const rotate = async () => {
    if (!rotating) return;
    setBusy(true);
    try {
      setRotated(await rotateKey(rotating.id));
      setRotating(null);
    } catch (e) {
      notify({ tone: 'danger', title: 'Rotate key failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const actions = (d: GaugeDevice) =>
    !canWrite || d.deletedAt ? null : d.protocol === 'tls_tcp' ? (
      <Button size="xs" variant="outline" onClick={() => setTesting(d)} aria-label={`Test connection of ${d.name}`}>
        <LuPlugZap aria-hidden /> Test
      </Button>
    ) : (
      <Button size="xs" variant="outline" onClick={() => setRotating(d)} aria-label={`Rotate key of ${d.name}`}>
        <LuKeyRound aria-hidden /> Key
      </Button>
    );
  return (
    <>
      <ResourceScreen
        client={devices}
        info={GAUGE_DEVICES_LIST}
        noun="device"
        plural="devices"
        columns={columns}
        filters={filters}
        rowLabel={(d) => d.name}
        Form={GaugeDeviceForm}
        formSize="lg"
        extraActions={actions}
      />
      <TestConnectionDialog device={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        open={!!rotating}
        title={`Rotate the key of ${rotating?.name ?? ''}?`}
        confirmLabel="Rotate key"
        danger
        busy={busy}
        onConfirm={() => void rotate()}
        onCancel={() => setRotating(null)}
      >
        <Text>The current key stops working at once; the gateway needs the new one.</Text>
      </ConfirmDialog>
      <KeyDialog device={rotated} usage={PUSH_USAGE} onClose={() => setRotated(null)} />
    </>
  );
}
