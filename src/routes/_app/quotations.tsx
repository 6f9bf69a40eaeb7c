import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch, type ListSearch } from '@/app/ui/list/listSearch';
import { QuotationsManagePage } from '@/features/commercial/QuotationsManagePage';

const TABS = ['prices', 'win-rate'] as const;

export const Route = createFileRoute('/_app/quotations')({
  beforeLoad: guard('/quotations'),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { tab?: (typeof TABS)[number] } => ({
    ...validateListSearch(raw),
    ...(TABS.includes(raw.tab as never) ? { tab: raw.tab as (typeof TABS)[number] } : {}),
  }),
  component: QuotationsManagePage,
});
