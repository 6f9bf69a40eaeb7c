import { SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { REPORTS, reportById, type ReportFilter } from '@/contract/report-catalog';
import { RANGE_LABELS, RELATIVE_RANGES } from '@/contract/report-range';
import { FORMAT_LABELS } from '@/contract/report-runs';
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  ISO_WEEKDAYS,
  ScheduleCreate,
  ScheduleUpdate,
  type ScheduleRow,
} from '@/contract/report-schedule';
import {
  costCentreOptions,
  employeeOptions,
  enumOptions,
  equipmentOptions,
  productOptions,
  storeOptions,
  tankOptions,
} from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { REPORT_KEYS, reportsApi, schedulesClient } from './client';

export const scheduleLabel = (s: ScheduleRow) => s.name;

const FILTER_LABELS: Record<ReportFilter, string> = {
  storeId: 'Store',
  productId: 'Product',
  tankId: 'Tank',
  equipmentId: 'Equipment',
  costCentreId: 'Cost centre',
  employeeId: 'Employee',
};

const draft = (s: ScheduleRow | null) => ({
  name: s?.name ?? '',
  report: s?.report ?? 'fuel-by-cost-centre',
  params: {
    range: String(s?.params.range ?? 'lastMonth'),
    days: String(s?.params.days ?? '30'),
    storeId: String(s?.params.storeId ?? ''),
    productId: String(s?.params.productId ?? ''),
    tankId: String(s?.params.tankId ?? ''),
    equipmentId: String(s?.params.equipmentId ?? ''),
    costCentreId: String(s?.params.costCentreId ?? ''),
    employeeId: String(s?.params.employeeId ?? ''),
  },
  format: s?.format ?? 'pdf',
  frequency: s?.frequency ?? 'monthly',
  atTime: s?.atTime ?? '07:00',
  weekday: String(s?.weekday ?? '1'),
  monthDay: String(s?.monthDay ?? '1'),
  recipientUserIds: (s?.recipientUserIds ?? []).map(String),
  emails: (s?.recipientEmails ?? []).join('\n'),
  paused: s?.paused ?? false,
});
type Draft = ReturnType<typeof draft>;

/** What the form needs of a report: its period kind and filters (a custom report's from the catalogue, ADR 050). */
type Shape = { period: 'range' | 'days'; filters: readonly ReportFilter[] } | undefined;

/** Draft → body: only the parameters the report reads, numbers as numbers, addresses split. */
const toBody = (d: Draft, decl: Shape) => {
  const params: Record<string, unknown> =
    decl?.period === 'days' ? { days: Number(d.params.days) } : { range: d.params.range };
  for (const f of decl?.filters ?? []) {
    const v = d.params[f as keyof Draft['params']];
    if (v) params[f] = v;
  }
  return {
    name: d.name,
    report: d.report,
    params,
    format: d.format,
    frequency: d.frequency,
    atTime: d.atTime,
    weekday: d.frequency === 'weekly' ? Number(d.weekday) : null,
    monthDay: d.frequency === 'monthly' ? Number(d.monthDay) : null,
    recipientUserIds: d.recipientUserIds.map(Number),
    recipientEmails: d.emails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
    paused: d.paused,
  };
};

/** `/ReportSchedule`'s form: the report and its relative parameters, the calendar, the format and recipients. */
export function ScheduleForm({ row, close }: RecordFormProps<ScheduleRow>) {
  const { data: ref } = useReference();
  const users = useQuery({
    queryKey: REPORT_KEYS.recipients,
    queryFn: ({ signal }) => schedulesClient.recipients(signal),
  });
  // The reports this admin may run: the standard ones the account offers and custom ones published to them.
  const catalog = useQuery({ queryKey: ['reports'], queryFn: ({ signal }) => reportsApi.catalog(signal) });
  const shapeOf = (report: string): Shape => {
    const custom = catalog.data?.reports.find((r) => r.id === report)?.custom;
    return reportById(report) ?? (custom ? { period: 'range', filters: custom.filters } : undefined);
  };
  const form = useRecordForm({
    row,
    close,
    client: schedulesClient,
    noun: 'schedule',
    label: scheduleLabel,
    draft,
    create: ScheduleCreate,
    update: ScheduleUpdate,
    toBody: (d: Draft) => toBody(d, shapeOf(d.report)),
  });
  const v = form.values;
  const decl = shapeOf(v.report);
  const filterOptions: Record<ReportFilter, { value: string; label: string }[]> = {
    storeId: storeOptions(ref),
    productId: productOptions(ref),
    tankId: tankOptions(ref, v.params.storeId || undefined),
    equipmentId: equipmentOptions(ref),
    costCentreId: costCentreOptions(ref),
    employeeId: employeeOptions(ref),
  };
  return (
    <FormShell form={form} title={recordTitle('schedule', row, scheduleLabel)} onClose={() => close()}>
      <TextField label="Name" {...form.text('name')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField
          label="Report"
          options={(catalog.data?.reports ?? REPORTS).map((r) => ({ value: r.id, label: r.title }))}
          {...form.text('report')}
        />
        {decl?.period === 'days' ? (
          <TextField label="Not fuelled for (days)" inputMode="numeric" {...form.text('params.days')} />
        ) : (
          <SelectField
            label="Period"
            helper="Worked out again at each run"
            options={RELATIVE_RANGES.filter((r) => r !== 'custom').map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
            {...form.text('params.range')}
          />
        )}
        {decl?.filters.map((f) => (
          <SelectField
            key={f}
            label={FILTER_LABELS[f]}
            placeholder="All"
            options={filterOptions[f]}
            {...form.text(`params.${f}`)}
          />
        ))}
        <SelectField
          label="Format"
          options={enumOptions(['pdf', 'xlsx', 'csv'], FORMAT_LABELS)}
          {...form.text('format')}
        />
        <SelectField
          label="Frequency"
          options={enumOptions(FREQUENCIES, FREQUENCY_LABELS)}
          {...form.text('frequency')}
        />
        <TextField label="At (account’s local time)" type="time" {...form.text('atTime')} />
        {v.frequency === 'weekly' && (
          <SelectField
            label="Day of the week"
            options={ISO_WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d }))}
            {...form.text('weekday')}
          />
        )}
        {v.frequency === 'monthly' && (
          <TextField
            label="Day of the month"
            inputMode="numeric"
            helper="29–31: the last day of a shorter month"
            {...form.text('monthDay')}
          />
        )}
      </SimpleGrid>
      <CheckboxGroupField
        legend="Users who get it"
        options={(users.data?.users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
        value={v.recipientUserIds}
        onChange={(ids) => form.set('recipientUserIds', ids)}
        error={form.text('recipientUserIds').error}
        columns={{ base: 1, sm: 2 }}
      />
      <TextareaField
        label="Other e-mail addresses"
        helper="E-mails of this account's users only, one per line or separated by commas"
        rows={2}
        {...form.text('emails')}
        error={form.text('emails').error ?? form.text('recipientEmails').error}
      />
      <SwitchField label="Paused" {...form.flag('paused')} />
      <Text fontSize="sm" color="fg.muted">
        The file is e-mailed as an attachment; every run is in the report history.
      </Text>
    </FormShell>
  );
}
