import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LuFileDown } from 'react-icons/lu';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ExportButtons } from '@/app/ui/list/ListToolbar';
import { PAGE_SIZES } from '@/app/ui/list/listSearch';
import { Pager } from '@/app/ui/list/Pager';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { SelectField } from '@/app/ui/form/fields';
import { TextField } from '@/app/ui/Fields';
import { type ReportDeclaration, type ReportFilter } from '@/contract/report-catalog';
import { FORMAT_LABELS } from '@/contract/report-runs';
import { RANGE_LABELS, RELATIVE_RANGES, type RelativeRange } from '@/contract/report-range';
import type { ReportParams } from '@/contract/reports';
import {
  costCentreOptions,
  employeeOptions,
  equipmentOptions,
  productOptions,
  storeOptions,
  tankOptions,
} from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { saveFile } from '@/lib/resource';
import { notify } from '@/lib/notify';
import { REPORT_KEYS, reportsApi } from './client';
import { ReportPreview } from './ReportPreview';
import { RunProgress } from './RunProgress';
import { hasRunParams, type ReportListSearch } from './search';

const route = getRouteApi('/_app/ReportList');
const ReportChart = lazy(() => import('./ReportChart'));
/** Rows per preview page at first (the pager offers the lists' sizes). */
const PREVIEW_PAGE_SIZE = 100;
const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
const WIDTH = { base: 'full', sm: '56' } as const;

const FILTER_LABELS: Record<ReportFilter, string> = {
  storeId: 'Store',
  productId: 'Product',
  tankId: 'Tank',
  costCentreId: 'Cost centre',
  equipmentId: 'Equipment',
  employeeId: 'Employee',
};

const paramsOf = (s: ReportListSearch): ReportParams => {
  const { report: _report, ...p } = s;
  return p;
};

/**
 * The parameters of one report and its run: preview on screen, the same run as a direct file, or a
 * run into a file as a job with its progress. The last run's parameters are in the URL, so a link
 * opens the report and runs it again.
 */
export function ReportRunner({
  decl,
  title,
  defaults,
  search,
}: {
  decl: ReportDeclaration;
  /** The account's name for the report (`/StandardReportListBold`). */
  title: string;
  defaults: Partial<ReportParams>;
  search: ReportListSearch;
}) {
  const { data: ref } = useReference();
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<ReportParams>({
    range: 'lastMonth',
    days: 30,
    ...defaults,
    ...paramsOf(search),
  });
  const [params, setParams] = useState<ReportParams | null>(hasRunParams(search) ? paramsOf(search) : null);
  const [runId, setRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to' | 'days', string>>>({});
  const set = (patch: Partial<ReportParams>) => setDraft((d) => ({ ...d, ...patch }));
  const options: Record<ReportFilter, { value: string; label: string }[]> = {
    storeId: storeOptions(ref),
    productId: productOptions(ref),
    tankId: tankOptions(ref, draft.storeId),
    costCentreId: costCentreOptions(ref),
    equipmentId: equipmentOptions(ref),
    employeeId: employeeOptions(ref),
  };
  // The preview's page: the server reads the whole run and sends one page with the run's total (ADR 058).
  const [paging, setPaging] = useState({ page: 1, size: PREVIEW_PAGE_SIZE });
  const run = useQuery({
    queryKey: ['reports', decl.id, params, paging],
    queryFn: ({ signal }) => reportsApi.run(decl.id, params!, paging, signal),
    enabled: params !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  /** The draft as run parameters, or null with the field messages shown. */
  const checked = (): ReportParams | null => {
    const found: typeof errors = {};
    if (decl.period === 'days') {
      const d = Number(draft.days);
      if (!Number.isInteger(d) || d < 1 || d > 3650) found.days = 'A whole number from 1 to 3650';
    } else if (draft.range === 'custom') {
      if (!draft.from) found.from = 'Choose the first day';
      if (!draft.to) found.to = 'Choose the last day';
      if (draft.from && draft.to && draft.to < draft.from) found.to = 'The last day is before the first';
    }
    setErrors(found);
    if (Object.keys(found).length) return null;
    const custom = decl.period === 'range' && draft.range === 'custom';
    const p: ReportParams = {
      ...(decl.period === 'range' ? { range: draft.range ?? 'lastMonth' } : { days: draft.days }),
      ...(custom ? { from: draft.from, to: draft.to } : {}),
      ...Object.fromEntries(decl.filters.filter((f) => draft[f]).map((f) => [f, draft[f]])),
    };
    void navigate({ search: { report: decl.id, ...p } as ReportListSearch, replace: true });
    return p;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = checked();
    if (!p) return;
    setParams(p);
    setPaging((g) => ({ ...g, page: 1 }));
    if (params && JSON.stringify(p) === JSON.stringify(params) && paging.page === 1) void run.refetch();
  };
  const runToFile = async (format: (typeof REPORT_FORMATS)[number]) => {
    const p = checked();
    if (!p) return;
    setStarting(true);
    try {
      const r = await reportsApi.startRun(decl.id, format, p as Record<string, unknown>);
      setRunId(r.id);
      void client.invalidateQueries({ queryKey: REPORT_KEYS.recent });
    } catch (e) {
      notify({ tone: 'danger', title: 'Not started', message: (e as Error).message });
    } finally {
      setStarting(false);
    }
  };
  return (
    <Stack gap="4">
      <Box>
        <Heading size="md">{title}</Heading>
        <Text color="fg.muted">{decl.description}</Text>
      </Box>
      <Flex as="form" gap="3" wrap="wrap" align="end" onSubmit={submit} aria-label="Report parameters">
        {decl.period === 'range' ? (
          <>
            <Box w={WIDTH}>
              <SelectField
                label="Period"
                value={draft.range ?? 'lastMonth'}
                onChange={(v) => set({ range: v as RelativeRange })}
                options={RELATIVE_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
              />
            </Box>
            {draft.range === 'custom' && (
              <>
                <Box w={WIDTH}>
                  <TextField
                    label="From"
                    type="date"
                    value={draft.from ?? ''}
                    onChange={(v) => set({ from: v })}
                    error={errors.from}
                  />
                </Box>
                <Box w={WIDTH}>
                  <TextField
                    label="To"
                    type="date"
                    value={draft.to ?? ''}
                    onChange={(v) => set({ to: v })}
                    error={errors.to}
                  />
                </Box>
              </>
            )}
          </>
        ) : (
          <Box w={WIDTH}>
            <TextField
              label="Not fuelled for (days)"
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={String(draft.days ?? '')}
              onChange={(v) => set({ days: v === '' ? undefined : Number(v) })}
              error={errors.days}
            />
          </Box>
        )}
        {decl.filters.map((f) => (
          <Box key={f} w={WIDTH}>
            <SelectField
              label={FILTER_LABELS[f]}
              value={(draft[f] as string | undefined) ?? ''}
              onChange={(v) => set({ [f]: v || undefined })}
              options={options[f]}
              placeholder="All"
            />
          </Box>
        ))}
        <Button type="submit" colorPalette="orange" loading={run.isFetching}>
          Run report
        </Button>
        {run.data && params && (
          <ExportButtons
            formats={REPORT_FORMATS}
            onExport={async (format) => saveFile(await reportsApi.download(decl.id, params, format))}
          />
        )}
      </Flex>
      <Flex gap="2" align="center" wrap="wrap" role="group" aria-label="Run into a file">
        <Text fontSize="sm" color="fg.muted">
          Run into a file (kept 90 days, in your recent runs):
        </Text>
        {REPORT_FORMATS.map((format) => (
          <Button key={format} size="sm" variant="outline" loading={starting} onClick={() => void runToFile(format)}>
            <LuFileDown aria-hidden /> Run to {FORMAT_LABELS[format]}
          </Button>
        ))}
      </Flex>
      {runId && <RunProgress key={runId} id={runId} />}
      {run.isPending && run.isFetching && <Loading label="Running the report" />}
      {run.error && !run.isFetching && (
        <LoadError what="The report" message={run.error.message} onRetry={() => void run.refetch()} />
      )}
      {run.data && (
        <Stack gap="2" opacity={run.isFetching ? 0.6 : 1} aria-busy={run.isFetching}>
          <Text fontSize="sm" color="fg.muted">
            {run.data.from ? `${run.data.from} to ${run.data.to} (each store's local days) · ` : ''}
            {run.data.rowCount} {run.data.rowCount === 1 ? 'row' : 'rows'} · run{' '}
            {new Date(run.data.generatedAt).toLocaleString()}
          </Text>
          {run.data.chart && (
            <Suspense fallback={<Loading label="Drawing the chart" />}>
              <ReportChart chart={run.data.chart} />
            </Suspense>
          )}
          <ReportPreview decl={decl} run={run.data} />
          {run.data.rowCount > PAGE_SIZES[0] && (
            <Pager
              page={run.data.page}
              pageSize={run.data.pageSize}
              total={run.data.rowCount}
              onPage={(page) => setPaging((g) => ({ ...g, page }))}
              onPageSize={(size) => setPaging({ page: 1, size })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/ReportList`: the standard reports this account's users may run, grouped and searchable; the
 * open report's parameters, preview and files. Which reports the server offers is its catalogue.
 */
