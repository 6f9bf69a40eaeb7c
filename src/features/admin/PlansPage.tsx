import { Button, Flex, IconButton, Table } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { LIMIT_KEYS, LIMIT_LABELS, PERIOD_LABELS, type Plan } from '@/contract/subscriptions';
import { count, money } from '@/lib/format';
import { PLANS_KEY, subscriptionsApi } from './client';
import { PlanForm } from './PlanForm';

/** `/Subscription` (ThebigBoss): the plans with their modules, limits and price; create and edit. */
export function PlansPage() {
  const q = useQuery({ queryKey: PLANS_KEY, queryFn: ({ signal }) => subscriptionsApi.plans(signal) });
  const client = useQueryClient();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  if (q.error) return <LoadError what="The plans" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading plans" />;
  return (
    <>
      <Flex mb="3" gap="2" wrap="wrap">
        <Button size="sm" onClick={() => setEditing('new')}>
          <LuPlus aria-hidden /> New plan
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to="/ManageSubscription">Manage an account's subscription</Link>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to="/SubscriptionReport">Subscription report</Link>
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Plans">
          <Table.Header>
            <Table.Row>
              {['Plan', 'Modules', 'Period', 'Price', ...LIMIT_KEYS.map((k) => LIMIT_LABELS[k]), 'Accounts', ''].map(
                (h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ),
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {q.data.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.name}</Table.Cell>
                <Table.Cell>{p.modules.join(', ')}</Table.Cell>
                <Table.Cell>{PERIOD_LABELS[p.period]}</Table.Cell>
                <Table.Cell textAlign="end">
                  {money(p.price)} {p.currency}
                </Table.Cell>
                {LIMIT_KEYS.map((k) => (
                  <Table.Cell key={k} textAlign="end">
                    {p.limits[k] === null ? 'No limit' : count(p.limits[k])}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end">{p.accounts}</Table.Cell>
                <Table.Cell>
                  <IconButton size="xs" variant="ghost" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                    <LuPencil aria-hidden />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <FormDrawer open={!!editing} onClose={() => setEditing(null)}>
        {editing && (
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? undefined : editing}
            close={() => setEditing(null)}
            onSaved={() => void client.invalidateQueries({ queryKey: PLANS_KEY })}
          />
        )}
      </FormDrawer>
    </>
  );
}
