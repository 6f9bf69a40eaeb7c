import { Badge, Box, Button, Flex, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LuCloud, LuCloudOff, LuRefreshCw } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { useOutbox, useSyncStatus } from '@/lib/offline/hooks';
import { sendNow } from '@/lib/offline/records';
import { useReference } from '@/lib/offline/reference';
import { ago, describeStatus } from '@/lib/offline/status';
import { currentHref, goTo, loginHref } from '@/lib/navigation';
import { session } from '@/lib/session';
import { RecordRow } from './RecordRow';

const SHOWN = 20;

/** Re-renders every 30 s so "synced 2 min ago" stays true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * The navbar's sync control (DESIGN.md §6): online or offline, how many records wait, when the
 * last sync succeeded. Its accessible name carries the state; it opens the queue.
 */
export function SyncStatusButton() {
  const s = useSyncStatus();
  const { offline: offlineSession } = useSnapshot(session);
  const now = useNow();
  const name = describeStatus(s, offlineSession);
  const Icon = s.running && s.waiting > 0 ? LuRefreshCw : s.online && !offlineSession ? LuCloud : LuCloudOff;
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button aria-label={name} title={name} variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}
          _expanded={{ bg: 'whiteAlpha.200' }} px="2" gap="1.5" h="auto" py="1">
          <Icon aria-hidden />
          <Box textAlign="start" lineHeight="short" hideBelow="sm">
            <Text fontSize="sm" fontWeight="semibold">{s.online && !offlineSession ? 'Online' : offlineSession && s.online ? 'Offline session' : 'Offline'}</Text>
            <Text fontSize="xs">synced {ago(s.lastSuccessAt, now)}</Text>
          </Box>
          {s.waiting > 0 && <Badge colorPalette="yellow" variant="solid">{s.waiting}</Badge>}
          {s.rejected > 0 && <Badge colorPalette="red" variant="solid">{s.rejected}</Badge>}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 16px)">
            <Popover.Arrow />
            <Popover.Header><Popover.Title fontWeight="semibold">Records on this device</Popover.Title></Popover.Header>
            <Popover.Body pt="0">
              <QueuePanel now={now} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function QueuePanel({ now }: { now: number }) {
  const s = useSyncStatus();
  const { offline: offlineSession } = useSnapshot(session);
  const records = useOutbox(['rejected', 'sending', 'queued'], SHOWN + 1);
  const reference = useReference();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    await sendNow().finally(() => setSending(false));
  };
  return (
    <Stack gap="3">
      <Text fontSize="sm">
        {s.online ? 'Online' : 'Offline'} · {s.waiting} waiting{s.rejected ? ` · ${s.rejected} rejected` : ''} · last sync {ago(s.lastSuccessAt, now)}
      </Text>
      {offlineSession && (
        <Text fontSize="sm" color="orange.fg">
          Offline session: records are kept on this device and sent once you are signed in online again.
        </Text>
      )}
      {s.needsSignIn && s.waiting > 0 && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="sm" color="orange.fg" flex="1">Sign in online to send the waiting records.</Text>
          <Button size="xs" onClick={() => goTo(loginHref(currentHref()))}>Sign in</Button>
        </Flex>
      )}
      {s.lastError && s.waiting > 0 && !s.needsSignIn && <Text fontSize="xs" color="fg.muted">Last problem: {s.lastError}</Text>}
      {records && records.length === 0 && <Text fontSize="sm" color="fg.muted">Nothing waiting: every record is on the server.</Text>}
      {records && records.length > 0 && (
        <Box as="ul" maxH="60vh" overflowY="auto" aria-label="Waiting and rejected records" m="0" p="0">
          {records.slice(0, SHOWN).map((r) => <RecordRow key={r.id} rec={r} reference={reference?.data} />)}
        </Box>
      )}
      {records && records.length > SHOWN && <Text fontSize="xs" color="fg.muted">More on the device page.</Text>}
      <Flex gap="2" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="outline" asChild><Link to="/Device">Open device page</Link></Button>
        <Button size="sm" onClick={() => void send()} loading={sending || s.running} loadingText="Sending"
          disabled={!s.online || s.waiting === 0}>Send now</Button>
      </Flex>
    </Stack>
  );
}
