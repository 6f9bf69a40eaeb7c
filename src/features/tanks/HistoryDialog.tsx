import { Box, Button, ButtonGroup, CloseButton, Dialog, Flex, HStack, Portal, Skeleton, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { READING_RANGE_LABEL, READING_RANGES, type ReadingRange, type TankLevel } from '@/contract/tanks';
import { useTankReadings } from './client';
import { LoadError } from './LoadError';
import { tankTitle } from './present';
import { litresTotal as litres } from '@/lib/format';

const HistoryChart = lazy(() => import('./HistoryChart'));

interface Props {
  tank: TankLevel | null;
  range: ReadingRange;
  onRange: (range: ReadingRange) => void;
  onClose: () => void;
}

const bucketText = (s: number) => (s < 3600 ? `${s / 60} min` : s < 86_400 ? `${s / 3600} h` : `${s / 86_400} d`);

/** One tank's volume over 24 h, 7 or 30 days, with the low level and safe fill lines. */
export function HistoryDialog({ tank, range, onRange, onClose }: Props) {
  const q = useTankReadings(tank?.tankId ?? null, range);
  const title = tank ? `History of ${tankTitle(tank)}` : 'History';
  const points = q.data?.points ?? [];
  const lowest = points.length ? Math.min(...points.map((p) => p.minLitres)) : null;
  const highest = points.length ? Math.max(...points.map((p) => p.maxLitres)) : null;
  // A responsive `size` object leaks the full-screen styles into the larger sizes: pick one.
  const size = useBreakpointValue({ base: 'full', md: 'xl' } as const) ?? 'xl';
  return (
    <Dialog.Root open={!!tank} onOpenChange={(e) => { if (!e.open) onClose(); }} size={size} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              {tank && <Text fontSize="sm" color="fg.muted">{tank.storeCode} · {tank.storeName} · {tank.productName}</Text>}
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Range">
                  {(Object.keys(READING_RANGES) as ReadingRange[]).map((r) => (
                    <Button key={r} aria-pressed={r === range} variant={r === range ? 'solid' : 'outline'} onClick={() => onRange(r)}>
                      {READING_RANGE_LABEL[r]}
                    </Button>
                  ))}
                </ButtonGroup>
                {q.isPending && <Skeleton h="300px" aria-busy="true" aria-label="Loading the history" />}
                {q.isError && <LoadError what="The history" message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />}
                {q.data && points.length === 0 && (
                  <Box borderWidth="1px" rounded="md" p="6" textAlign="center">
                    <Text fontWeight="semibold">No readings in the last {READING_RANGE_LABEL[range]}</Text>
                    <Text fontSize="sm" color="fg.muted">Readings come from the tank's gauge or from manual dips.</Text>
                  </Box>
                )}
                {q.data && points.length > 0 && (
                  <>
                    <Box w="full" overflow="hidden">
                      <Suspense fallback={<Skeleton h="300px" />}>
                        <HistoryChart data={q.data} title={title} />
                      </Suspense>
                    </Box>
                    <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
                      <Legend color="blue.600" label="Volume" />
                      <Legend color="orange.500" label={`Low level ${litres(q.data.tank.lowLevel)}`} dashed />
                      <Legend color="red.500" label={`Safe fill ${litres(q.data.tank.safeFill)}`} dashed />
                    </HStack>
                    <Text fontSize="sm">
                      {points.length} {points.length === 1 ? 'point' : 'points'}{q.data.bucketSeconds && points.some((p) => p.count > 1) ? ` (one per ${bucketText(q.data.bucketSeconds)}, shaded: lowest to highest)` : ''}
                      {' · '}lowest {litres(lowest)} · highest {litres(highest)}
                    </Text>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="Close" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Legend({ color, label, dashed }: { color: string; label: string; dashed?: boolean }) {
  return (
    <Flex align="center" gap="1.5">
      <Box w="5" borderTopWidth="2px" borderTopStyle={dashed ? 'dashed' : 'solid'} borderColor={color} aria-hidden />
      <Text as="span">{label}</Text>
    </Flex>
  );
}
