import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { IntegrationPage } from '@/features/integrations/IntegrationPage';

export const Route = createFileRoute('/_app/Integration')({
  beforeLoad: guard('/Integration'),
  // The list's state, and which tab: the integrations or the delivery log (`tab=log`).
  validateSearch: (raw: Record<string, unknown>) => ({
    ...validateListSearch(raw),
    ...(raw.tab === 'log' ? { tab: 'log' as const } : {}),
  }),
  component: IntegrationPage,
});
