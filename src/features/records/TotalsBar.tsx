import { Flex, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { listQueryOf } from '@/app/ui/list/listSearch';
import { useListSearch } from '@/app/ui/list/useList';
import { RECORD_LISTS } from '@/contract/records';
import { recordsApi } from './client';
import { count, litresFixed as litres } from '@/lib/format';

type Totalled = 'dispenses' | 'receipts' | 'transfers';

/**
 * Totals of the whole filtered set (not the page): the same filters as the list, asked of the
 * list's `/totals`. `fixed` adds filters the screen always applies (manual receipts).
 */
export function TotalsBar({ list, fixed = {} }: { list: Totalled; fixed?: Record<string, string> }) {
  const { search } = useListSearch();
  const query = { ...listQueryOf(search, RECORD_LISTS[list].defaultSort), ...fixed };
  const { page: _p, pageSize: _s, sort: _o, ...filters } = query;
  const { data, isError } = useQuery({
    queryKey: [RECORD_LISTS[list].path, 'totals', filters],
    queryFn: ({ signal }) => recordsApi.totals(list, filters, signal),
  });
  const stats =
    list === 'dispenses'
      ? [
          ['Litres (net)', data && litres(data.litres)],
          ['Dispenses (net)', data && count(data.count)],
          ['Rows', data && count(data.rows)],
        ]
      : [
          ['Litres', data && litres(data.litres)],
          ['Records', data && count(data.rows)],
        ];
  return (
    <Flex
      as="section"
      aria-label="Totals of the filtered records"
      gap={{ base: 4, md: 8 }}
      wrap="wrap"
      mb="3"
      px="4"
      py="3"
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
    >
      {stats.map(([label, value]) => (
        <Stat.Root key={label} size="sm" flex="0 0 auto">
          <Stat.Label>{label}</Stat.Label>
          {value !== undefined ? (
            <Stat.ValueText fontVariantNumeric="tabular-nums">{value}</Stat.ValueText>
          ) : isError ? (
            <Text color="fg.error">—</Text>
          ) : (
            <Skeleton h="6" w="20" />
          )}
        </Stat.Root>
      ))}
      <Text alignSelf="end" fontSize="xs" color="fg.muted" ms="auto">
        {isError ? 'Totals could not be loaded.' : 'All records matching the filters, not just this page.'}
      </Text>
    </Flex>
  );
}
