import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { LuDownload, LuSend } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { Loading, LoadError } from '@/app/ui/QueryState';
import { MAX_PAGE_SIZE } from '@/contract/constants';
import {
  formatCents,
  QUOTE_STATUS_LABELS,
  QuoteCreate,
  QuoteUpdate,
  REVISABLE,
  type Quote,
} from '@/contract/commercial';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/resource';
import { clients, quotes } from './clients';
import { FollowUpHistory } from './FollowUpHistory';
import { QuoteLines } from './QuoteLines';
import { draftAmounts, quoteBody, quoteDraft, type QuoteDraft } from './quoteDraft';
import { useCustomerOptions, useSiteOptions } from './useCustomers';

const route = getRouteApi('/_app/quotation');
export const quoteKey = (id: string) => ['commercial', 'quotation', id];

/** `/quotation?id=`: create a quotation, edit a draft, send it; a sent one is shown read-only. */
export function QuotationPage() {
  const { id } = route.useSearch();
  const quote = useQuery({
    queryKey: quoteKey(id ?? 'new'),
    enabled: !!id,
    queryFn: ({ signal }) => quotes.get(id!, signal),
  });
  if (id && !quote.data) {
    return quote.error ? (
      <LoadError what="The quotation" message={quote.error.message} onRetry={() => void quote.refetch()} />
    ) : (
      <Loading label="Loading the quotation" />
    );
  }
  const q = id ? (quote.data ?? null) : null;
  return <QuoteEditor key={q ? `${q.id}-${q.version}` : 'new'} quote={q} />;
}

function QuoteEditor({ quote }: { quote: Quote | null }) {
  const navigate = route.useNavigate();
  const qc = useQueryClient();
  const customers = useCustomerOptions();
  const catalogue = useQuery({
    queryKey: ['commercial', 'catalogue-all'],
    queryFn: ({ signal }) => clients.catalogue.list({ pageSize: MAX_PAGE_SIZE, sort: 'code' }, signal),
  });
  const readOnly = !!quote && quote.status !== 'draft';
  const form = useResourceForm<QuoteDraft, Quote>({
    initial: quoteDraft(quote),
    toBody: (d) => (quote ? { ...quoteBody(d), version: quote.version } : quoteBody(d)),
    schema: quote ? QuoteUpdate : QuoteCreate,
    save: (body) => (quote ? quotes.update(quote.id, body) : quotes.create(body)),
    onSaved: (row) => {
      qc.setQueryData(quoteKey(row.id), row);
      void refreshAll();
      void navigate({ search: { id: row.id }, replace: !!quote });
    },
    savedMessage: (r) => `Quotation ${r.label} saved.`,
  });
  const sites = useSiteOptions(form.values.customerId || undefined);
  const { lines, totals } = draftAmounts(form.values);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, fn: () => Promise<Quote>, message: (q: Quote) => string) => {
    setBusy(what);
    try {
      const q = await fn();
      qc.setQueryData(quoteKey(q.id), q);
      void refreshAll();
      notify({ tone: 'success', message: message(q) });
      if (q.id !== quote?.id) void navigate({ search: { id: q.id } });
    } catch (e) {
      notify({ tone: 'warning', title: `${what} failed`, message: e instanceof ApiError ? e.message : String(e) });
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: quoteKey(quote!.id) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="5" maxW="7xl">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading size="lg">{quote ? `Quotation ${quote.label}` : 'New quotation'}</Heading>
        {quote && (
          <Badge
            aria-label="Status"
            colorPalette={quote.status === 'accepted' ? 'green' : quote.status === 'sent' ? 'blue' : 'gray'}
          >
            {QUOTE_STATUS_LABELS[quote.status]}
          </Badge>
        )}
        {quote?.sentTo && (
          <Text fontSize="sm" color="fg.muted">
            Sent to {quote.sentTo}
            {quote.answeredBy ? ` · answered by ${quote.answeredBy}` : ''}
          </Text>
        )}
      </Flex>
      {quote && <FollowUpHistory quote={quote} queryKey={quoteKey(quote.id)} />}
      <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Quotation">
        <Stack gap="4">
          <FormMessage message={form.message} />
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
            <SelectField
              label="Customer"
              required
              placeholder="Choose…"
              options={customers}
              disabled={readOnly}
              {...form.text('customerId')}
              onChange={(v) => {
                form.set('customerId', v);
                form.set('siteId', '');
              }}
            />
            <SelectField
              label="Site"
              placeholder="No site"
              options={sites}
              disabled={readOnly}
              {...form.text('siteId')}
            />
            <TextField label="Date" type="date" readOnly={readOnly} {...form.text('issueDate')} />
            <TextField label="Valid until" type="date" readOnly={readOnly} {...form.text('validUntil')} />
          </SimpleGrid>
          <QuoteLines
            lines={form.values.lines}
            amounts={lines}
            catalogue={catalogue.data?.items ?? []}
            set={form.set}
            text={form.text}
            error={form.error}
            readOnly={readOnly}
          />
          <Box alignSelf="end" minW="64" borderWidth="1px" borderRadius="md" p="3" aria-label="Totals" role="group">
            <Total label="Subtotal" cents={totals.grossCents} />
            {totals.discountCents > 0 && <Total label="Discount" cents={-totals.discountCents} />}
            <Total label="Net" cents={totals.netCents} />
            <Total label="VAT" cents={totals.vatCents} />
            <Total label="Total" cents={totals.totalCents} strong />
          </Box>
          <TextareaField label="Terms" rows={3} {...form.text('terms')} />
          <TextField
            label="Payment terms"
            helper="Left blank: the account's payment terms (else the customer's days) when saved"
            {...form.text('paymentTerms')}
          />
          <TextareaField label="Internal notes" rows={2} {...form.text('notes')} />
          <Flex gap="2" wrap="wrap">
            {!readOnly && (
              <Button type="submit" loading={form.saving}>
                {quote ? 'Save draft' : 'Create draft'}
              </Button>
            )}
            {quote && (
              <Button
                variant="outline"
                onClick={() => void quotes.pdf(quote.id, quote.label.replace(/\s+/g, '-')).then(saveFile)}
              >
                <LuDownload aria-hidden /> PDF
              </Button>
            )}
            {quote?.status === 'draft' && (
              <Button
                colorPalette="green"
                disabled={form.dirty}
                loading={busy === 'Send'}
                onClick={() =>
                  void run(
                    'Send',
                    () => quotes.send(quote.id, quote.version),
                    (q) => `Quotation ${q.label} sent to ${q.sentTo}.`,
                  )
                }
              >
                <LuSend aria-hidden /> Send to customer
              </Button>
            )}
            {quote && REVISABLE.includes(quote.status) && (
              <Button
                variant="outline"
                loading={busy === 'Revision'}
                onClick={() =>
                  void run(
                    'Revision',
                    () => quotes.revise(quote.id, quote.version),
                    (q) => `Revision ${q.label} created.`,
                  )
                }
              >
                New revision
              </Button>
            )}
          </Flex>
          {quote?.status === 'draft' && form.dirty && (
            <Text fontSize="sm" color="fg.muted">
              Save the draft before sending it.
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

function Total({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="6" fontWeight={strong ? 'bold' : undefined}>
      <Text>{label}</Text>
      <Text aria-label={label}>{formatCents(cents)}</Text>
    </Flex>
  );
}
