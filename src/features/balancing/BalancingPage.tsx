import { Alert, Box, Field, Flex, IconButton, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { ListEmpty } from '@/app/ui/list/ListStates';
import { LoadError } from '@/app/ui/QueryState';
import { ColumnChooser, ExportButtons } from '@/app/ui/list/ListToolbar';
import { useColumnChoice } from '@/app/ui/list/useList';
import { VARIANCE_FIXED_LITRES } from '@/contract/balancing';
import { LEAK_THRESHOLD_LPH, LEAK_WINDOW_DAYS } from '@/contract/leak-test';
import { saveFile } from '@/lib/resource';
import { MonthCards } from './Cards';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { balancingApi, balancingKeys } from './client';
import { DailyPanel } from './DailyPanel';
import { monthName } from './format';
import { monthColumns, MonthTable, toMonthRows } from './MonthTable';
import { shiftMonth } from '@/contract/calendar';
import { currentMonth, lastCompleteMonth, validateBalancingSearch, type BalancingSearch } from './search';

const route = getRouteApi('/_app/QuickBalancing');

const small = { fontSize: 'xs', color: 'fg.muted' } as const;

/**
 * `/QuickBalancing`: the month per tank (throughput, receipts, variance against the allowance of
 * 1 % of throughput + 130 US gal, flagged in red), a tank's days below it, and the records behind
 * every figure. Month, store and open tank are in the URL.
 */
export function BalancingPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const month = search.month ?? lastCompleteMonth();
  const thisMonth = currentMonth();
  const set = (patch: Partial<BalancingSearch>, push = false) =>
    void navigate({
      to: '.',
      search: (prev) => validateBalancingSearch({ ...prev, ...patch }),
      replace: !push,
      resetScroll: false,
    });

  const ref = useReference();
  const monthly = useQuery({
    queryKey: balancingKeys.monthly(month, search.store),
    queryFn: ({ signal }) => balancingApi.monthly(month, search.store, signal),
    placeholderData: keepPreviousData,
  });
  // The month still running is tested up to yesterday; a past month up to its last day.
  const leakMonth = month >= thisMonth ? undefined : month;
  const leaks = useQuery({
    queryKey: balancingKeys.leakTests(leakMonth, search.store),
    queryFn: ({ signal }) => balancingApi.leakTests(leakMonth, search.store, signal),
  });
  const rows = useMemo(
    () => monthly.data && toMonthRows(monthly.data.rows, leaks.data?.rows),
    [monthly.data, leaks.data],
  );
  const { visibility, setVisibility } = useColumnChoice('/QuickBalancing');
  const columns = monthColumns((r) => set({ tank: r.tankId }, true), search.tank);
  const flagged = rows?.filter((r) => r.flagged) ?? [];
  const leaking = rows?.filter((r) => r.leak?.verdict === 'fail') ?? [];
  const monthId = useId();
  const storeId = useId();

  return (
    <Stack gap="4">
      <Flex
        gap="3"
        wrap="wrap"
        align={{ base: 'stretch', md: 'end' }}
        justify="space-between"
        direction={{ base: 'column', md: 'row' }}
      >
        <Flex gap="3" wrap="wrap" align="end">
          <Field.Root w="auto">
            <Field.Label {...small} htmlFor={monthId}>
              Month
            </Field.Label>
            <Flex gap="1" align="center">
              <IconButton
                size="sm"
                variant="outline"
                aria-label="Previous month"
                onClick={() => set({ month: shiftMonth(month, -1) })}
              >
                <LuChevronLeft aria-hidden />
              </IconButton>
              <Input
                id={monthId}
                size="sm"
                type="month"
                w="40"
                value={month}
                max={thisMonth}
                onChange={(e) => {
                  if (/^\d{4}-\d{2}$/.test(e.target.value)) set({ month: e.target.value });
                }}
              />
              <IconButton
                size="sm"
                variant="outline"
                aria-label="Next month"
                disabled={month >= thisMonth}
                onClick={() => set({ month: shiftMonth(month, 1) })}
              >
                <LuChevronRight aria-hidden />
              </IconButton>
            </Flex>
          </Field.Root>
          <Field.Root w={{ base: 'full', sm: '56' }}>
            <Field.Label {...small} htmlFor={storeId}>
              Store
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={storeId}
                value={search.store ?? ''}
                onChange={(e) => set({ store: e.target.value || undefined })}
              >
                <option value="">All stores</option>
                {storeOptions(ref.data).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Box hideBelow="md">
            <ColumnChooser columns={columns} visibility={visibility} onChange={setVisibility} />
          </Box>
          <ExportButtons
            onExport={async (format) => saveFile(await balancingApi.exportMonthly(month, search.store, format))}
          />
        </Flex>
      </Flex>

      <Text fontSize="sm" color="fg.muted">
        {monthName(month)}
        {month >= thisMonth ? ' (month to date)' : ''}: a tank is flagged when its variance (measured − book, summed
        over the days) is more than 1 % of its throughput + 130 US gal ({VARIANCE_FIXED_LITRES} L). Volumes are gross
        litres at ambient temperature. Choose a tank for its days, and a figure for the records behind it. The leak test
        (statistical inventory reconciliation, US EPA) fits the last {LEAK_WINDOW_DAYS} days of variances
        {month >= thisMonth ? '' : ' of the month'}: a tank losing more than {LEAK_THRESHOLD_LPH.toFixed(3)} L/h fails;
        too few or too scattered readings are inconclusive.
      </Text>

      {flagged.length > 0 && (
        <Alert.Root status="error" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {flagged.length === 1 ? '1 tank is' : `${flagged.length} tanks are`} over the allowance:{' '}
            {flagged.map((r) => r.tank).join(', ')}
          </Alert.Title>
        </Alert.Root>
      )}

      {leaking.length > 0 && (
        <Alert.Root status="error" role="status">
          <Alert.Indicator />
          <Alert.Title>
            Leak test failed: {leaking.map((r) => `${r.tank} (losing ${r.leak!.leakRate!.toFixed(2)} L/h)`).join(', ')}
          </Alert.Title>
        </Alert.Root>
      )}
      {leaks.isError && (
        <LoadError
          what="The leak tests"
          message={leaks.error.message}
          onRetry={() => void leaks.refetch()}
          retrying={leaks.isFetching}
        />
      )}

      {monthly.isError && !monthly.data ? (
        <LoadError
          what="The list"
          message={monthly.error.message}
          onRetry={() => void monthly.refetch()}
          retrying={monthly.isFetching}
        />
      ) : rows && rows.length === 0 ? (
        <ListEmpty plural="tanks" filtered={!!search.store} deleted={false} onClear={() => set({ store: undefined })} />
      ) : (
        <Box opacity={monthly.isFetching && !monthly.isPending ? 0.6 : 1} aria-busy={monthly.isFetching}>
          <Box hideBelow="md">
            <MonthTable rows={rows} columns={columns} visibility={visibility} loading={monthly.isPending} />
          </Box>
          <Box hideFrom="md">
            {rows ? (
              <MonthCards rows={rows} onOpen={(r) => set({ tank: r.tankId }, true)} />
            ) : (
              <Stack gap="2" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} h="28" />
                ))}
              </Stack>
            )}
          </Box>
        </Box>
      )}

      {search.tank && (
        <DailyPanel key={search.tank} tankId={search.tank} month={month} onClose={() => set({ tank: undefined })} />
      )}
    </Stack>
  );
}
