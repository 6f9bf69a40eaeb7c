import { Box, Button, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { Panel } from '@/app/ui/Panel';
import { Loading } from '@/app/ui/QueryState';
import { formatCents, QUOTE_STATUS_LABELS, type PublicQuote } from '@/contract/commercial';
import { ApiError } from '@/lib/api';
import { publicQuote } from './clients';

/** Read from the URL itself: a search parser could turn the token into something else. */
const tokenFromUrl = () => new URLSearchParams(window.location.search).get('token') ?? '';

/** `/pages/quote?token=`: the customer reads the quotation and accepts or declines it, without an account. */
export function PublicQuotePage() {
  const [token] = useState(tokenFromUrl);
  // The blank layout has no query client (ADR 017): one read, kept in state.
  const [view, setView] = useState<{ data?: PublicQuote; error?: unknown }>({});
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    publicQuote.view(token, ctrl.signal).then(
      (data) => setView({ data }),
      (error: unknown) => !ctrl.signal.aborted && setView({ error }),
    );
    return () => ctrl.abort();
  }, [token]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  if (!token || view.error)
    return (
      <Panel title="Quotation">
        <FormMessage
          message={{
            tone: 'danger',
            text: view.error instanceof ApiError ? view.error.message : 'This link is not valid.',
          }}
        />
      </Panel>
    );
  if (!view.data) return <Loading label="Loading the quotation" />;
  const q = view.data;

  const answer = async (decision: 'accept' | 'decline') => {
    if (!name.trim()) {
      setMessage({ tone: 'danger', text: 'Type your name first.' });
      return;
    }
    setBusy(true);
    try {
      const out = await publicQuote.answer(token, decision, name.trim());
      setView({ data: out });
      setMessage({ tone: 'success', text: `Thank you. The quotation is ${out.status}.` });
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={`Quotation ${q.label}`}>
      <Text>
        From <b>{q.accountName}</b> to <b>{q.customerName}</b>
        {q.siteName ? ` (site ${q.siteName})` : ''} · dated {q.issueDate} · valid until {q.validUntil}
      </Text>
      <Text aria-label="Status" fontWeight="bold">
        {QUOTE_STATUS_LABELS[q.status]}
        {q.answeredBy ? ` by ${q.answeredBy}` : ''}
      </Text>
      <Lines q={q} />
      {q.terms && (
        <Box>
          <Text fontWeight="bold">Terms</Text>
          <Text whiteSpace="pre-wrap">{q.terms}</Text>
        </Box>
      )}
      <Link href={publicQuote.pdfUrl(token)} target="_blank" rel="noopener" variant="underline">
        Open the PDF
      </Link>
      <FormMessage message={message} />
      {q.status === 'sent' && (
        <Stack gap="3">
          <TextField label="Your name" value={name} onChange={setName} autoComplete="name" />
          <Flex gap="2">
            <Button colorPalette="green" loading={busy} onClick={() => void answer('accept')}>
              Accept quotation
            </Button>
            <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => void answer('decline')}>
              Decline
            </Button>
          </Flex>
        </Stack>
      )}
    </Panel>
  );
}

function Lines({ q }: { q: PublicQuote }) {
  const right = { textAlign: 'end' } as const;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label="Lines">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader {...right}>Quantity</Table.ColumnHeader>
            <Table.ColumnHeader {...right}>Unit price</Table.ColumnHeader>
            <Table.ColumnHeader {...right}>Discount %</Table.ColumnHeader>
            <Table.ColumnHeader {...right}>VAT %</Table.ColumnHeader>
            <Table.ColumnHeader {...right}>Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {q.lines.map((l, i) => (
            <Table.Row key={i}>
              <Table.Cell>{l.description}</Table.Cell>
              <Table.Cell {...right}>
                {l.quantity} {l.unit === 'each' ? '' : l.unit}
              </Table.Cell>
              <Table.Cell {...right}>{formatCents(l.unitPriceCents)}</Table.Cell>
              <Table.Cell {...right}>{l.discountPct || ''}</Table.Cell>
              <Table.Cell {...right}>{l.vatPct}</Table.Cell>
              <Table.Cell {...right}>{formatCents(l.totalCents)}</Table.Cell>
            </Table.Row>
          ))}
          {(
            [
              ['Net', q.netCents],
              ['VAT', q.vatCents],
              ['Total', q.totalCents],
            ] as const
          ).map(([label, cents]) => (
            <Table.Row key={label} fontWeight={label === 'Total' ? 'bold' : undefined}>
              <Table.Cell colSpan={5} {...right}>
                {label}
              </Table.Cell>
              <Table.Cell {...right} aria-label={`Quotation ${label.toLowerCase()}`}>
                {formatCents(cents)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
