import { Alert, Badge, Box, Flex, List, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CopyItemPlan, CopyPlan } from '@/contract/equipment-copy';

const notesOf = (i: CopyItemPlan) => [
  ...i.notes,
  ...i.allocations.filter((a) => a.reason).map((a) => `${a.productCode}: ${a.reason}`),
];

/** What a copy creates (or created): per equipment the new fleet no., notes and allocations that come along. */
export function CopyPlanView({ plan, done }: { plan: CopyPlan; done?: boolean }) {
  const { summary: s, missing } = plan;
  const gaps = [
    missing.equipmentTypes.length ? `equipment types ${missing.equipmentTypes.join(', ')}` : '',
    missing.costCentres.length ? `cost centres ${missing.costCentres.join(', ')}` : '',
    missing.products.length ? `products ${missing.products.join(', ')}` : '',
  ].filter(Boolean);
  return (
    <Stack gap="3">
      <Text>
        {done ? 'Copied' : 'Will copy'} {s.equipment} equipment with {s.allocations} allocations to{' '}
        {plan.targetStore.code} {plan.targetStore.name} ({plan.targetAccount.name})
        {s.skipped ? `; ${s.skipped} skipped` : ''}
        {s.allocationsSkipped ? `; ${s.allocationsSkipped} allocations left out` : ''}.
      </Text>
      {gaps.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Not in the target account: {gaps.join('; ')}</Alert.Title>
            <Alert.Description>Copies are made without them (see the notes per equipment).</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        maxH="lg"
        hideBelow="md"
        tabIndex={0}
        role="region"
        aria-label={done ? 'Copied equipment' : 'Copy preview'}
      >
        <Table.Root size="sm" stickyHeader>
          <VisuallyHidden asChild>
            <caption>{done ? 'Copied equipment' : 'Copy preview'}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Equipment</Table.ColumnHeader>
              <Table.ColumnHeader>Copy</Table.ColumnHeader>
              <Table.ColumnHeader>Allocations</Table.ColumnHeader>
              <Table.ColumnHeader minW="64">Notes</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {plan.items.map((i) => (
              <Table.Row key={i.sourceId}>
                <Table.Cell whiteSpace="nowrap">{i.fleetNo}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {i.action === 'create' ? (
                    <Text as="span" fontWeight="medium">
                      {i.newFleetNo}
                    </Text>
                  ) : (
                    <Badge colorPalette="orange">Skipped</Badge>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {i.allocations
                    .filter((a) => a.action === 'create')
                    .map((a) => a.productCode)
                    .join(', ') || '—'}
                </Table.Cell>
                <Table.Cell>
                  <List.Root fontSize="sm" ps="4">
                    {notesOf(i).map((n) => (
                      <List.Item key={n}>{n}</List.Item>
                    ))}
                  </List.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {/* On a phone the four columns would push the notes off screen: one block per equipment. */}
      <Box
        as="ul"
        hideFrom="md"
        borderWidth="1px"
        rounded="md"
        maxH="lg"
        overflowY="auto"
        listStyleType="none"
        tabIndex={0}
        aria-label={done ? 'Copied equipment' : 'Copy preview'}
      >
        {plan.items.map((i) => (
          <Stack as="li" key={i.sourceId} gap="1" px="3" py="2" borderBottomWidth="1px" fontSize="sm">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="medium">{i.fleetNo}</Text>
              <Text aria-hidden>→</Text>
              {i.action === 'create' ? (
                <Text fontWeight="medium">{i.newFleetNo}</Text>
              ) : (
                <Badge colorPalette="orange">Skipped</Badge>
              )}
            </Flex>
            <Text color="fg.muted">
              Allocations:{' '}
              {i.allocations
                .filter((a) => a.action === 'create')
                .map((a) => a.productCode)
                .join(', ') || 'none'}
            </Text>
            {notesOf(i).map((n) => (
              <Text key={n}>{n}</Text>
            ))}
          </Stack>
        ))}
      </Box>
    </Stack>
  );
}
