import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LuX } from 'react-icons/lu';
import { LoadError } from '@/app/ui/QueryState';
import { ColumnChooser, ExportButtons } from '@/app/ui/list/ListToolbar';
import { useColumnChoice } from '@/app/ui/list/useList';
import { monthBounds } from '@/contract/calendar';
import { saveFile } from '@/lib/resource';
import { DailyCards } from './Cards';
import { balancingApi, balancingKeys } from './client';
import { dailyColumns, DailyTable, type Drill } from './DailyTable';
import { monthName, percent } from './format';
import { litresFigure as litres } from '@/lib/format';
import { StatusBadge, VarianceText } from './MonthTable';
import { RecordsDialog } from './RecordsDialog';

interface Props {
  tankId: string;
  month: string;
  onClose: () => void;
}

/** One tank's days of the month, with the month's totals and the drill-down into each figure. */
export function DailyPanel({ tankId, month, onClose }: Props) {
  const { from, to } = monthBounds(month);
  const q = useQuery({
    queryKey: balancingKeys.daily(tankId, from, to),
    queryFn: ({ signal }) => balancingApi.daily(tankId, from, to, signal),
    placeholderData: keepPreviousData,
  });
  const { visibility, setVisibility } = useColumnChoice('/QuickBalancing#daily');
  const [drill, setDrill] = useState<Drill | null>(null);
  const section = useRef<HTMLElement>(null);
  // Opening a tank from a long month table: bring its days into view (on a phone they are far below).
  useEffect(() => {
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [tankId]);

  const t = q.data?.tanks[0];
  const tank = t ? `${t.storeCode} ${t.tankCode}` : 'Tank';
  const columns = dailyColumns(tank, setDrill);
  const total = t?.total;
  const title = `Daily figures — ${tank}${t ? ` · ${t.productName}` : ''} · ${monthName(month)}`;

  return (
    <Box
      as="section"
      ref={section}
      aria-labelledby="daily-heading"
      borderWidth="1px"
      rounded="md"
      p={{ base: '3', md: '4' }}
      bg="bg.subtle"
      scrollMarginTop="20"
    >
      <Stack gap="3">
        <Flex
          gap="2"
          align={{ base: 'stretch', md: 'center' }}
          justify="space-between"
          direction={{ base: 'column', md: 'row' }}
        >
          <Heading as="h2" size="md" id="daily-heading">
            {title}
          </Heading>
          <Flex gap="2" wrap="wrap">
            <Box hideBelow="md">
              <ColumnChooser columns={columns} visibility={visibility} onChange={setVisibility} />
            </Box>
            <ExportButtons
              onExport={async (format) => saveFile(await balancingApi.exportDaily(tankId, from, to, format))}
            />
            <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close daily figures">
              <LuX aria-hidden /> Close
            </Button>
          </Flex>
        </Flex>
        {total && (
          <Flex gap={{ base: '2', md: '5' }} wrap="wrap" fontSize="sm" align="center" aria-label="Month totals">
            <Text>
              Throughput <b>{litres(total.dispensed)} L</b>
            </Text>
            <Text>
              Receipts <b>{litres(total.receipts)} L</b>
            </Text>
            <Text>
              Transfers{' '}
              <b>
                +{litres(total.transfersIn)} / −{litres(total.transfersOut)} L
              </b>
            </Text>
            <Text>
              Variance{' '}
              <b>
                <VarianceText value={total.variance} danger={total.flagged} /> L
              </b>{' '}
              ({percent(total.variancePct)})
            </Text>
            <Text>
              Allowance <b>±{litres(total.threshold)} L</b>
            </Text>
            <StatusBadge row={{ ...total, complete: q.data!.to < new Date().toISOString().slice(0, 10) }} />
          </Flex>
        )}
        <Text fontSize="xs" color="fg.muted">
          Litres, gross at ambient temperature, per day in the store's time zone.
          {total &&
            total.daysOpenedFromBook > 0 &&
            ' “book”: no reading closed the day before, so the day opens on the book stock (the sum of the recorded movements).'}
        </Text>
        {q.isError && !q.data ? (
          <LoadError
            what="The list"
            message={q.error.message}
            onRetry={() => void q.refetch()}
            retrying={q.isFetching}
          />
        ) : t && t.days.length === 0 ? (
          <Text color="fg.muted">This month has not started yet in the store's time zone.</Text>
        ) : (
          <Box opacity={q.isFetching && !q.isPending ? 0.6 : 1} aria-busy={q.isFetching}>
            <Box hideBelow="md">
              <DailyTable
                rows={t?.days}
                columns={columns}
                visibility={visibility}
                loading={q.isPending}
                caption={title}
              />
            </Box>
            <Box hideFrom="md">
              {t ? (
                <DailyCards rows={t.days} tank={tank} open={setDrill} />
              ) : (
                <Stack gap="2" aria-busy="true">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} h="32" />
                  ))}
                </Stack>
              )}
            </Box>
          </Box>
        )}
      </Stack>
      <RecordsDialog tankId={tankId} tank={tank} drill={drill} onClose={() => setDrill(null)} />
    </Box>
  );
}
