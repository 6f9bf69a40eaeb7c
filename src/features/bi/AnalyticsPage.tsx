import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '@/app/ui/form/fields';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { ANALYTICS_MONTHS } from '@/contract/analytics';
import { useReference } from '@/lib/reference/query';
import { BoardCharts } from './BoardCharts';
import { biApi } from './client';
import { FeedKeys } from './FeedKeys';
import { PowerbiEmbed } from './PowerbiEmbed';

/**
 * `/PBAnalytics` (admin): the account's Power BI report where `/PowerbiAdmin` set one, else FAMS's own
 * analytics board, filtered by store and period; and the BI feed's keys for tools outside FAMS (ADR 041).
 */
export function AnalyticsPage() {
  const { data: ref } = useReference();
  const [months, setMonths] = useState<number>(12);
  const [storeId, setStoreId] = useState('');
  const board = useQuery({
    queryKey: ['analytics-board', months, storeId],
    queryFn: ({ signal }) => biApi.board({ months, storeId: storeId || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  // The account's Power BI report where one is set (the board meanwhile, and when it cannot be reached).
  const embed = useQuery({
    queryKey: ['powerbi-embed'],
    queryFn: ({ signal }) => biApi.embed(signal),
    staleTime: 300_000,
  });
  const builtIn = (
    <>
      {board.isPending && <Loading label="Loading the board" />}
      {board.error && <LoadError what="The board" message={board.error.message} onRetry={() => void board.refetch()} />}
      {board.data && <BoardCharts board={board.data} />}
    </>
  );

  return (
    <Stack gap="5">
      <Flex gap="4" wrap="wrap" align="end">
        <Box w={{ base: 'full', sm: '48' }}>
          <SelectField
            label="Period"
            value={String(months)}
            onChange={(v) => setMonths(Number(v))}
            options={ANALYTICS_MONTHS.map((m) => ({ value: String(m), label: `Last ${m} months` }))}
          />
        </Box>
        <Box w={{ base: 'full', sm: '64' }}>
          <SelectField
            label="Store"
            value={storeId}
            onChange={setStoreId}
            placeholder="All stores"
            options={(ref?.stores ?? []).map((s) => ({ value: s.id, label: `${s.code} — ${s.name}` }))}
          />
        </Box>
        {board.data && (
          <Text color="fg.muted" fontSize="sm">
            {board.data.from} to {board.data.to}
          </Text>
        )}
      </Flex>
      {embed.data ? <PowerbiEmbed embed={embed.data} fallback={builtIn} /> : builtIn}
      <FeedKeys />
    </Stack>
  );
}
