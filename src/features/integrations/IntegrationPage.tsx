import { Badge, Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LuPlay, LuRotateCcw, LuSend } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  DELIVERIES_LIST,
  DELIVERY_COLUMNS,
  INTEGRATION_COLUMNS,
  INTEGRATION_STATUS_LABELS,
  INTEGRATION_TYPE_LABELS,
  INTEGRATION_TYPES,
  INTEGRATIONS_LIST,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Delivery,
  type Integration,
} from '@/contract/integrations';
import { failureText } from '@/lib/form';
import { queryClient } from '@/lib/query';
import { notify } from '@/lib/notify';
import { enumOptions, YES_NO } from '@/lib/reference/labels';
import { deliveries, integrations, replayDelivery, runDrop, sendTest } from './integrations.client';
import { IntegrationForm } from './IntegrationForm';

/** While the delivery log is open, it follows the worker's attempts. */
const REFRESH_MS = 4000;

const STATUS_COLOURS: Record<Delivery['status'], string> = { pending: 'gray', delivered: 'green', failed: 'red' };

const LAST_STATUS_COLOURS: Record<string, string> = { ok: 'green', retrying: 'orange', revoked: 'gray' };

/** What the integration does, in a few words: a webhook's address, a drop's data and schedule. */
function targetOf(i: Integration): string {
  if (i.type === 'csv_drop') {
    const when = i.frequency === 'daily' ? `daily ${i.atTime ?? ''}` : 'hourly';
    return `${i.datasets.join(', ')} → drops/${i.folder ?? ''} (${when})`;
  }
  return i.url ?? '—';
}

const integrationColumns: ListColumn<Integration>[] = specColumns(INTEGRATION_COLUMNS, {
  type: { cell: (i) => INTEGRATION_TYPE_LABELS[i.type] },
  url: { cell: targetOf },
  lastStatus: {
    cell: (i) =>
      i.lastStatus ? (
        <Badge colorPalette={LAST_STATUS_COLOURS[i.lastStatus] ?? 'red'}>
          {INTEGRATION_STATUS_LABELS[i.lastStatus] ?? i.lastStatus}
        </Badge>
      ) : (
        '—'
      ),
  },
  lastRows: { cell: (i) => (i.lastRows === null ? '—' : i.lastRows.toLocaleString('en-US')) },
});
const deliveryColumns: ListColumn<Delivery>[] = specColumns(DELIVERY_COLUMNS, {
  status: { cell: (d) => <Badge colorPalette={STATUS_COLOURS[d.status]}>{d.status}</Badge> },
  event: {
    cell: (d) => (
      <Text as="span" title={d.replayOf ? `Replay of ${d.replayOf}` : undefined}>
        {d.event}
        {d.replayOf ? ' (replay)' : ''}
      </Text>
    ),
  },
  deliveredAt: { cell: (d) => (d.deliveredAt ? formatDateTime(d.deliveredAt) : '—') },
});

/** Runs an action, says how it went, refreshes the lists. */
async function act(run: () => Promise<{ deliveries: string[] }>, done: string) {
  try {
    const r = await run();
    notify({ tone: r.deliveries.length ? 'success' : 'info', message: r.deliveries.length ? done : 'Nothing sent.' });
    await refreshAll();
  } catch (e) {
    notify({ tone: 'danger', title: 'Failed', message: failureText(e).text });
  }
}

/**
 * `/Integration` (admin, ADR 048, 057): the account's integrations — create and edit webhooks
 * (address, events, a sealed secret), CSV drops (datasets, schedule, folder; "Run now") and BI
 * feeds (a feed key), their status, last run, rows and error, a test ping — and the webhook
 * delivery log with replay. The tab is in the URL (`tab=log`); each tab has its own list state.
 */
export function IntegrationPage() {
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  const tab = search.tab === 'log' ? 'log' : 'integrations';
  const canWrite = useCanWrite(INTEGRATIONS_LIST.screen);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (tab !== 'log') return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: [deliveries.path, 'list'] });
    }, REFRESH_MS);
    return () => clearInterval(t);
  }, [tab]);
  const run = async (id: string, f: () => Promise<void>) => {
    setBusy(id);
    await f().finally(() => setBusy(null));
  };

  const startDrop = async (i: Integration) => {
    try {
      await runDrop(i.id);
      notify({ tone: 'success', message: `Drop of ${i.name} started; its status follows here.` });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Failed', message: failureText(e).text });
    }
  };
  const integrationActions = (i: Integration) =>
    canWrite && i.type === 'csv_drop' && !i.deletedAt && i.enabled ? (
      <Button
        size="xs"
        variant="outline"
        loading={busy === i.id}
        aria-label={`Run ${i.name} now`}
        onClick={() => void run(i.id, () => startDrop(i))}
      >
        <LuPlay aria-hidden /> Run now
      </Button>
    ) : canWrite && i.type === 'webhook' && !i.deletedAt ? (
      <Button
        size="xs"
        variant="outline"
        loading={busy === i.id}
        aria-label={`Send a test to ${i.name}`}
        onClick={() => void run(i.id, () => act(() => sendTest(i.id), `Test sent to ${i.name}; see the delivery log.`))}
      >
        <LuSend aria-hidden /> Test
      </Button>
    ) : null;
  const deliveryActions = (d: Delivery) =>
    canWrite && d.status !== 'pending' ? (
      <Button
        size="xs"
        variant={d.status === 'failed' ? 'solid' : 'outline'}
        loading={busy === d.id}
        aria-label={`Replay ${d.event} to ${d.integrationName}`}
        onClick={() => void run(d.id, () => act(() => replayDelivery(d.id), `${d.event} queued again.`))}
      >
        <LuRotateCcw aria-hidden /> Replay
      </Button>
    ) : null;

  return (
    <Stack gap="4">
      <Tabs.Root
        value={tab}
        onValueChange={(e) => void navigate({ to: '.', search: e.value === 'log' ? { tab: 'log' } : {} })}
        variant="line"
        size="sm"
      >
        <Tabs.List>
          <Tabs.Trigger value="integrations">Integrations</Tabs.Trigger>
          <Tabs.Trigger value="log">Delivery log</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      {tab === 'integrations' ? (
        <ResourceScreen
          client={integrations}
          info={INTEGRATIONS_LIST}
          noun="integration"
          plural="integrations"
          columns={integrationColumns}
          filters={[
            { field: 'type', label: 'Type', options: enumOptions(INTEGRATION_TYPES, INTEGRATION_TYPE_LABELS) },
            { field: 'enabled', label: 'Enabled', options: YES_NO },
          ]}
          rowLabel={(i) => i.name}
          Form={IntegrationForm}
          extraActions={integrationActions}
        />
      ) : (
        <ListView
          client={deliveries}
          info={DELIVERIES_LIST}
          noun="delivery"
          plural="deliveries"
          columns={deliveryColumns}
          filters={[
            { field: 'status', label: 'Status', options: enumOptions(['pending', 'delivered', 'failed']) },
            { field: 'event', label: 'Event', options: enumOptions(WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS) },
          ]}
          rowLabel={(d) => `${d.event} to ${d.integrationName}`}
          canWrite={false}
          deletable={false}
          extraActions={deliveryActions}
        />
      )}
    </Stack>
  );
}
