import { Box, Button, Flex } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { AccountSelect } from './AccountSelect';
import { subscriptionsApi, PLANS_KEY } from './client';
import { AssignForm } from './AssignForm';
import { SubscriptionPanel } from './SubscriptionPanel';

/** `/ManageSubscription?accountId=` (ThebigBoss): one account's subscription; assign or change its plan and status. */
export function ManageSubscriptionPage({ accountId }: { accountId?: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const plans = useQuery({ queryKey: PLANS_KEY, queryFn: ({ signal }) => subscriptionsApi.plans(signal) });
  const view = useQuery({
    queryKey: ['admin', 'subscription', accountId],
    queryFn: ({ signal }) => subscriptionsApi.of(accountId!, signal),
    enabled: accountId !== undefined,
  });
  const error = plans.error ?? view.error;
  if (error) return <LoadError what="The subscription" message={error.message} onRetry={() => void view.refetch()} />;
  if (!plans.data) return <Loading label="Loading the plans" />;
  return (
    <>
      <Flex gap="3" align="end" mb="4" wrap="wrap">
        <Box minW={{ base: 'full', sm: '80' }}>
          <AccountSelect
            // The account named in the address: remounted when it changes, so its name shows.
            key={`${accountId}-${view.data?.accountName ?? ''}`}
            value={accountId ? String(accountId) : ''}
            selectedLabel={view.data?.accountName ?? ''}
            onChange={(v) => {
              if (v !== String(accountId ?? ''))
                void navigate({ to: '/ManageSubscription', search: v ? { accountId: Number(v) } : {} });
            }}
          />
        </Box>
        {view.data && (
          <Button size="sm" onClick={() => setEditing(true)}>
            <LuPencil aria-hidden /> Change plan or status
          </Button>
        )}
      </Flex>
      {accountId !== undefined && !view.data && <Loading label="Loading the subscription" />}
      {view.data && <SubscriptionPanel view={view.data} />}
      <FormDrawer open={editing} onClose={() => setEditing(false)}>
        {editing && view.data && (
          <AssignForm
            view={view.data}
            plans={plans.data}
            close={() => setEditing(false)}
            onSaved={() => void client.invalidateQueries({ queryKey: ['admin'] })}
          />
        )}
      </FormDrawer>
    </>
  );
}
