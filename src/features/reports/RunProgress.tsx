import { Alert, Button, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuDownload } from 'react-icons/lu';
import { FORMAT_LABELS, RUN_STATUS_LABELS, runProgress, type RunView } from '@/contract/report-runs';
import { saveFile } from '@/lib/resource';
import { REPORT_KEYS, reportsApi } from './client';

/** A run's file: its download once done (the file store keeps it 90 days). */
export function RunDownload({ run, size = 'sm' }: { run: RunView; size?: 'xs' | 'sm' }) {
  return (
    <Button
      size={size}
      variant="outline"
      onClick={async () => saveFile(await reportsApi.runFile(run))}
      aria-label={`Download ${run.fileName ?? run.title}`}
    >
      <LuDownload aria-hidden /> {size === 'sm' ? `Download ${FORMAT_LABELS[run.format]}` : 'Download'}
    </Button>
  );
}

/**
 * A run into a file, followed until it ends: waiting, then a bar of the lines written, then the
 * download (or why it failed). Polls the run every second while it is not finished.
 */
export function RunProgress({ id }: { id: string }) {
  const q = useQuery({
    queryKey: REPORT_KEYS.run(id),
    queryFn: ({ signal }) => reportsApi.runOf(id, signal),
    refetchInterval: (query) => {
      const s = query.state.data?.status;
      return s === 'done' || s === 'failed' ? false : 1000;
    },
  });
  const run = q.data;
  if (!run) return <Text color="fg.muted">Starting the run…</Text>;
  const value = runProgress(run);
  return (
    <Stack gap="2" role="status" aria-label={`Run of ${run.title}`}>
      {run.status !== 'done' && run.status !== 'failed' && (
        <Progress.Root value={value === null ? null : Math.round(value * 100)} max={100} colorPalette="orange">
          <Flex justify="space-between" mb="1">
            <Progress.Label>
              {run.status === 'queued'
                ? 'Waiting to start'
                : run.rowsTotal === null
                  ? 'Running the report'
                  : `Writing the ${FORMAT_LABELS[run.format]} file: ${run.rowsDone} of ${run.rowsTotal} rows`}
            </Progress.Label>
            {value !== null && <Progress.ValueText />}
          </Flex>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {run.status === 'done' && (
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontSize="sm">
            {RUN_STATUS_LABELS.done}: {run.rowCount} {run.rowCount === 1 ? 'row' : 'rows'} in {run.durationSeconds} s
          </Text>
          <RunDownload run={run} />
        </Flex>
      )}
      {run.status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>The run failed: {run.error}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
