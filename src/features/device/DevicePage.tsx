import { Box, Button, Flex, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import type { ReferenceData } from '@/contract/setup/reference';
import type { OutboxRecord, OutboxState } from '@/lib/offline/db';
import { useOutbox, useRecentRecords, useSyncStatus } from '@/lib/offline/hooks';
import { discardRejected, sendNow } from '@/lib/offline/records';
import { useReference } from '@/lib/offline/reference';
import { ago } from '@/lib/offline/status';
import { session } from '@/lib/session';
import { AppCard, ReferenceCard, Section, StorageCard } from './DeviceCards';
import { RecordEditDialog } from './RecordEditDialog';
import { RecordRow } from './RecordRow';
import { KIND_LABEL, summary } from '@/lib/offline/summary';

/**
 * `/Device`: what this phone holds: the queue (fix or discard rejected records), storage, reference data, app version.
 */
export function DevicePage() {
  return (
    <Stack gap="4" maxW="5xl">
      <QueueCard />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <StorageCard />
        <ReferenceCard />
        <AppCard />
      </SimpleGrid>
    </Stack>
  );
}

const TABS: Array<{ value: string; label: string; states: OutboxState[] }> = [
  { value: 'rejected', label: 'Rejected', states: ['rejected'] },
  { value: 'waiting', label: 'Waiting', states: ['queued', 'sending'] },
];

function QueueCard() {
  const s = useSyncStatus();
  const { offline } = useSnapshot(session);
  const reference = useReference()?.data;
  const [editing, setEditing] = useState<OutboxRecord | null>(null);
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  // Until the user picks a tab, rejected records (which need them) come first when there are any.
  const [picked, setTab] = useState<string | null>(null);
  const tab = picked ?? (s.rejected > 0 ? 'rejected' : 'waiting');
  const counts: Record<string, number> = { rejected: s.rejected, waiting: s.waiting };
  return (
    <Section title="Records on this device">
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" minW="60">
          {offline ? 'Offline session' : s.online ? 'Online' : 'Offline'} · {s.waiting} waiting · {s.rejected} rejected
          · last sync {ago(s.lastSuccessAt)}
        </Text>
        <Button
          size="sm"
          onClick={() => void sendNow()}
          loading={s.running}
          loadingText="Sending"
          disabled={!s.online || s.waiting === 0}
        >
          Send now
        </Button>
      </Flex>
      {offline && (
        <Text fontSize="sm" color="orange.fg">
          Signed in offline on this device: records are kept here and sent once you are signed in online again (this
          happens by itself when the server can be reached).
        </Text>
      )}
      {s.lastError && s.waiting > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Last problem: {s.lastError}
        </Text>
      )}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value}>
              {t.label} ({counts[t.value]})
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="recent">Recent</Tabs.Trigger>
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            <QueueList states={t.states} reference={reference} onFix={setEditing} onDiscard={setDiscarding} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="recent">
          <RecentList reference={reference} />
        </Tabs.Content>
      </Tabs.Root>
      <RecordEditDialog rec={editing} reference={reference} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!discarding}
        title="Discard this record?"
        confirmLabel="Discard"
        danger
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const rec = discarding;
          setDiscarding(null);
          if (rec) void discardRejected(rec.id);
        }}
      >
        {discarding && (
          <Text>
            {KIND_LABEL[discarding.kind]}: {summary(discarding, reference)}. It was never stored on the server and will
            be gone from this device.
          </Text>
        )}
      </ConfirmDialog>
    </Section>
  );
}

function QueueList({
  states,
  reference,
  onFix,
  onDiscard,
}: {
  states: OutboxState[];
  reference: ReferenceData | undefined;
  onFix: (r: OutboxRecord) => void;
  onDiscard: (r: OutboxRecord) => void;
}) {
  const records = useOutbox(states);
  if (!records) return null;
  if (records.length === 0)
    return (
      <Text color="fg.muted" py="2">
        None.
      </Text>
    );
  return (
    <Box as="ul" m="0" p="0">
      {records.map((r) => (
        <RecordRow key={r.id} rec={r} reference={reference} onFix={onFix} onDiscard={onDiscard} />
      ))}
    </Box>
  );
}

function RecentList({ reference }: { reference: ReferenceData | undefined }) {
  const records = useRecentRecords(undefined, 50);
  if (!records) return null;
  if (records.length === 0)
    return (
      <Text color="fg.muted" py="2">
        Nothing recorded on this device yet.
      </Text>
    );
  return (
    <Box as="ul" m="0" p="0">
      {records.map((r) => (
        <RecordRow key={r.id} rec={r} reference={reference} />
      ))}
    </Box>
  );
}
