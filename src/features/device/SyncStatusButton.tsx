import { Badge, Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LuCloud, LuCloudOff, LuRefreshCw } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { useLoadOnUse } from '@/app/ui/loadOnUse';
import { useSyncStatus } from '@/lib/offline/hooks';
import { ago, describeStatus } from '@/lib/offline/status';
import { session } from '@/lib/session';

const loadPopover = () => import('./SyncStatusPopover');
const SyncStatusPopover = lazy(() => loadPopover().then((m) => ({ default: m.SyncStatusPopover })));

/** Re-renders every 30 s so "synced 2 min ago" stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The button: online or offline, how many records wait, when the last sync succeeded; its accessible name carries the state. */
export function SyncStatusFace({ now, ...props }: ButtonProps & { now: number }) {
  const s = useSyncStatus();
  const { offline: offlineSession } = useSnapshot(session);
  const name = describeStatus(s, offlineSession);
  const Icon = s.running && s.waiting > 0 ? LuRefreshCw : s.online && !offlineSession ? LuCloud : LuCloudOff;
  return (
    <Button aria-label={name} title={name} variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}
      _expanded={{ bg: 'whiteAlpha.200' }} px="2" gap="1.5" h="auto" py="1" {...props}>
      <Icon aria-hidden />
      <Box textAlign="start" lineHeight="short" hideBelow="sm">
        <Text fontSize="sm" fontWeight="semibold">{s.online && !offlineSession ? 'Online' : offlineSession && s.online ? 'Offline session' : 'Offline'}</Text>
        <Text fontSize="xs">synced {ago(s.lastSuccessAt, now)}</Text>
      </Box>
      {s.waiting > 0 && <Badge colorPalette="yellow" variant="solid">{s.waiting}</Badge>}
      {s.rejected > 0 && <Badge colorPalette="red" variant="solid">{s.rejected}</Badge>}
    </Button>
  );
}

/**
 * The navbar's sync control (DESIGN.md §6): the state on the button, the queue in a popover. The
 * popover's code loads on the first tap (from the service worker's first precache when offline);
 * until then the button is a plain one with the same name and look (ADR 017, third pass).
 */
export function SyncStatusButton() {
  const now = useNow();
  const [used, start, warm] = useLoadOnUse(loadPopover);
  const face = <SyncStatusFace now={now} aria-haspopup="dialog" aria-expanded={false} onClick={start} onPointerDown={warm} onFocus={warm} />;
  if (!used) return face;
  return <Suspense fallback={face}><SyncStatusPopover /></Suspense>;
}
