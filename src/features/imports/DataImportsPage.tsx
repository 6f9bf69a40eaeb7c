import { Alert, Button, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { refreshAll } from '@/app/ui/list/useList';
import { IMPORT_JOBS_LIST, type ImportJob } from '@/contract/imports';
import { queryClient } from '@/lib/query';
import { importsApi, jobKey } from './client';
import { JobStatus } from './JobStatus';
import { MappingStep } from './MappingStep';
import { PastImports } from './PastImports';
import { UploadCard } from './UploadCard';

const route = getRouteApi('/_app/DataImports');

const POLL_MS = 1000;

/**
 * `/DataImports`: upload a CSV/XLSX file, map its columns, preview, run with a progress bar, then
 * the result with the rows that failed and the report. The job being worked on is `?job=<id>`
 * in the URL, so a reload or a link comes back to it (the server keeps running it meanwhile).
 */
export function DataImportsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const open = (id: string | undefined) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, job: id }), replace: false });
  const remember = (job: ImportJob) => {
    queryClient.setQueryData(jobKey(job.id), job);
    void queryClient.invalidateQueries({ queryKey: [IMPORT_JOBS_LIST.path, 'list'] });
  };
  const uploaded = (job: ImportJob) => {
    remember(job);
    open(job.id);
  };

  return (
    <Stack gap="4">
      {search.job ? (
        <CurrentJob id={search.job} onStarted={remember} onNew={() => open(undefined)} />
      ) : (
        <UploadCard onUploaded={uploaded} />
      )}
      <Heading as="h2" size="md" mt="2">
        Past imports
      </Heading>
      <PastImports onOpen={open} />
    </Stack>
  );
}

function CurrentJob({ id, onStarted, onNew }: { id: string; onStarted: (job: ImportJob) => void; onNew: () => void }) {
  const { data: job, error } = useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => importsApi.get(id, signal),
    staleTime: 0,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'queued' || s === 'running' ? POLL_MS : false;
    },
  });
  // When a run ends, every list may show what it imported (and past imports its final counts).
  const finished = job?.status === 'done' || job?.status === 'failed';
  const [seenRunning, setSeenRunning] = useState(false);
  if (!finished && job && job.status !== 'uploaded' && !seenRunning) setSeenRunning(true);
  useEffect(() => {
    if (finished && seenRunning) void refreshAll();
  }, [finished, seenRunning]);

  if (!job) {
    return error ? (
      <Alert.Root status="error" role="alert" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">This import could not be loaded: {error.message}</Alert.Title>
        <Button size="sm" variant="outline" onClick={onNew}>
          New import
        </Button>
      </Alert.Root>
    ) : (
      <Skeleton h="40" rounded="md" />
    );
  }
  if (job.status === 'uploaded') return <MappingStep key={job.id} job={job} onStarted={onStarted} onCancel={onNew} />;
  return <JobStatus job={job} onNew={onNew} />;
}
