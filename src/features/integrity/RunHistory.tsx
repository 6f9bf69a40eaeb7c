import { Button } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime, type ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import { LoadError } from '@/app/ui/QueryState';
import { Pager } from '@/app/ui/list/Pager';
import { Section } from '@/app/ui/Section';
import { INTEGRITY_CHECKS, type IntegrityRun } from '@/contract/integrity';
import { count } from '@/lib/format';
import { duration } from './cells';
import { integrityApi, integrityKeys } from './client';

const noSort = () => undefined;

/** The history of runs (newest first, paged): when, who or "nightly", how long, counts per check. */
export function RunHistory({ shownId, onOpen }: { shownId?: string; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const q = useQuery({
    queryKey: integrityKeys.history(page, pageSize),
    queryFn: ({ signal }) => integrityApi.history(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<ListColumn<IntegrityRun>[]>(
    () => [
      { id: 'startedAt', header: 'When', cell: (r) => formatDateTime(r.startedAt) },
      { id: 'who', header: 'Who', cell: (r) => (r.trigger === 'nightly' ? 'Nightly' : (r.userName ?? '—')) },
      { id: 'durationMs', header: 'Duration', numeric: true, cell: (r) => duration(r.durationMs) },
      {
        id: 'total',
        header: 'Found',
        numeric: true,
        cell: (r) => (r.error ? 'Failed' : r.total === null ? 'Running' : count(r.total)),
      },
      {
        id: 'counts',
        header: 'Findings by check',
        cell: (r) => {
          const found = INTEGRITY_CHECKS.filter((c) => (r.counts[c.id] ?? 0) > 0);
          if (r.total === null) return '—';
          return found.length ? found.map((c) => `${c.title}: ${count(r.counts[c.id])}`).join('; ') : 'None';
        },
      },
    ],
    [],
  );
  return (
    <Section title="Run history">
      {q.isError ? (
        <LoadError
          what="The run history"
          message={q.error.message}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      ) : (
        <>
          <DataTable
            caption="Integrity runs"
            columns={columns}
            rows={q.data?.items ?? []}
            rowId={(r) => r.id}
            sortable={[]}
            sort="-startedAt"
            onSort={noSort}
            visibility={{}}
            total={q.data?.total ?? 0}
            pageSize={pageSize}
            loading={q.isPending}
            actions={(r) => (
              <Button
                size="xs"
                variant={r.id === shownId ? 'solid' : 'outline'}
                disabled={!r.finishedAt}
                aria-label={`Show the run of ${formatDateTime(r.startedAt)}`}
                onClick={() => onOpen(r.id)}
              >
                {r.id === shownId ? 'Shown' : 'Show'}
              </Button>
            )}
          />
          <Pager
            page={page}
            pageSize={pageSize}
            total={q.data?.total ?? 0}
            onPage={setPage}
            onPageSize={(s) => {
              setPageSize(s);
              setPage(1);
            }}
          />
        </>
      )}
    </Section>
  );
}
