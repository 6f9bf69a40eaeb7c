import { Badge, Box, Button, Card, Flex, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LuArrowLeft, LuStar } from 'react-icons/lu';
import { useMemo, useState } from 'react';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { REPORTS, reportById, type ReportDeclaration, type ReportKey } from '@/contract/report-catalog';
import type { ReportParams, ReportSummary } from '@/contract/reports';
import { notify } from '@/lib/notify';
import { REPORT_KEYS, reportsApi } from './client';
import { RecentRuns } from './RecentRuns';
import { ReportRunner } from './ReportRunner';

const route = getRouteApi('/_app/ReportList');

/** A custom report as the runner's declaration, from the server's catalogue (ADR 045, 050: its dataset's filters). */
const customDecl = (r: ReportSummary, c: NonNullable<ReportSummary['custom']>): ReportDeclaration => ({
  id: r.id,
  title: r.title,
  description: r.description,
  group: 'Custom',
  period: 'range',
  filters: c.filters,
  columns: c.columns,
  subtotalBy: c.subtotalBy,
  sums: c.sums,
});

/** The run parameters held in the URL search (a bookmarked or shared run). */
export function ReportListPage() {
  const search = route.useSearch();
  const { report } = search;
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const catalog = useQuery({ queryKey: ['reports'], queryFn: ({ signal }) => reportsApi.catalog(signal) });
  const favourites = useQuery({
    queryKey: REPORT_KEYS.favourites,
    queryFn: ({ signal }) => reportsApi.favourites(signal),
  });
  const starred = new Set<string>(favourites.data?.reports ?? []);
  const star = async (id: ReportKey, on: boolean) => {
    try {
      client.setQueryData(REPORT_KEYS.favourites, await reportsApi.star(id, on));
    } catch (e) {
      notify({ tone: 'danger', title: 'Favourites not changed', message: (e as Error).message });
    }
  };
  // The server's catalogue: only what the account offers, under its names (ADR 035).
  const summaries = useMemo(() => new Map(catalog.data?.reports.map((r) => [r.id, r])), [catalog.data]);
  const all = useMemo(
    () => [
      ...REPORTS.filter((r) => summaries.has(r.id)).map((r) => ({ ...r, title: summaries.get(r.id)!.title })),
      ...(catalog.data?.reports ?? []).flatMap((r) => (r.custom ? [customDecl(r, r.custom)] : [])),
    ],
    [summaries, catalog.data],
  );
  const offered = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return all.filter((r) => !needle || `${r.title} ${r.description}`.toLowerCase().includes(needle));
  }, [all, q]);
  const FAVOURITES = 'Favourites';
  const groups = [
    ...(offered.some((r) => starred.has(r.id)) ? [FAVOURITES] : []),
    ...new Set(offered.map((r) => r.group)),
  ];
  const open = report ? (reportById(report) ?? all.find((r) => r.id === report)) : undefined;
  return (
    <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
      {/* On a phone the open report takes the screen; "All reports" goes back to the list. */}
      <Stack
        gap="3"
        w={{ base: 'full', lg: '80' }}
        flexShrink={0}
        as="nav"
        aria-label="Reports"
        display={{ base: open ? 'none' : 'flex', lg: 'flex' }}
      >
        <Input
          placeholder="Search reports"
          aria-label="Search reports"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        {catalog.isPending && <Loading label="Loading the reports" height="40" />}
        {catalog.error && (
          <LoadError
            what="The reports"
            message={catalog.error.message}
            onRetry={() => void catalog.refetch()}
            retrying={catalog.isFetching}
          />
        )}
        {groups.map((g) => (
          <Stack key={g} gap="2">
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
              {g}
            </Text>
            {offered
              .filter((r) => (g === FAVOURITES ? starred.has(r.id) : r.group === g))
              .map((r) => (
                <Flex key={r.id} gap="1" align="start">
                  <Card.Root
                    size="sm"
                    as="button"
                    flex="1"
                    textAlign="start"
                    cursor="pointer"
                    borderColor={r.id === report ? 'orange.solid' : undefined}
                    aria-current={r.id === report ? 'true' : undefined}
                    onClick={() => void navigate({ search: { report: r.id } })}
                  >
                    <Card.Body>
                      <Text fontWeight="medium">{r.title}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {r.description}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette={starred.has(r.id) ? 'orange' : 'gray'}
                    aria-pressed={starred.has(r.id)}
                    aria-label={`${starred.has(r.id) ? 'Remove' : 'Add'} ${r.title} ${starred.has(r.id) ? 'from' : 'to'} favourites`}
                    onClick={() => void star(r.id, !starred.has(r.id))}
                  >
                    <LuStar aria-hidden fill={starred.has(r.id) ? 'currentColor' : 'none'} />
                  </IconButton>
                </Flex>
              ))}
          </Stack>
        ))}
        {catalog.data && offered.length === 0 && <Text color="fg.muted">No report matches “{q}”.</Text>}
      </Stack>
      <Box flex="1" minW="0" w="full">
        {open ? (
          <Stack gap="3">
            <Button
              variant="ghost"
              size="sm"
              alignSelf="start"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => void navigate({ search: {} })}
            >
              <LuArrowLeft aria-hidden /> All reports
            </Button>
            <ReportRunner
              key={open.id}
              decl={open}
              title={summaries.get(open.id)?.title ?? open.title}
              defaults={(summaries.get(open.id)?.defaults ?? {}) as Partial<ReportParams>}
              search={search}
            />
          </Stack>
        ) : (
          <Stack gap="2" color="fg.muted" pt="2">
            <Badge alignSelf="start">{offered.length} reports</Badge>
            <Text>Choose a report on the left to set its period and filters, preview it and download it.</Text>
            <Box pt="4" color="fg">
              <RecentRuns />
            </Box>
          </Stack>
        )}
      </Box>
    </Flex>
  );
}
