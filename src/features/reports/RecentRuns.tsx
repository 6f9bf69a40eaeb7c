import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LuRotateCw } from 'react-icons/lu';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { FORMAT_LABELS, RUN_STATUS_LABELS, type RunStatus, type RunView } from '@/contract/report-runs';
import { notify } from '@/lib/notify';
import { REPORT_KEYS, reportsApi } from './client';
import { RunDownload } from './RunProgress';

export const STATUS_PALETTE: Record<RunStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** Runs the same report, format and parameters again (a relative period is resolved anew). */
export async function rerun(run: RunView): Promise<RunView | null> {
  try {
    const r = await reportsApi.startRun(run.report, run.format, run.params);
    notify({ tone: 'success', message: `${run.title} is running again.` });
    return r;
  } catch (e) {
    notify({ tone: 'danger', title: 'Not started', message: (e as Error).message });
    return null;
  }
}

/** `/ReportList`'s "Recent runs": the user's last runs into files, with the file and "Run again". */
export function RecentRuns() {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: REPORT_KEYS.recent,
    queryFn: ({ signal }) => reportsApi.recentRuns(signal),
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false,
  });
  return (
    <Stack gap="2" as="section" aria-label="Recent runs">
      <Text fontWeight="semibold">Recent runs</Text>
      {q.isPending && <Loading label="Loading your runs" height="20" />}
      {q.error && <LoadError what="Your runs" message={q.error.message} onRetry={() => void q.refetch()} />}
      {q.data?.runs.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          Reports you run into a file appear here.
        </Text>
      )}
      {q.data?.runs.map((r) => (
        <Flex key={r.id} gap="3" align="center" wrap="wrap" borderBottomWidth="1px" pb="2">
          <Stack gap="0" flex="1" minW="48">
            <Text fontWeight="medium">
              {r.title} <Badge>{FORMAT_LABELS[r.format]}</Badge>{' '}
              <Badge colorPalette={STATUS_PALETTE[r.status]}>{RUN_STATUS_LABELS[r.status]}</Badge>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {new Date(r.queuedAt).toLocaleString()}
              {r.parameters ? ` · ${r.parameters}` : ''}
              {r.error ? ` · ${r.error}` : ''}
            </Text>
          </Stack>
          {r.fileKept && <RunDownload run={r} size="xs" />}
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Run ${r.title} again`}
            onClick={async () => {
              if (await rerun(r)) void client.invalidateQueries({ queryKey: REPORT_KEYS.recent });
            }}
          >
            <LuRotateCw aria-hidden /> Run again
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}
