import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '@/app/ui/form/fields';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import type { SystemReport } from '@/contract/system-report';
import { count } from '@/lib/format';
import { biApi } from './client';

const WINDOWS = [1, 7, 14, 30, 90];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Grid<T>({ label, rows, cols }: { label: string; rows: T[]; cols: [string, (r: T) => React.ReactNode][] }) {
  if (rows.length === 0) return <Text color="fg.muted">None.</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {cols.map(([t]) => (
              <Table.ColumnHeader key={t}>{t}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={i}>
              {cols.map(([t, cell]) => (
                <Table.Cell key={t}>{cell(r)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Body({ r }: { r: SystemReport }) {
  return (
    <>
      <Section title="Accounts">
        <Grid
          label="Accounts"
          rows={r.accounts}
          cols={[
            [
              'Account',
              (a) =>
                a.blocked ? (
                  <>
                    {a.account} <Badge colorPalette="red">Blocked</Badge>
                  </>
                ) : (
                  a.account
                ),
            ],
            ['Users', (a) => count(a.users)],
            [`Signed in (${r.days} d)`, (a) => count(a.activeUsers)],
            ['Field devices', (a) => count(a.devices)],
            [`Synced (${r.days} d)`, (a) => count(a.activeDevices)],
          ]}
        />
      </Section>
      <Section title="Records per day">
        <Grid
          label="Records per day"
          rows={r.recordsByDay}
          cols={[
            ['Day', (d) => d.day],
            ['Account', (d) => d.account],
            ['Dispenses', (d) => count(d.dispenses)],
            ['Receipts', (d) => count(d.receipts)],
            ['Transfers', (d) => count(d.transfers)],
            ['Tank readings', (d) => count(d.readings)],
          ]}
        />
      </Section>
      <Section title={`Devices not synced for ${r.days} days`}>
        <Grid
          label="Devices not synced"
          rows={r.staleDevices}
          cols={[
            ['Account', (d) => d.account],
            ['Device', (d) => d.deviceId],
            ['Last user', (d) => d.user ?? '—'],
            ['Last sync', (d) => when(d.lastSyncAt)],
          ]}
        />
      </Section>
      <Section title="Failed jobs">
        <Grid
          label="Failed jobs"
          rows={r.failedJobs}
          cols={[
            ['Queue', (j) => j.queue],
            ['Failed', (j) => count(j.count)],
            ['Last failed', (j) => when(j.lastFailedAt)],
            ['Last error', (j) => j.lastError ?? '—'],
          ]}
        />
      </Section>
    </>
  );
}

/**
 * `/SystemReport` (ThebigBoss): the installation across accounts — records per day, members and
 * devices active in the window, devices gone quiet, failed background jobs (ADR 041).
 */
export function SystemReportPage() {
  const [days, setDays] = useState(7);
  const report = useQuery({
    queryKey: ['system-report', days],
    queryFn: ({ signal }) => biApi.systemReport(days, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="4">
      <Box w={{ base: 'full', sm: '48' }}>
        <SelectField
          label="Window"
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          options={WINDOWS.map((d) => ({ value: String(d), label: d === 1 ? 'Today' : `Last ${d} days` }))}
        />
      </Box>
      {report.isPending && <Loading label="Loading the system report" />}
      {report.error && (
        <LoadError what="The system report" message={report.error.message} onRetry={() => void report.refetch()} />
      )}
      {report.data && <Body r={report.data} />}
    </Stack>
  );
}
