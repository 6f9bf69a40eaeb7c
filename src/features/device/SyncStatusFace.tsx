import { Badge, Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCloud, LuCloudOff, LuRefreshCw } from '@/app/ui/field-icons';
import { useSnapshot } from 'valtio';
import { useSyncStatus } from '@/lib/offline/hooks';
import { ago, describeStatus } from '@/lib/offline/status';
import { session } from '@/lib/session';

/** Re-renders every 30 s so "synced 2 min ago" stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * The button: online or offline, how many records wait, when the last sync succeeded; its accessible name carries the
 * state.
 */
export function SyncStatusFace({ now, ...props }: ButtonProps & { now: number }) {
  const s = useSyncStatus();
  const { offline: offlineSession } = useSnapshot(session);
  const name = describeStatus(s, offlineSession);
  const Icon = s.running && s.waiting > 0 ? LuRefreshCw : s.online && !offlineSession ? LuCloud : LuCloudOff;
  return (
    <Button
      aria-label={name}
      title={name}
      variant="ghost"
      color="white"
      _hover={{ bg: 'whiteAlpha.200' }}
      _expanded={{ bg: 'whiteAlpha.200' }}
      px="2"
      gap="1.5"
      h="auto"
      py="1"
      {...props}
    >
      <Icon aria-hidden />
      <Box textAlign="start" lineHeight="short" hideBelow="sm">
        <Text fontSize="sm" fontWeight="semibold">
          {s.online && !offlineSession ? 'Online' : offlineSession && s.online ? 'Offline session' : 'Offline'}
        </Text>
        <Text fontSize="xs">synced {ago(s.lastSuccessAt, now)}</Text>
      </Box>
      {s.waiting > 0 && (
        <Badge colorPalette="yellow" variant="solid">
          {s.waiting}
        </Badge>
      )}
      {s.rejected > 0 && (
        <Badge colorPalette="red" variant="solid">
          {s.rejected}
        </Badge>
      )}
    </Button>
  );
}
