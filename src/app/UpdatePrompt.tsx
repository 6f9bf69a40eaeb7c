import { Button, Flex, Text } from '@chakra-ui/react';
import { useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { busyReasons, busyVersion, isBusy, subscribeBusy } from '@/lib/offline/busy';
import { applyUpdate, pwa } from '@/lib/pwa';

/** Shown when a new version waits; the user decides when to reload (never mid-form). */
export function UpdatePrompt() {
  const { updateWaiting, reloadDeferred } = useSnapshot(pwa);
  // busy.ts directly, not the offline hooks: those bring Dexie into every page's first download.
  useSyncExternalStore(subscribeBusy, busyVersion);
  const busy = isBusy();
  const [later, setLater] = useState(false);
  if (!updateWaiting || later) return null;
  if (reloadDeferred) {
    // The user chose to reload; say why it has not happened yet (it will by itself).
    return (
      <Flex
        role="status"
        aria-live="polite"
        position="fixed"
        insetX="3"
        bottom="3"
        mx="auto"
        maxW="md"
        zIndex="toast"
        bg="gray.900"
        color="white"
        borderRadius="md"
        boxShadow="lg"
        px="4"
        py="3"
      >
        <Text>
          The new version loads as soon as nothing is in progress ({busy ? busyReasons().join('; ') : 'finishing'}).
        </Text>
      </Flex>
    );
  }
  return (
    <Flex
      role="status"
      aria-live="polite"
      position="fixed"
      insetX="3"
      bottom="3"
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="gray.900"
      color="white"
      borderRadius="md"
      boxShadow="lg"
      px="4"
      py="3"
      align="center"
      gap="3"
      wrap="wrap"
    >
      <Text flex="1" minW="40">
        A new version is available
      </Text>
      <Button size="sm" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => setLater(true)}>
        Later
      </Button>
      <Button size="sm" onClick={applyUpdate}>
        Reload
      </Button>
    </Flex>
  );
}
