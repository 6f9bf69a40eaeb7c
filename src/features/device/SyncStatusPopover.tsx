import { Box, Button, Flex, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useOutbox, useSyncStatus } from '@/lib/offline/hooks';
import { sendNow } from '@/lib/offline/records';
import { useReference } from '@/lib/offline/reference';
import { ago } from '@/lib/offline/status';
import { currentHref, goTo, loginHref } from '@/lib/navigation';
import { session } from '@/lib/session';
import { RecordRow } from './RecordRow';
import { SyncStatusFace, useNow } from './SyncStatusFace';

const SHOWN = 20;

/**
 * The sync control's popover (zag's popover, floating-ui): the queue on this device. Loaded with
 * the first tap on the navbar's sync button and open from its first render (ADR 017).
 */
export function SyncStatusPopover() {
  const now = useNow();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit defaultOpen>
      <Popover.Trigger asChild>
        <SyncStatusFace now={now} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 16px)">
            <Popover.Arrow />
            <Popover.Header>
              <Popover.Title fontWeight="semibold">Records on this device</Popover.Title>
            </Popover.Header>
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
        {s.online ? 'Online' : 'Offline'} · {s.waiting} waiting{s.rejected ? ` · ${s.rejected} rejected` : ''} · last
        sync {ago(s.lastSuccessAt, now)}
      </Text>
      {offlineSession && (
        <Text fontSize="sm" color="orange.fg">
          Offline session: records are kept on this device and sent once you are signed in online again.
        </Text>
      )}
      {s.needsSignIn && s.waiting > 0 && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="sm" color="orange.fg" flex="1">
            Sign in online to send the waiting records.
          </Text>
          <Button size="xs" onClick={() => goTo(loginHref(currentHref()))}>
            Sign in
          </Button>
        </Flex>
      )}
      {s.lastError && s.waiting > 0 && !s.needsSignIn && (
        <Text fontSize="xs" color="fg.muted">
          Last problem: {s.lastError}
        </Text>
      )}
      {records && records.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Nothing waiting: every record is on the server.
        </Text>
      )}
      {records && records.length > 0 && (
        <Box as="ul" maxH="60vh" overflowY="auto" aria-label="Waiting and rejected records" m="0" p="0">
          {records.slice(0, SHOWN).map((r) => (
            <RecordRow key={r.id} rec={r} reference={reference?.data} />
          ))}
        </Box>
      )}
      {records && records.length > SHOWN && (
        <Text fontSize="xs" color="fg.muted">
          More on the device page.
        </Text>
      )}
      <Flex gap="2" justify="flex-end" wrap="wrap">
        <Button size="sm" variant="outline" asChild>
          <Link to="/Device">Open device page</Link>
        </Button>
        <Button
          size="sm"
          onClick={() => void send()}
          loading={sending || s.running}
          loadingText="Sending"
          disabled={!s.online || s.waiting === 0}
        >
          Send now
        </Button>
      </Flex>
    </Stack>
  );
}
