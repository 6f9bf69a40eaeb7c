import { Button, ButtonGroup, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { useCanWrite } from '@/app/access';
import { QUOTATIONS_LIST, REVISABLE, type QuoteAction, type QuoteListRow } from '@/contract/commercial';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { CatalogueScreen } from './CatalogueScreen';
import { FollowUpSetting } from './FollowUpSetting';
import { clients, quotes } from './clients';
import { quoteColumns, quoteFilters } from './quoteColumns';
import { QuoteTotalsBar } from './QuoteTotalsBar';
import { useCustomerOptions } from './useCustomers';
import { WinRate } from './WinRate';

const route = getRouteApi('/_app/quotations');
export const MANAGE_TABS = { quotations: 'Quotations', prices: 'Price list', 'win-rate': 'Win rate' } as const;
export type ManageTab = keyof typeof MANAGE_TABS;

type StaffAction = Exclude<QuoteAction, 'send'>;
const ACTION_LABELS: Record<StaffAction, string> = { accept: 'Accepted', decline: 'Declined', expire: 'Expired' };

/** `/quotations`: status changes, revisions, the price list and the win rate by month. */
export function QuotationsManagePage() {
  const { tab = 'quotations' } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack gap="4">
      <ButtonGroup size="sm" variant="outline" attached role="tablist" aria-label="Manage quotations">
        {(Object.keys(MANAGE_TABS) as ManageTab[]).map((t) => (
          <Button
            key={t}
            role="tab"
            aria-selected={t === tab}
            variant={t === tab ? 'solid' : 'outline'}
            onClick={() => void navigate({ search: t === 'quotations' ? {} : { tab: t } })}
          >
            {MANAGE_TABS[t]}
          </Button>
        ))}
      </ButtonGroup>
      {tab === 'prices' ? <CatalogueScreen /> : tab === 'win-rate' ? <WinRate /> : <ManageList />}
    </Stack>
  );
}

function ManageList() {
  const customers = useCustomerOptions();
  const canWrite = useCanWrite('/quotations');
  const navigate = route.useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (q: QuoteListRow, what: string, fn: () => Promise<{ label: string }>) => {
    setBusy(q.id);
    try {
      const out = await fn();
      notify({ tone: 'success', message: `${what}: ${out.label}.` });
      await qc.invalidateQueries();
    } catch (e) {
      notify({ tone: 'warning', title: `${what} failed`, message: e instanceof ApiError ? e.message : String(e) });
      void refreshAll();
    } finally {
      setBusy(null);
    }
  };

  const actions = (q: QuoteListRow) => (
    <>
      {q.status === 'sent' &&
        (Object.keys(ACTION_LABELS) as StaffAction[]).map((a) => (
          <Button
            key={a}
            size="xs"
            variant="outline"
            disabled={busy === q.id}
            aria-label={`Mark ${q.label} ${ACTION_LABELS[a].toLowerCase()}`}
            onClick={() =>
              void act(q, `Marked ${ACTION_LABELS[a].toLowerCase()}`, () => quotes.act(q.id, a, q.version))
            }
          >
            {ACTION_LABELS[a]}
          </Button>
        ))}
      {REVISABLE.includes(q.status) && (
        <Button
          size="xs"
          variant="outline"
          disabled={busy === q.id}
          aria-label={`New revision of ${q.label}`}
          onClick={() => void act(q, 'Revision created', () => quotes.revise(q.id, q.version))}
        >
          Revise
        </Button>
      )}
    </>
  );

  return (
    <>
      <FollowUpSetting canWrite={canWrite} />
      <QuoteTotalsBar />
      <ListView
        client={clients.quotations}
        info={{ ...QUOTATIONS_LIST, screen: '/quotations' }}
        noun="quotation"
        plural="quotations"
        columns={quoteColumns}
        filters={quoteFilters(customers)}
        rowLabel={(q) => q.label}
        canWrite={canWrite}
        onCreate={() => void navigate({ to: '/quotation' })}
        extraActions={canWrite ? actions : undefined}
      />
    </>
  );
}
