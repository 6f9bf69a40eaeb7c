import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ViewSubscriptionPage } from '@/features/admin/ViewSubscriptionPage';

export const Route = createFileRoute('/_app/ViewSubscription')({
  beforeLoad: guard('/ViewSubscription'),
  component: ViewSubscriptionPage,
});
