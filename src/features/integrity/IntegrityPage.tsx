import { Alert, Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPlay } from 'react-icons/lu';
import { formatDateTime } from '@/app/ui/list/columns';
import { LoadError } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { INTEGRITY_CHECKS, type IntegrityRunDetail } from '@/contract/integrity';
import { count } from '@/lib/format';
import { notify } from '@/lib/notify';
import { duration } from './cells';
import { CheckResult } from './CheckResult';
import { integrityApi, integrityKeys } from './client';
import { RunHistory } from './RunHistory';

const who = (r: IntegrityRunDetail) => (r.trigger === 'nightly' ? 'the nightly run' : (r.userName ?? 'a user'));

/**
 * `/DataIntergrityChecks`: the checks of the latest run (or one picked from the history), each with
 * its count, its rows and the screen where they are fixed; "Run checks now"; the history of runs.
 */
export function IntegrityPage() {
  const qc = useQueryClient();
  const [shownId, setShownId] = useState<string | undefined>();
  const latest = useQuery({
    queryKey: integrityKeys.latest,
    queryFn: ({ signal }) => integrityApi.latest(signal),
    enabled: !shownId,
  });
  const picked = useQuery({
    queryKey: integrityKeys.run(shownId ?? ''),
    queryFn: ({ signal }) => integrityApi.detail(shownId!, signal),
    enabled: !!shownId,
  });
  const q = shownId ? picked : latest;
  const run: IntegrityRunDetail | null | undefined = shownId ? picked.data : latest.data?.run;

  const runNow = useMutation({
    mutationFn: () => integrityApi.run(),
    onSuccess: async (r) => {
      setShownId(undefined);
      qc.setQueryData(integrityKeys.latest, { run: r });
      await qc.invalidateQueries({ queryKey: integrityKeys.all, refetchType: 'active' });
      notify({
        tone: r.error ? 'warning' : 'success',
        message: r.error
          ? `The checks could not finish: ${r.error}`
          : r.total
            ? `${count(r.total)} findings in ${duration(r.durationMs)}.`
            : `No findings (${duration(r.durationMs)}).`,
      });
    },
  });

  return (
    <Stack gap="5">
      <Section
        title="Checks"
        action={
          <Button colorPalette="blue" loading={runNow.isPending} loadingText="Running…" onClick={() => runNow.mutate()}>
            <LuPlay aria-hidden /> Run checks now
          </Button>
        }
      >
        <Text fontSize="sm" color="fg.muted">
          The checks also run every night after 02:00 in the account&apos;s time zone.
        </Text>
        {q.isError ? (
          <LoadError
            what="The checks"
            message={q.error.message}
            onRetry={() => void q.refetch()}
            retrying={q.isFetching}
          />
        ) : q.isPending ? (
          <Skeleton h="24" />
        ) : run ? (
          <Flex gap="2" wrap="wrap" align="center" role="status">
            <Text fontWeight="semibold">
              {shownId ? 'Showing the run of' : 'Latest run:'} {formatDateTime(run.startedAt)} by {who(run)}
            </Text>
            <Text color="fg.muted">
              — {duration(run.durationMs)}, {run.total === null ? 'no result' : `${count(run.total)} found`}
            </Text>
            {shownId && (
              <Button size="xs" variant="ghost" onClick={() => setShownId(undefined)}>
                Back to the latest
              </Button>
            )}
          </Flex>
        ) : (
          <Text role="status">The checks have not run yet in this account. Run them now.</Text>
        )}
        {run?.error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>This run failed: {run.error}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap="3">
          {INTEGRITY_CHECKS.map((c) => (
            <CheckResult key={c.id} info={c} result={run?.results.find((r) => r.check === c.id)} />
          ))}
        </Stack>
      </Section>
      <RunHistory shownId={shownId ?? run?.id} onOpen={setShownId} />
    </Stack>
  );
}
