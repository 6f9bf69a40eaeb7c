import { Badge, Box, Flex, Progress, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { Section } from '@/app/ui/Section';
import {
  LIMIT_LABELS,
  PERIOD_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
  type SubscriptionView,
  type Usage,
} from '@/contract/subscriptions';
import { count, money } from '@/lib/format';

const STATUS_COLOUR: Record<SubscriptionStatus, string> = {
  trial: 'blue',
  active: 'green',
  past_due: 'orange',
  cancelled: 'red',
};

export const StatusBadge = ({ status }: { status: SubscriptionStatus }) => (
  <Badge colorPalette={STATUS_COLOUR[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Badge>
);

/** One limit: a bar of usage against it (red when reached), or the figure alone without a limit. */
function UsageBar({ u }: { u: Usage }) {
  const label = LIMIT_LABELS[u.key];
  const full = u.limit !== null && u.used >= u.limit;
  const text = u.limit === null ? `${count(u.used)} (no limit)` : `${count(u.used)} of ${count(u.limit)}`;
  return (
    <Box>
      <Progress.Root
        value={u.limit ? Math.min(100, (100 * u.used) / u.limit) : u.limit === 0 ? 100 : 0}
        max={100}
        colorPalette={full ? 'red' : u.limit !== null && u.used >= 0.8 * u.limit ? 'orange' : 'green'}
        aria-label={`${label}: ${text}`}
      >
        <Flex justify="space-between" mb="1" gap="2">
          <Progress.Label>{label}</Progress.Label>
          <Text fontSize="sm">
            {text}
            {!u.enforced && ' · reported, never refused'}
          </Text>
        </Flex>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}

/** `/ViewSubscription` and one account on `/ManageSubscription`: plan, usage with bars, renewal, history. */
export function SubscriptionPanel({ view }: { view: SubscriptionView }) {
  const { plan } = view;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Stat.Root borderWidth="1px" rounded="md" p="3">
          <Stat.Label>Plan</Stat.Label>
          <Stat.ValueText>{plan?.name ?? 'No plan'}</Stat.ValueText>
          {plan && (
            <Stat.HelpText>
              {PERIOD_LABELS[plan.period]} · {money(plan.price)} {plan.currency} · {plan.modules.join(', ')}
            </Stat.HelpText>
          )}
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="md" p="3">
          <Stat.Label>Status</Stat.Label>
          <Stat.ValueText>{view.status ? <StatusBadge status={view.status} /> : '—'}</Stat.ValueText>
          {view.startsOn && <Stat.HelpText>Since {view.startsOn}</Stat.HelpText>}
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="md" p="3">
          <Stat.Label>Renewal</Stat.Label>
          <Stat.ValueText>{view.renewsOn ?? '—'}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Section title="Usage">
        {!plan && <Text mb="2">No subscription: nothing is limited.</Text>}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {view.usage.map((u) => (
            <UsageBar key={u.key} u={u} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="History">
        {view.history.length === 0 ? (
          <Text>No changes yet.</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label="Subscription history">
              <Table.Header>
                <Table.Row>
                  {['When', 'Plan', 'Status', 'Renews', 'By', 'Note'].map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.history.map((h) => (
                  <Table.Row key={h.at + h.planName}>
                    <Table.Cell>{new Date(h.at).toLocaleString()}</Table.Cell>
                    <Table.Cell>{h.planName}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={h.status} />
                    </Table.Cell>
                    <Table.Cell>{h.renewsOn}</Table.Cell>
                    <Table.Cell>{h.by ?? '—'}</Table.Cell>
                    <Table.Cell>{h.note}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>
    </Stack>
  );
}
