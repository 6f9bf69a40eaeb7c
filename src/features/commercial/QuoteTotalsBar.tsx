import { Flex, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QUOTATIONS_LIST, formatCents } from '@/contract/commercial';
import { listQueryOf } from '@/app/ui/list/listSearch';
import { useListSearch } from '@/app/ui/list/useList';
import { count } from '@/lib/format';
import { quotes } from './clients';

/** The filtered set's count and totals, under the same filters as the list above it. */
export function QuoteTotalsBar() {
  const { search } = useListSearch();
  const { page: _p, pageSize: _s, sort: _o, ...query } = listQueryOf(search, QUOTATIONS_LIST.defaultSort);
  const totals = useQuery({
    queryKey: ['commercial', 'quote-totals', query],
    queryFn: ({ signal }) => quotes.totals(query, signal),
  });
  if (!totals.data) return null;
  const t = totals.data;
  return (
    <Flex gap="6" wrap="wrap" fontSize="sm" role="status" aria-label="Totals of the filtered quotations" mb="3">
      <Text>
        {count(t.count)} quotation{t.count === 1 ? '' : 's'}
      </Text>
      <Text>Net {formatCents(t.netCents)}</Text>
      <Text>VAT {formatCents(t.vatCents)}</Text>
      <Text fontWeight="bold">Total {formatCents(t.totalCents)}</Text>
    </Flex>
  );
}
