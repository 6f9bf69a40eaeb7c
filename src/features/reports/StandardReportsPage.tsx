import { Button, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { RANGE_LABELS, RELATIVE_RANGES } from '@/contract/report-range';
import type { ReportDefaults, ReportSettingRow } from '@/contract/report-settings';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { reportSettingsApi, SETTINGS_KEY } from './settings-client';

const PERIODS = RELATIVE_RANGES.filter((r) => r !== 'custom');

/** One report's row: shown or hidden, its name here, its default period; saved on its own (audited). */
function SettingRow({ row }: { row: ReportSettingRow }) {
  const qc = useQueryClient();
  const [hidden, setHidden] = useState(row.hidden);
  const [name, setName] = useState(row.displayName ?? '');
  const [range, setRange] = useState<string>(row.defaults.range ?? '');
  const save = useSubmit({
    run: async () => {
      await reportSettingsApi.save(row.report, {
        hidden,
        displayName: name.trim() || null,
        defaults: { ...row.defaults, range: (range || undefined) as ReportDefaults['range'] },
      });
      await qc.invalidateQueries({ queryKey: SETTINGS_KEY });
      await qc.invalidateQueries({ queryKey: ['reports'] });
      notify({ tone: 'success', message: `${name.trim() || row.title} saved` });
    },
  });
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="medium">{row.title}</Text>
        <Text fontSize="xs" color="fg.muted">
          {row.group}
        </Text>
        <FormMessage message={save.message} />
      </Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={`${row.title}: shown to users`}
            value={hidden ? 'hidden' : 'shown'}
            onChange={(e) => setHidden(e.target.value === 'hidden')}
          >
            <option value="shown">Shown</option>
            <option value="hidden">Hidden</option>
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <Input
          size="sm"
          aria-label={`${row.title}: display name`}
          placeholder={row.title}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={`${row.title}: default period`}
            value={range}
            onChange={(e) => setRange(e.target.value)}
          >
            <option value="">Last month (standard)</option>
            {PERIODS.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="sm" variant="outline" loading={save.busy} onClick={() => save.submit()}>
          Save
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * `/StandardReportListBold` (admin): which standard reports this account's users see in
 * `/ReportList`, under which name and with which default period (ADR 035).
 */
export function StandardReportsPage() {
  const list = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => reportSettingsApi.list(signal) });
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Choose which reports your users see in Reports, what they are called here and the period they open with.
      </Text>
      {list.isPending && <Loading label="Loading the reports" />}
      {list.error && <LoadError what="The reports" message={list.error.message} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Report</Table.ColumnHeader>
                <Table.ColumnHeader>Users see it</Table.ColumnHeader>
                <Table.ColumnHeader>Display name</Table.ColumnHeader>
                <Table.ColumnHeader>Default period</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.reports.map((r) => (
                <SettingRow key={r.report} row={r} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
