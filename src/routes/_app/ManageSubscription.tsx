import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { idSearch } from '@/app/search';
import { ManageSubscriptionPage } from '@/features/admin/ManageSubscriptionPage';

/** `/ManageSubscription?accountId=<n>`: one account's subscription. */
export const Route = createFileRoute('/_app/ManageSubscription')({
  beforeLoad: guard('/ManageSubscription'),
  validateSearch: idSearch('accountId'),
  component: function ManageSubscriptionRoute() {
    const { accountId } = Route.useSearch();
    return <ManageSubscriptionPage accountId={accountId} />;
  },
});
