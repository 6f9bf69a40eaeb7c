import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { SubscriptionReportPage } from '@/features/admin/SubscriptionReportPage';

export const Route = createFileRoute('/_app/SubscriptionReport')({
  beforeLoad: guard('/SubscriptionReport'),
  validateSearch: validateListSearch,
  component: SubscriptionReportPage,
});
