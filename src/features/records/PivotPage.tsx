import { Alert, Button, Field, Flex, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ExportButtons } from '@/app/ui/list/ListToolbar';
import {
  DIMENSION_LABELS,
  MEASURE_LABELS,
  PIVOT_DIMENSIONS,
  PIVOT_MEASURES,
  type PivotQuery,
} from '@/contract/records';
import { saveFile } from '@/lib/resource';
import { recordsApi } from './client';
import { productOptions, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { PivotTable } from './PivotTable';
import { validatePivotSearch, type PivotSearch } from './search';

const DEFAULTS = { rows: 'store', cols: 'month', measure: 'litres' } as const;
/** Two choices a line on a phone, so the grid is not pushed below the fold. */
const HALF = { base: 'calc(50% - 0.375rem)', sm: '40' } as const;

function Choice({
  label,
  value,
  onChange,
  options,
  empty,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
  empty?: string;
}) {
  return (
    <Field.Root w={HALF}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function DateChoice({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Field.Root w={HALF}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <Input size="sm" type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
}

const route = getRouteApi('/_app/QuickPivot');

const dims = PIVOT_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_LABELS[d] }));

/**
 * `/QuickPivot`: dispensing litres, cost or count by two chosen dimensions, with totals, filters
 * and export. Every choice is in the URL, so a pivot can be bookmarked and shared.
 */
export function PivotPage() {
  const { data: ref } = useReference();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const set = (patch: Partial<Record<keyof PivotSearch, string>>) =>
    void navigate({
      to: '.',
      replace: true,
      search: (prev) => validatePivotSearch({ ...prev, ...patch }),
    });
  const rows = search.rows ?? DEFAULTS.rows;
  const colsChoice = search.cols ?? DEFAULTS.cols;
  const query: PivotQuery = {
    rows,
    cols: colsChoice === 'none' || colsChoice === rows ? undefined : colsChoice,
    measure: search.measure ?? DEFAULTS.measure,
    from: search.from,
    to: search.to,
    storeId: search.storeId,
    productId: search.productId,
  };
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: ['records/pivot', query],
    queryFn: ({ signal }) => recordsApi.pivot(query, signal),
    placeholderData: keepPreviousData,
  });
  let body: ReactNode;
  if (error && !isFetching) {
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The pivot could not be made</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert.Root>
    );
  } else if (isPending) {
    body = (
      <Stack gap="2" role="status" aria-busy="true" aria-label="Loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h="6" />
        ))}
      </Stack>
    );
  } else if (data && data.rows.length === 0) {
    body = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>No dispenses match these filters. Widen the date range or clear a filter.</Alert.Description>
      </Alert.Root>
    );
  } else if (data) {
    body = (
      <div style={{ opacity: isFetching ? 0.6 : 1 }} aria-busy={isFetching}>
        <PivotTable pivot={data} />
      </div>
    );
  }
  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="end" as="form" aria-label="Pivot choices" onSubmit={(e) => e.preventDefault()}>
        <Choice label="Rows" value={rows} options={dims} onChange={(v) => set({ rows: v })} />
        <Choice
          label="Columns"
          value={colsChoice}
          options={[{ value: 'none', label: 'None (totals only)' }, ...dims.filter((d) => d.value !== rows)]}
          onChange={(v) => set({ cols: v })}
        />
        <Choice
          label="Measure"
          value={query.measure!}
          options={PIVOT_MEASURES.map((m) => ({ value: m, label: MEASURE_LABELS[m] }))}
          onChange={(v) => set({ measure: v })}
        />
        <Choice
          label="Store"
          value={search.storeId ?? ''}
          empty="All stores"
          options={storeOptions(ref)}
          onChange={(v) => set({ storeId: v })}
        />
        <DateChoice label="From" value={search.from ?? ''} onChange={(v) => set({ from: v })} />
        <DateChoice label="To" value={search.to ?? ''} onChange={(v) => set({ to: v })} />
        <Choice
          label="Product"
          value={search.productId ?? ''}
          empty="All products"
          options={productOptions(ref)}
          onChange={(v) => set({ productId: v })}
        />
        <Flex gap="2">
          <ExportButtons onExport={async (format) => saveFile(await recordsApi.pivotExport(query, format))} />
        </Flex>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        Days, weeks and months are each store’s local time. Cost is litres × the product’s current price. Corrections
        net out: a reversal counts against the dispense it cancels.
      </Text>
      {body}
    </Stack>
  );
}
