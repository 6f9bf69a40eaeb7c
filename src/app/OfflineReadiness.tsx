import { Box, Flex, Text, type FlexProps } from '@chakra-ui/react';
import { LuCircleAlert, LuCircleCheck, LuCloudDownload } from '@/app/ui/field-icons';
import { useSnapshot } from 'valtio';
import { pwa } from '@/lib/pwa';

/**
 * Whether this device can work offline yet (ADR 017): while the service worker downloads the
 * field app at the first visit, "Getting ready to work offline" with files done/total; then
 * "Ready to work offline" for a while. Nothing once ready on later visits (the device page
 * has the details). The status region is always in the page so screen readers announce changes.
 */
export function OfflineReadiness(props: FlexProps) {
  const { state, done, total, justReady } = useSnapshot(pwa.offline);
  const view = state === 'downloading' || state === 'failed' || (state === 'ready' && justReady);
  const pct = total ? Math.round((done / total) * 100) : 0;
  const tone = state === 'ready' ? 'green' : state === 'failed' ? 'orange' : 'blue';
  return (
    <Box role="status" aria-live="polite" data-offline-state={state}>
      {view && (
        <Flex
          align="center"
          gap="2"
          wrap="wrap"
          fontSize="sm"
          lineHeight="short"
          px="3"
          py="1.5"
          borderRadius="md"
          borderWidth="1px"
          bg={`${tone}.50`}
          borderColor={`${tone}.200`}
          color={`${tone}.800`}
          {...props}
        >
          {state === 'ready' && (
            <>
              <LuCircleCheck aria-hidden />
              <Text fontWeight="medium">Ready to work offline</Text>
            </>
          )}
          {state === 'downloading' && (
            <>
              <LuCloudDownload aria-hidden />
              <Text fontWeight="medium">Getting ready to work offline…</Text>
              <Text>{total ? `${done} of ${total} files` : 'starting'}</Text>
              <Box
                role="progressbar"
                aria-label="Download for offline use"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                flex="1"
                minW="16"
                h="1.5"
                bg="blue.100"
                borderRadius="full"
                overflow="hidden"
              >
                <Box h="full" w={`${pct}%`} bg="blue.600" transition="width 0.2s" />
              </Box>
            </>
          )}
          {state === 'failed' && (
            <>
              <LuCircleAlert aria-hidden />
              <Text fontWeight="medium">Not ready to work offline yet:</Text>
              <Text>
                the download stopped at {done} of {total} files and starts again by itself.
              </Text>
            </>
          )}
        </Flex>
      )}
    </Box>
  );
}
