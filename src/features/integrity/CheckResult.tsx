import { Badge, Box, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import {
  INTEGRITY_ROW_CAP,
  type IntegrityCheckInfo,
  type IntegrityResult,
  type IntegrityRow,
} from '@/contract/integrity';
import { count } from '@/lib/format';
import { goTo } from '@/lib/navigation';
import { cellText } from './cells';

type Row = IntegrityRow & { _i: string };
const noSort = () => undefined;

/** One check of a run: its count, what it means, where it is fixed, and its rows (the first 50). */
export function CheckResult({ info, result }: { info: IntegrityCheckInfo; result: IntegrityResult | undefined }) {
  const n = result?.count ?? null;
  const columns = useMemo<ListColumn<Row>[]>(
    () =>
      info.columns.map((c) => ({
        id: c.key,
        header: c.title,
        numeric: c.kind === 'litres' || c.kind === 'number',
        cell: (r: Row) => cellText(c, r[c.key]),
      })),
    [info],
  );
  const rows = useMemo(() => (result?.rows ?? []).map((r, i) => ({ ...r, _i: String(i) })), [result]);
  return (
    <Card.Root as="section" aria-label={info.title} size="sm">
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Box>
              <Heading as="h3" size="sm">
                {info.title}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {info.description}
              </Text>
            </Box>
            <Badge
              size="lg"
              colorPalette={n === null ? 'gray' : n === 0 ? 'green' : 'red'}
              variant={n ? 'solid' : 'subtle'}
              aria-label={`${info.title}: ${n === null ? 'not run' : `${n} found`}`}
            >
              {n === null ? 'Not run' : n === 0 ? 'None' : count(n)}
            </Badge>
          </Flex>
          {info.guarded && (
            <Text fontSize="xs" color="fg.muted">
              Rare by design: {info.guarded}
            </Text>
          )}
          {n !== null && n > 0 && (
            <>
              <DataTable
                caption={info.title}
                columns={columns}
                rows={rows}
                rowId={(r) => r._i}
                sortable={[]}
                sort=""
                onSort={noSort}
                visibility={{}}
                total={rows.length}
                pageSize={Math.max(rows.length, 1)}
              />
              <Flex justify="space-between" gap="3" wrap="wrap" fontSize="sm">
                <Text color="fg.muted">
                  {n > rows.length
                    ? `The first ${count(rows.length)} of ${count(n)} (a run keeps ${INTEGRITY_ROW_CAP} per check).`
                    : `${count(n)} found.`}
                </Text>
                <Link
                  href={info.fix.path}
                  colorPalette="blue"
                  onClick={(e) => {
                    e.preventDefault();
                    goTo(info.fix.path);
                  }}
                >
                  {info.fix.label} ({info.fix.path})
                </Link>
              </Flex>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
