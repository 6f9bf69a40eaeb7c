import { Badge, Box, Button, Card, Flex, Heading, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LuArrowLeft, LuFileDown, LuStar } from 'react-icons/lu';
import { useMemo, useState, type FormEvent } from 'react';
import { ExportButtons } from '@/app/ui/list/ListToolbar';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { SelectField } from '@/app/ui/form/fields';
import { TextField } from '@/app/ui/Fields';
import {
  REPORTS,
  reportById,
  type ReportDeclaration,
  type ReportFilter,
  type ReportKey,
} from '@/contract/report-catalog';
import { FORMAT_LABELS } from '@/contract/report-runs';
import { RANGE_LABELS, RELATIVE_RANGES, type RelativeRange } from '@/contract/report-range';
import type { ReportParams, ReportSummary } from '@/contract/reports';
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
import { RecentRuns } from './RecentRuns';
import { ReportPreview } from './ReportPreview';
import { RunProgress } from './RunProgress';
import { hasRunParams, type ReportListSearch } from './search';

const route = getRouteApi('/_app/ReportList');
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

/** A custom report as the runner's declaration, from the server's catalogue (ADR 045, 050: its dataset's filters). */
const customDecl = (r: ReportSummary, c: NonNullable<ReportSummary['custom']>): ReportDeclaration => ({
  id: r.id,
  title: r.title,
  description: r.description,
  group: 'Custom',
  period: 'range',
  filters: c.filters,
  columns: c.columns,
  subtotalBy: c.subtotalBy,
  sums: c.sums,
});

/** The run parameters held in the URL search (a bookmarked or shared run). */
const paramsOf = (s: ReportListSearch): ReportParams => {
  const { report: _report, ...p } = s;
  return p;
};

/**
 * The parameters of one report and its run: preview on screen, the same run as a direct file, or a
 * run into a file as a job with its progress. The last run's parameters are in the URL, so a link
 * opens the report and runs it again.
 */
function ReportRunner({
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
  const run = useQuery({
    queryKey: ['reports', decl.id, params],
    queryFn: ({ signal }) => reportsApi.run(decl.id, params!, signal),
    enabled: params !== null,
    staleTime: 0,
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
    if (params && JSON.stringify(p) === JSON.stringify(params)) void run.refetch();
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
            {run.data.truncated ? ' · the preview shows the first rows; the files hold them all' : ''}
          </Text>
          <ReportPreview decl={decl} run={run.data} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/ReportList`: the standard reports this account's users may run, grouped and searchable; the
 * open report's parameters, preview and files. Which reports the server offers is its catalogue.
 */
export function ReportListPage() {
  const search = route.useSearch();
  const { report } = search;
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const catalog = useQuery({ queryKey: ['reports'], queryFn: ({ signal }) => reportsApi.catalog(signal) });
  const favourites = useQuery({
    queryKey: REPORT_KEYS.favourites,
    queryFn: ({ signal }) => reportsApi.favourites(signal),
  });
  const starred = new Set<string>(favourites.data?.reports ?? []);
  const star = async (id: ReportKey, on: boolean) => {
    try {
      client.setQueryData(REPORT_KEYS.favourites, await reportsApi.star(id, on));
    } catch (e) {
      notify({ tone: 'danger', title: 'Favourites not changed', message: (e as Error).message });
    }
  };
  // The server's catalogue: only what the account offers, under its names (ADR 035).
  const summaries = useMemo(() => new Map(catalog.data?.reports.map((r) => [r.id, r])), [catalog.data]);
  const all = useMemo(
    () => [
      ...REPORTS.filter((r) => summaries.has(r.id)).map((r) => ({ ...r, title: summaries.get(r.id)!.title })),
      ...(catalog.data?.reports ?? []).flatMap((r) => (r.custom ? [customDecl(r, r.custom)] : [])),
    ],
    [summaries, catalog.data],
  );
  const offered = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return all.filter((r) => !needle || `${r.title} ${r.description}`.toLowerCase().includes(needle));
  }, [all, q]);
  const FAVOURITES = 'Favourites';
  const groups = [
    ...(offered.some((r) => starred.has(r.id)) ? [FAVOURITES] : []),
    ...new Set(offered.map((r) => r.group)),
  ];
  const open = report ? (reportById(report) ?? all.find((r) => r.id === report)) : undefined;
  return (
    <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
      {/* On a phone the open report takes the screen; "All reports" goes back to the list. */}
      <Stack
        gap="3"
        w={{ base: 'full', lg: '80' }}
        flexShrink={0}
        as="nav"
        aria-label="Reports"
        display={{ base: open ? 'none' : 'flex', lg: 'flex' }}
      >
        <Input
          placeholder="Search reports"
          aria-label="Search reports"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        {catalog.isPending && <Loading label="Loading the reports" height="40" />}
        {catalog.error && (
          <LoadError
            what="The reports"
            message={catalog.error.message}
            onRetry={() => void catalog.refetch()}
            retrying={catalog.isFetching}
          />
        )}
        {groups.map((g) => (
          <Stack key={g} gap="2">
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
              {g}
            </Text>
            {offered
              .filter((r) => (g === FAVOURITES ? starred.has(r.id) : r.group === g))
              .map((r) => (
                <Flex key={r.id} gap="1" align="start">
                  <Card.Root
                    size="sm"
                    as="button"
                    flex="1"
                    textAlign="start"
                    cursor="pointer"
                    borderColor={r.id === report ? 'orange.solid' : undefined}
                    aria-current={r.id === report ? 'true' : undefined}
                    onClick={() => void navigate({ search: { report: r.id } })}
                  >
                    <Card.Body>
                      <Text fontWeight="medium">{r.title}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {r.description}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette={starred.has(r.id) ? 'orange' : 'gray'}
                    aria-pressed={starred.has(r.id)}
                    aria-label={`${starred.has(r.id) ? 'Remove' : 'Add'} ${r.title} ${starred.has(r.id) ? 'from' : 'to'} favourites`}
                    onClick={() => void star(r.id, !starred.has(r.id))}
                  >
                    <LuStar aria-hidden fill={starred.has(r.id) ? 'currentColor' : 'none'} />
                  </IconButton>
                </Flex>
              ))}
          </Stack>
        ))}
        {catalog.data && offered.length === 0 && <Text color="fg.muted">No report matches “{q}”.</Text>}
      </Stack>
      <Box flex="1" minW="0" w="full">
        {open ? (
          <Stack gap="3">
            <Button
              variant="ghost"
              size="sm"
              alignSelf="start"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => void navigate({ search: {} })}
            >
              <LuArrowLeft aria-hidden /> All reports
            </Button>
            <ReportRunner
              key={open.id}
              decl={open}
              title={summaries.get(open.id)?.title ?? open.title}
              defaults={(summaries.get(open.id)?.defaults ?? {}) as Partial<ReportParams>}
              search={search}
            />
          </Stack>
        ) : (
          <Stack gap="2" color="fg.muted" pt="2">
            <Badge alignSelf="start">{offered.length} reports</Badge>
            <Text>Choose a report on the left to set its period and filters, preview it and download it.</Text>
            <Box pt="4" color="fg">
              <RecentRuns />
            </Box>
          </Stack>
        )}
      </Box>
    </Flex>
  );
}
