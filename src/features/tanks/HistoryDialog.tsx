import {
  Box,
  Button,
  ButtonGroup,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { READING_RANGE_LABEL, READING_RANGES, type ReadingRange, type TankLevel } from '@/contract/tanks';
import { useTankReadings } from './client';
import { gapText, splitAtGaps } from './gaps';
import { LoadError } from '@/app/ui/QueryState';
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
  const split = useMemo(
    () =>
      q.data
        ? splitAtGaps(q.data.points, new Date(q.data.from), new Date(q.data.to), q.data.gapSeconds * 1000)
        : { segments: [], gaps: [] },
    [q.data],
  );
  const gapLines = split.gaps.map(gapText);
  // A responsive `size` object leaks the full-screen styles into the larger sizes: pick one.
  const size = useBreakpointValue({ base: 'full', md: 'xl' } as const) ?? 'xl';
  return (
    <Dialog.Root
      open={!!tank}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={size}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              {tank && (
                <Text fontSize="sm" color="fg.muted">
                  {tank.storeCode} · {tank.storeName} · {tank.productName}
                </Text>
              )}
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Range">
                  {(Object.keys(READING_RANGES) as ReadingRange[]).map((r) => (
                    <Button
                      key={r}
                      aria-pressed={r === range}
                      variant={r === range ? 'solid' : 'outline'}
                      onClick={() => onRange(r)}
                    >
                      {READING_RANGE_LABEL[r]}
                    </Button>
                  ))}
                </ButtonGroup>
                {q.isPending && <Skeleton h="300px" aria-busy="true" aria-label="Loading the history" />}
                {q.isError && (
                  <LoadError
                    what="The history"
                    message={q.error.message}
                    onRetry={() => void q.refetch()}
                    retrying={q.isFetching}
                  />
                )}
                {q.data && points.length === 0 && (
                  <Box borderWidth="1px" rounded="md" p="6" textAlign="center">
                    <Text fontWeight="semibold">No readings in the last {READING_RANGE_LABEL[range]}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Readings come from the tank's gauge or from manual dips.
                    </Text>
                  </Box>
                )}
                {q.data && points.length > 0 && (
                  <>
                    <Box w="full" overflow="hidden">
                      <Suspense fallback={<Skeleton h="300px" />}>
                        <HistoryChart
                          data={q.data}
                          title={title}
                          segments={split.segments}
                          gaps={split.gaps}
                          gapWords={gapLines.join('; ')}
                        />
                      </Suspense>
                    </Box>
                    <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
                      <Legend color="blue.600" label="Volume" />
                      <Legend color="orange.500" label={`Low level ${litres(q.data.tank.lowLevel)}`} dashed />
                      <Legend color="red.500" label={`Safe fill ${litres(q.data.tank.safeFill)}`} dashed />
                      {split.gaps.length > 0 && <Legend color="gray.300" label="No readings" block />}
                    </HStack>
                    <Text fontSize="sm">
                      {points.length} {points.length === 1 ? 'point' : 'points'}
                      {q.data.bucketSeconds && points.some((p) => p.count > 1)
                        ? ` (one per ${bucketText(q.data.bucketSeconds)}, shaded: lowest to highest)`
                        : ''}
                      {' · '}lowest {litres(lowest)} · highest {litres(highest)}
                    </Text>
                    {gapLines.length > 0 && <GapList lines={gapLines} gapSeconds={q.data.gapSeconds} />}
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const SHOW_GAPS = 6;
const spanText = (s: number) =>
  s < 3600
    ? `${Math.round(s / 60)} min`
    : s < 2 * 86_400
      ? `${Math.round(s / 360) / 10} h`
      : `${Math.round(s / 8640) / 10} days`;

/** The gaps in words (the chart shades them): the first few, and how many more. */
function GapList({ lines, gapSeconds }: { lines: string[]; gapSeconds: number }) {
  const more = lines.length - SHOW_GAPS;
  return (
    <Box fontSize="sm" role="group" aria-label="Gaps in the readings">
      <Text color="fg.muted">The line is broken where no reading came for more than {spanText(gapSeconds)}:</Text>
      <Box as="ul" listStyleType="disc" ps="5">
        {lines.slice(0, SHOW_GAPS).map((l) => (
          <li key={l}>{l}</li>
        ))}
        {more > 0 && (
          <li>
            and {more} more {more === 1 ? 'gap' : 'gaps'}
          </li>
        )}
      </Box>
    </Box>
  );
}

function Legend({ color, label, dashed, block }: { color: string; label: string; dashed?: boolean; block?: boolean }) {
  return (
    <Flex align="center" gap="1.5">
      {block ? (
        <Box w="4" h="3" bg={color} aria-hidden />
      ) : (
        <Box w="5" borderTopWidth="2px" borderTopStyle={dashed ? 'dashed' : 'solid'} borderColor={color} aria-hidden />
      )}
      <Text as="span">{label}</Text>
    </Flex>
  );
}
