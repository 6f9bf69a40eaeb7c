import { Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Loading, LoadError, NoData } from '@/app/ui/QueryState';
import { formatCents } from '@/contract/commercial';
import { quotes } from './clients';

/** Win rate by month of sending: accepted ÷ decided (accepted, declined, expired). */
export function WinRate() {
  const q = useQuery({ queryKey: ['commercial', 'win-rate', 12], queryFn: ({ signal }) => quotes.winRate(12, signal) });
  if (q.error) return <LoadError what="The win rate" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading the win rate" />;
  if (!q.data.months.length) return <NoData title="No quotations sent in the last 12 months" />;
  return (
    <Table.Root size="sm" aria-label="Win rate by month">
      <Table.Header>
        <Table.Row>
          {['Month', 'Sent', 'Accepted', 'Declined', 'Expired', 'Open', 'Accepted value', 'Win rate'].map((h) => (
            <Table.ColumnHeader key={h} textAlign={h === 'Month' ? 'start' : 'end'}>
              {h}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {q.data.months.map((m) => (
          <Table.Row key={m.month}>
            <Table.Cell>{m.month}</Table.Cell>
            {[m.sent, m.accepted, m.declined, m.expired, m.open].map((v, i) => (
              <Table.Cell key={i} textAlign="end">
                {v}
              </Table.Cell>
            ))}
            <Table.Cell textAlign="end">{formatCents(m.acceptedCents)}</Table.Cell>
            <Table.Cell textAlign="end">{m.winRate === null ? '—' : `${m.winRate.toFixed(1)} %`}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
