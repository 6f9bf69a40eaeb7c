import { Alert, Card, Field, NativeSelect, SegmentGroup, Stack } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { ExportButtons, FilterControl, ListToolbar, type FilterSpec } from '@/app/ui/list/ListToolbar';
import { INTERVALS, MAX_SERIES_DAYS, SERIES_GROUPS, VIEWS_PATHS, type SeriesMetric } from '@/contract/views';
import { exportFigures, useSeries } from './client';
import { useViewOptions } from './options';
import { chartQuery, rangeError, type ChartSearch } from './search';
import { SeriesChart } from './SeriesChart';
import { SeriesLegend } from './SeriesLegend';
import { LuChartNoAxesColumn } from 'react-icons/lu';
import { LoadError, Loading, NoData } from '@/app/ui/QueryState';

const METRICS: { value: SeriesMetric; label: string }[] = [
  { value: 'dispensed', label: 'Dispensed' },
  { value: 'received', label: 'Received' },
  { value: 'levels', label: 'Tank levels' },
];
const GROUP_LABEL = { store: 'Store', tank: 'Tank', product: 'Product' } as const;

const route = getRouteApi('/_app/QuickChartView');
const INTERVAL_LABEL = { day: 'Day', week: 'Week', month: 'Month' } as const;

function Choice<T extends string>({
  label,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '32' }}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as T)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const EMPTY_TEXT: Record<SeriesMetric, string> = {
  dispensed: 'No dispensing was recorded in this period for these filters.',
  received: 'No deliveries were received in this period for these filters.',
  levels: 'No tank readings in this period for these filters. Tanks without a gauge or dips have no level history.',
};

/**
 * `/QuickChartView`: dispensing, receipts and tank levels over time by store, tank or product,
 * per day, week or month, with the figures behind the chart as a table and an export.
 */
export function ChartViewPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const set = (patch: Partial<ChartSearch>) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: true });
  const q = chartQuery(search);
  const error = rangeError(q.from, q.to, MAX_SERIES_DAYS);
  const options = useViewOptions(q.storeId);
  const series = useSeries(q);
  const data = error ? undefined : series.data;

  const filterSpecs: (FilterSpec & { value?: string; patch: (v?: string) => Partial<ChartSearch> })[] = [
    { field: 'from', label: 'From', kind: 'date', value: q.from, patch: (v) => ({ from: v }) },
    { field: 'to', label: 'To', kind: 'date', value: q.to, patch: (v) => ({ to: v }) },
    // A tank belongs to one store: choosing another store clears it.
    { ...options.filters.store, value: q.storeId, patch: (v) => ({ storeId: v, tankId: undefined }) },
    { ...options.filters.tank, value: q.tankId, patch: (v) => ({ tankId: v }) },
    { ...options.filters.product, value: q.productId, patch: (v) => ({ productId: v }) },
  ];
  const active = [search.from, search.to, q.storeId, q.tankId, q.productId].filter(Boolean).length;

  return (
    <Stack gap="4">
      <ListToolbar
        search={
          <SegmentGroup.Root
            size="sm"
            value={q.metric}
            onValueChange={(e) => e.value && set({ metric: e.value as SeriesMetric })}
            aria-label="Figure"
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={METRICS} />
          </SegmentGroup.Root>
        }
        activeFilters={active}
        filters={
          <>
            <Choice
              label="Group by"
              value={q.groupBy}
              values={SERIES_GROUPS}
              labels={GROUP_LABEL}
              onChange={(groupBy) => set({ groupBy })}
            />
            <Choice
              label="Per"
              value={q.interval}
              values={INTERVALS}
              labels={INTERVAL_LABEL}
              onChange={(interval) => set({ interval })}
            />
            {filterSpecs.map(({ value, patch, ...spec }) => (
              <FilterControl key={spec.field} spec={spec} value={value} onChange={(v) => set(patch(v))} />
            ))}
          </>
        }
        tools={<ExportButtons onExport={(format) => exportFigures(VIEWS_PATHS.series, q, format)} />}
      />
      {error && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check the dates</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {!error &&
        (series.isError && !data ? (
          <LoadError
            what="The chart"
            message={series.error.message}
            onRetry={() => void series.refetch()}
            retrying={series.isFetching}
          />
        ) : !data ? (
          <Loading label="Loading the chart" />
        ) : data.series.length === 0 ? (
          <NoData title="Nothing to chart" icon={<LuChartNoAxesColumn />}>
            {EMPTY_TEXT[data.metric]}
          </NoData>
        ) : (
          <>
            <Card.Root opacity={series.isFetching ? 0.6 : 1} transition="opacity 0.2s" aria-busy={series.isFetching}>
              <Card.Body p={{ base: 2, md: 4 }}>
                <SeriesChart data={data} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body p={{ base: 3, md: 4 }}>
                <SeriesLegend data={data} />
              </Card.Body>
            </Card.Root>
          </>
        ))}
    </Stack>
  );
}
