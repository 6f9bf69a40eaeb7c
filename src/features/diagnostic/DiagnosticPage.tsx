import { Button, DataList, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuRefreshCw, LuRotateCcw } from 'react-icons/lu';
import { formatDateTime } from '@/app/ui/list/columns';
import { LoadError } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { queueName, type DiagnosticReport } from '@/contract/diagnostic';
import { count } from '@/lib/format';
import { notify } from '@/lib/notify';
import { diagnosticApi, diagnosticKeys } from './client';
import {
  bytes,
  deviceColumns,
  errorColumns,
  failedColumns,
  gaugeColumns,
  mailColumns,
  migrationColumns,
  queueColumns,
} from './columns';
import { Table } from './Table';

function uptime(s: number): string {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : `${m} min`;
}

function Facts({ items }: { items: [string, string][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** `/Diagnostic` (ThebigBoss): the server, database, job queues, gauges, devices, mail and recent errors. */
export function DiagnosticPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: diagnosticKeys.report, queryFn: ({ signal }) => diagnosticApi.report(signal) });
  const retry = useMutation({
    mutationFn: (j: { queue: string; id: string }) => diagnosticApi.retry(j.queue, j.id),
    onSuccess: async (r) => {
      notify({
        tone: r.retried ? 'success' : 'warning',
        message: r.retried ? 'The job is queued again.' : 'The job was not retried.',
      });
      await qc.invalidateQueries({ queryKey: diagnosticKeys.report });
    },
  });
  const refresh = (
    <Button size="sm" variant="outline" loading={q.isFetching} onClick={() => void q.refetch()}>
      <LuRefreshCw aria-hidden /> Refresh
    </Button>
  );
  if (q.isError)
    return (
      <LoadError
        what="The diagnostics"
        message={q.error.message}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  if (q.isPending) return <Skeleton h="64" />;
  const d: DiagnosticReport = q.data;
  const now = Date.parse(d.generatedAt);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <Section title="Server" action={refresh}>
          <Facts
            items={[
              ['Version', d.version.app],
              ['Commit', d.version.commit ?? 'unknown'],
              ['Node.js', d.version.node],
              ['Started', `${formatDateTime(d.version.startedAt)} (up ${uptime(d.version.uptimeS)})`],
              [
                'Links in e-mails',
                d.version.publicUrl
                  ? `${d.version.publicUrl} (${d.version.publicUrlSource})`
                  : 'none: set PUBLIC_URL, no link can be e-mailed',
              ],
              ['Report of', formatDateTime(d.generatedAt)],
            ]}
          />
        </Section>
        <Section title="Database">
          <Facts
            items={[
              ['Size', bytes(d.database.sizeBytes)],
              ['PostgreSQL', d.database.postgres],
              [
                'Migrations',
                `${count(d.database.migrations.length)} applied of ${count(d.database.migrationFiles)} in this build`,
              ],
            ]}
          />
          <Table
            caption="Applied migrations, newest first"
            columns={migrationColumns}
            rows={d.database.migrations.slice(0, 5)}
            rowId={(r) => r.hash}
            empty="No migration applied."
          />
        </Section>
      </SimpleGrid>
      <Section title="Background jobs">
        {!d.jobs.installed ? (
          <Text color="fg.muted">The background jobs have not started on this database yet.</Text>
        ) : (
          <>
            <Table
              caption="Queues"
              columns={queueColumns}
              rows={d.jobs.queues}
              rowId={(r) => r.name}
              empty="No queues."
            />
            <Text fontWeight="semibold">Recent failed jobs</Text>
            <Table
              caption="Recent failed jobs"
              columns={failedColumns}
              rows={d.jobs.failed}
              rowId={(r) => r.id}
              empty="No failed jobs."
              actions={(r) => (
                <Button
                  size="xs"
                  variant="outline"
                  loading={retry.isPending && retry.variables?.id === r.id}
                  aria-label={`Retry the failed job: ${queueName(r.queue)}`}
                  onClick={() => retry.mutate({ queue: r.queue, id: r.id })}
                >
                  <LuRotateCcw aria-hidden /> Retry
                </Button>
              )}
            />
          </>
        )}
      </Section>
      <Section title="Gauge devices">
        <Table
          caption="Gauge devices and their last contact"
          columns={gaugeColumns(now)}
          rows={d.gauges}
          rowId={(r) => r.id}
          empty="No gauge devices."
        />
      </Section>
      <Section title="Field devices' last sync">
        <Table
          caption="Field devices' last sync"
          columns={deviceColumns}
          rows={d.devices}
          rowId={(r) => `${r.account}/${r.deviceId}`}
          empty="No device has synced since this was recorded."
        />
      </Section>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <Section title={`Mail waiting (${count(d.mail.waiting)})`}>
          <Flex direction="column" gap="2">
            <Text fontSize="sm" color="fg.muted">
              Without a mail server (the SMTP_URL setting), each message is written as a file in the server&apos;s data
              folder instead of being sent.
            </Text>
            <Table
              caption="Mail files"
              columns={mailColumns}
              rows={d.mail.files}
              rowId={(r) => r.name}
              empty="No mail files."
            />
          </Flex>
        </Section>
        <Section title="Recent server errors">
          <Table
            caption="Recent server errors, newest first"
            columns={errorColumns}
            rows={d.errors}
            rowId={(r) => `${r.at}-${r.message}`}
            empty="No errors since the server started."
          />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
