import { Button, Flex, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { LoadError } from '@/app/ui/QueryState';
import {
  AGGREGATES,
  CustomReportCreate,
  CustomReportDeclaration,
  CustomReportUpdate,
  customReportDeclaration,
  DRAFT_ID,
  FILTER_OPS,
  PUBLISH_ROLE_LABELS,
  PUBLISH_ROLES,
  type CustomReportRow,
} from '@/contract/custom-reports';
import { DATASET_IDS, DATASETS, NUMERIC_KINDS, type DatasetId } from '@/contract/datasets';
import { RANGE_LABELS, RELATIVE_RANGES } from '@/contract/report-range';
import { enumOptions } from '@/lib/reference/labels';
import { useDebounced } from '@/lib/useDebounced';
import { session } from '@/lib/session';
import { AccountsPicker, type PickedAccount } from './AccountsPicker';
import { customReportsClient } from './client';
import { ReportPreview } from './ReportPreview';

export const customReportLabel = (r: CustomReportRow) => r.title;

const AGGREGATE_LABELS = { sum: 'Sum', count: 'Count', min: 'Lowest', max: 'Highest', avg: 'Average' } as const;
const OP_LABELS = { eq: 'is', ne: 'is not', contains: 'contains', gte: 'at least', lte: 'at most' } as const;

interface FilterDraft {
  field: string;
  op: string;
  value: string;
}

const draft = (r: CustomReportRow | null) => ({
  title: r?.title ?? '',
  description: r?.description ?? '',
  dataset: (r?.dataset ?? 'dispenses') as string,
  /** The chosen fields, in the order the columns show. */
  fields: r?.columns.map((c) => c.field) ?? ['store', 'litres'],
  /** How a field that is not grouped is added up when the report groups. */
  aggregates: Object.fromEntries((r?.columns ?? []).filter((c) => c.aggregate).map((c) => [c.field, c.aggregate!])),
  groupBy: r?.groupBy ?? ['store'],
  filters: (r?.filters ?? []) as FilterDraft[],
  sortField: r?.sort[0]?.field ?? '',
  sortDesc: r?.sort[0]?.desc ?? false,
  published: r?.published ?? false,
  roles: (r?.roles ?? []) as string[],
  accounts: (r?.accounts ?? []).map((id, i) => ({ id, name: r?.accountNames[i] ?? `#${id}` })) as PickedAccount[],
});
type Draft = ReturnType<typeof draft>;

const isNumeric = (dataset: string, field: string) =>
  NUMERIC_KINDS.has(DATASETS[dataset as DatasetId]?.fields.find((f) => f.key === field)?.kind ?? 'text');

/** The draft as the declaration the server validates: grouped reports add up every field they do not group by. */
const declarationOf = (d: Draft) => {
  const grouped = d.groupBy.length > 0;
  const fields = [...d.groupBy.filter((g) => !d.fields.includes(g)), ...d.fields];
  return {
    title: d.title,
    description: d.description,
    dataset: d.dataset,
    columns: fields.map((field) =>
      grouped && !d.groupBy.includes(field)
        ? { field, aggregate: d.aggregates[field] ?? (isNumeric(d.dataset, field) ? 'sum' : 'count') }
        : { field },
    ),
    filters: d.filters,
    groupBy: d.groupBy,
    sort: d.sortField ? [{ field: d.sortField, desc: d.sortDesc }] : [],
  };
};
const PREVIEW_DEBOUNCE_MS = 400;
const toBody = (d: Draft) => ({
  ...declarationOf(d),
  published: d.published,
  roles: d.published ? d.roles : [],
  accounts: d.published ? d.accounts.map((a) => a.id) : [],
});

/** The live preview of the draft: the engine's first rows and total, for a period chosen here. */
function LivePreview({ d }: { d: Draft }) {
  const [range, setRange] = useState('lastMonth');
  const parsed = useMemo(() => CustomReportDeclaration.safeParse(declarationOf(d)), [d]);
  // The preview runs once the builder stops changing the report for a moment.
  const body = useDebounced(
    parsed.success ? JSON.stringify({ declaration: parsed.data, params: { range } }) : null,
    PREVIEW_DEBOUNCE_MS,
  );
  const run = useQuery({
    queryKey: ['reports', 'custom-preview', body],
    queryFn: ({ signal }) => customReportsClient.preview(JSON.parse(body!), signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
  const decl = parsed.success ? customReportDeclaration(DRAFT_ID, parsed.data) : null;
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3">
      <Flex gap="3" align="end" wrap="wrap">
        <Text fontWeight="semibold">Preview</Text>
        <SelectField
          label="Preview period"
          options={RELATIVE_RANGES.filter((r) => r !== 'custom').map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
          value={range}
          onChange={setRange}
        />
      </Flex>
      {!parsed.success && (
        <Text fontSize="sm" color="fg.muted">
          {parsed.error.issues[0]?.message ?? 'Complete the report to preview it.'}
        </Text>
      )}
      {run.error && <LoadError what="The preview" message={run.error.message} onRetry={() => void run.refetch()} />}
      {decl && run.data && (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {run.data.rowCount} rows{run.data.truncated ? ' (the first shown)' : ''}
          </Text>
          <ReportPreview decl={decl} run={{ ...run.data, lines: run.data.lines.slice(-51) }} />
        </>
      )}
    </Stack>
  );
}

/** `/CustomReport`'s builder: dataset, columns, grouping, filters, sort, publishing, and the live preview. */
export function CustomReportForm({ row, close }: RecordFormProps<CustomReportRow>) {
  const form = useRecordForm({
    row,
    close,
    client: customReportsClient,
    noun: 'custom report',
    label: customReportLabel,
    draft,
    create: CustomReportCreate,
    update: CustomReportUpdate,
    toBody,
  });
  const v = form.values as Draft & { version?: number };
  const fields = DATASETS[v.dataset as DatasetId]?.fields ?? [];
  const fieldOptions = fields.map((f) => ({ value: f.key, label: f.title }));
  const [adding, setAdding] = useState<FilterDraft>({ field: '', op: 'eq', value: '' });
  const grouped = v.groupBy.length > 0;
  const chosen = [...v.groupBy.filter((g) => !v.fields.includes(g)), ...v.fields];
  return (
    <FormShell form={form} title={recordTitle('custom report', row, customReportLabel)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Title" {...form.text('title')} />
        <SelectField
          label="Dataset"
          options={DATASET_IDS.map((d) => ({ value: d, label: DATASETS[d].title }))}
          {...form.text('dataset')}
          onChange={(d) => {
            form.set('dataset', d);
            form.set('fields', []);
            form.set('groupBy', []);
            form.set('filters', []);
            form.set('sortField', '');
          }}
        />
      </SimpleGrid>
      <TextareaField label="Description" rows={2} {...form.text('description')} />
      <CheckboxGroupField
        legend="Group by"
        options={fieldOptions}
        value={v.groupBy}
        onChange={(g) => form.set('groupBy', g)}
        error={form.text('groupBy').error}
        columns={{ base: 2, sm: 4 }}
      />
      <CheckboxGroupField
        legend="Columns"
        options={fieldOptions}
        value={v.fields}
        onChange={(f) => form.set('fields', f)}
        error={form.text('columns').error}
        columns={{ base: 2, sm: 4 }}
      />
      {grouped && chosen.some((f) => !v.groupBy.includes(f)) && (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          {chosen
            .filter((f) => !v.groupBy.includes(f))
            .map((f) => (
              <SelectField
                key={f}
                label={`${fields.find((x) => x.key === f)?.title ?? f}: add up as`}
                options={AGGREGATES.filter((a) => isNumeric(v.dataset, f) || ['count', 'min', 'max'].includes(a)).map(
                  (a) => ({ value: a, label: AGGREGATE_LABELS[a] }),
                )}
                value={v.aggregates[f] ?? (isNumeric(v.dataset, f) ? 'sum' : 'count')}
                onChange={(a) => form.set('aggregates', { ...v.aggregates, [f]: a })}
              />
            ))}
        </SimpleGrid>
      )}
      <Stack gap="2">
        <Text fontWeight="medium">Filters</Text>
        {v.filters.map((f, i) => (
          <HStack key={i} gap="2">
            <Text flex="1" fontSize="sm">
              {fields.find((x) => x.key === f.field)?.title ?? f.field} {OP_LABELS[f.op as keyof typeof OP_LABELS]} “
              {f.value}”
            </Text>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Remove filter ${i + 1}`}
              onClick={() =>
                form.set(
                  'filters',
                  v.filters.filter((_, j) => j !== i),
                )
              }
            >
              <LuTrash2 aria-hidden />
            </IconButton>
          </HStack>
        ))}
        {form.text('filters').error && (
          <Text color="fg.error" fontSize="sm">
            {form.text('filters').error}
          </Text>
        )}
        <Flex gap="2" align="end" wrap="wrap">
          <SelectField
            label="Filter field"
            placeholder="Choose"
            options={fieldOptions}
            value={adding.field}
            onChange={(field) => setAdding({ ...adding, field })}
          />
          <SelectField
            label="Comparison"
            options={enumOptions(FILTER_OPS, OP_LABELS)}
            value={adding.op}
            onChange={(op) => setAdding({ ...adding, op })}
          />
          <TextField label="Value" value={adding.value} onChange={(value) => setAdding({ ...adding, value })} />
          <Button
            variant="outline"
            size="sm"
            disabled={!adding.field || !adding.value}
            onClick={() => {
              form.set('filters', [...v.filters, adding]);
              setAdding({ field: '', op: 'eq', value: '' });
            }}
          >
            <LuPlus aria-hidden /> Add filter
          </Button>
        </Flex>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="end">
        <SelectField
          label="Sort by"
          placeholder="As grouped"
          options={chosen.map((f) => ({ value: f, label: fields.find((x) => x.key === f)?.title ?? f }))}
          {...form.text('sortField')}
          error={form.text('sortField').error ?? form.text('sort').error}
        />
        <SwitchField label="Largest first" {...form.flag('sortDesc')} />
      </SimpleGrid>
      <SwitchField label="Published" {...form.flag('published')} />
      {v.published && (
        <CheckboxGroupField
          legend="Published to"
          options={enumOptions(PUBLISH_ROLES, PUBLISH_ROLE_LABELS)}
          value={v.roles}
          onChange={(r) => form.set('roles', r)}
          error={form.text('roles').error}
          columns={{ base: 2, sm: 3 }}
        />
      )}
      {v.published && (
        <AccountsPicker
          value={v.accounts}
          onChange={(a) => form.set('accounts', a)}
          ownAccount={session.account?.id}
          error={form.text('accounts').error}
        />
      )}
      <Text fontSize="sm" color="fg.muted">
        Published reports appear under “Custom” in Reports for users with these roles, in this account and in the
        accounts chosen; private ones only for you.
      </Text>
      <LivePreview d={v} />
    </FormShell>
  );
}
