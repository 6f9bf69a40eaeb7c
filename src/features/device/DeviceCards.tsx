import { Button, Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { refreshReference, useReference, type RefreshResult } from '@/lib/offline/reference';
import { APP_VERSION } from '@/lib/offline/version';
import { pwa } from '@/lib/pwa';
import { session } from '@/lib/session';
import { formatTime } from '@/lib/offline/summary';

/** The device page's smaller cards: storage, reference data, app and service worker. */

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {children}
          {action}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const mb = (bytes?: number) => (bytes === undefined ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function StorageCard() {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  const [asked, setAsked] = useState(false);
  const supported = typeof navigator !== 'undefined' && !!navigator.storage;
  useEffect(() => {
    if (!supported) return;
    void navigator.storage
      .estimate?.()
      .then(setEstimate)
      .catch(() => setEstimate(null));
    void navigator.storage
      .persisted?.()
      .then(setPersisted)
      .catch(() => setPersisted(null));
  }, [supported]);
  const ask = async () => {
    setAsked(true);
    setPersisted(await navigator.storage.persist().catch(() => false));
  };
  const share =
    estimate?.usage !== undefined && estimate.quota
      ? ` (${((estimate.usage / estimate.quota) * 100).toFixed(1)} %)`
      : '';
  return (
    <Section
      title="Storage"
      action={
        supported &&
        persisted === false && (
          <Stack gap="1" align="flex-start">
            <Button size="sm" variant="outline" onClick={() => void ask()}>
              Keep records safe on this device
            </Button>
            {asked && (
              <Text fontSize="xs" color="fg.muted">
                The browser declined for now; it often agrees once the app is installed or used more.
              </Text>
            )}
          </Stack>
        )
      }
    >
      {!supported && <Text>This browser does not report its storage.</Text>}
      {supported && (
        <Facts
          items={[
            ['Used', `${mb(estimate?.usage)}${share}`],
            ['Available to the app', mb(estimate?.quota)],
            [
              'Protected from clean-up',
              persisted === null ? (
                'unknown'
              ) : (
                <Text as="span" color={persisted ? 'green.fg' : 'orange.fg'}>
                  {persisted ? 'Yes (persistent)' : 'No: the browser may clear it when space runs low'}
                </Text>
              ),
            ],
          ]}
        />
      )}
    </Section>
  );
}

const RESULT_TEXT: Record<RefreshResult, string> = {
  updated: 'Updated.',
  unchanged: 'Already up to date.',
  skipped: 'Not possible now: offline or not signed in online.',
  failed: 'The server did not send it; the saved copy is kept.',
};

export function ReferenceCard() {
  const ref = useReference();
  const { offline } = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RefreshResult | null>(null);
  const refresh = async () => {
    setBusy(true);
    setResult(await refreshReference());
    setBusy(false);
  };
  const d = ref?.data;
  return (
    <Section
      title="Reference data"
      action={
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          loading={busy}
          disabled={offline}
          onClick={() => void refresh()}
        >
          Refresh now
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        Stores, tanks, equipment and people the forms use with no signal.
      </Text>
      <Facts
        items={[
          ['Last refreshed', ref ? formatTime(ref.fetchedAt) : ref === null ? 'never on this device' : '…'],
          [
            'Contents',
            d
              ? `${d.stores.length} stores, ${d.tanks.length} tanks, ${d.equipment.length} equipment, ${d.employees.length} employees`
              : '—',
          ],
        ]}
      />
      {result && (
        <Text fontSize="sm" role="status">
          {RESULT_TEXT[result]}
        </Text>
      )}
    </Section>
  );
}

function useWorkerState(): string {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const [state, setState] = useState(sw ? 'checking…' : 'not supported by this browser');
  useEffect(() => {
    if (!sw) return;
    const read = () =>
      void sw.getRegistration().then((reg) => {
        if (!reg) return setState('not registered (development build)');
        const parts = [reg.active ? `active (${reg.active.state})` : 'installing'];
        if (reg.waiting) parts.push('a new version waits');
        parts.push(sw.controller ? 'controls this page' : 'does not control this page yet');
        setState(parts.join(', '));
      });
    read();
    sw.addEventListener('controllerchange', read);
    return () => sw.removeEventListener('controllerchange', read);
  }, [sw]);
  return state;
}

export function AppCard() {
  const { updateWaiting } = useSnapshot(pwa);
  const worker = useWorkerState();
  return (
    <Section title="App">
      <Facts
        items={[
          ['Version', APP_VERSION],
          ['Service worker', worker],
          ['Update', updateWaiting ? 'A new version is ready (see the prompt at the bottom)' : 'Up to date'],
          [
            'Background sync',
            typeof window !== 'undefined' && 'SyncManager' in window
              ? 'Supported'
              : 'Not supported: sends while the app is open',
          ],
        ]}
      />
    </Section>
  );
}
