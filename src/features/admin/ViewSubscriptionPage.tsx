import { useQuery } from '@tanstack/react-query';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { subscriptionsApi } from './client';
import { SubscriptionPanel } from './SubscriptionPanel';

/** `/ViewSubscription` (admin): the account's plan, usage against each limit, renewal and history. */
export function ViewSubscriptionPage() {
  const q = useQuery({ queryKey: ['admin', 'subscription'], queryFn: ({ signal }) => subscriptionsApi.mine(signal) });
  if (q.error) return <LoadError what="The subscription" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading the subscription" />;
  return <SubscriptionPanel view={q.data} />;
}
