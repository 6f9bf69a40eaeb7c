import { Badge, Box, Button, CloseButton, Dialog, Flex, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LoadError, NoData } from '@/app/ui/QueryState';
import { balancingApi, balancingKeys } from './client';
import { kindLabel, type Drill } from './DailyTable';
import { dayName, timeIn } from './format';
import { litresFigure as litres } from '@/lib/format';

function RoleBadge({ role }: { role: 'opening' | 'closing' | null }) {
  if (!role) return null;
  return (
    <Badge me="2" colorPalette={role === 'closing' ? 'blue' : 'purple'}>
      {role}
    </Badge>
  );
}

interface Props {
  tankId: string;
  tank: string;
  drill: Drill | null;
  onClose: () => void;
}

/**
 * The records behind one figure of one day (the drill-down): dispenses (a reversal shows
 * negative), receipts, transfers, or the readings with the day's opening and closing marked.
 */
export function RecordsDialog({ tankId, tank, drill, onClose }: Props) {
  const q = useQuery({
    queryKey: drill ? balancingKeys.records(tankId, drill.day, drill.kind) : ['none'],
    queryFn: ({ signal }) => balancingApi.records(tankId, drill!.day, drill!.kind, signal),
    enabled: !!drill,
  });
  const title = drill ? `${kindLabel(drill.kind)} — ${tank}, ${dayName(drill.day)}` : '';
  const data = q.data;
  return (
    <Dialog.Root
      open={!!drill}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              {q.isError ? (
                <LoadError
                  what="The records"
                  message={q.error.message}
                  onRetry={() => void q.refetch()}
                  retrying={q.isFetching}
                />
              ) : !data ? (
                <Stack gap="2" role="status" aria-busy="true" aria-label="Loading">
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} h="6" />
                  ))}
                </Stack>
              ) : data.items.length === 0 ? (
                <NoData title="Nothing on this day" framed={false} />
              ) : (
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted" aria-live="polite">
                    {data.total} {data.total === 1 ? 'record' : 'records'}
                    {data.kind !== 'readings' && <> · {litres(data.litres)} L</>}
                    {data.truncated && <> · the first {data.items.length} shown</>}
                    {' · times in '}
                    {data.tank.timezone}
                  </Text>
                  <Table.ScrollArea borderWidth="1px" rounded="md" hideBelow="md">
                    <Table.Root size="sm" stickyHeader>
                      <Table.Header>
                        <Table.Row bg="bg.subtle">
                          <Table.ColumnHeader>Time</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">
                            {data.kind === 'readings' ? 'Gross (L)' : 'Litres'}
                          </Table.ColumnHeader>
                          <Table.ColumnHeader>Details</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {data.items.map((r) => (
                          <Table.Row key={r.id}>
                            <Table.Cell whiteSpace="nowrap">{timeIn(r.at, data.tank.timezone, data.day)}</Table.Cell>
                            <Table.Cell textAlign="end" color={r.litres < 0 ? 'fg.error' : undefined}>
                              {litres(r.litres)}
                            </Table.Cell>
                            <Table.Cell>
                              <RoleBadge role={r.role} />
                              {r.detail}
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                  {/* On a phone: one line of time and litres, the details below. */}
                  <Stack
                    as="ul"
                    hideFrom="md"
                    gap="0"
                    borderWidth="1px"
                    rounded="md"
                    listStyleType="none"
                    aria-label={title}
                  >
                    {data.items.map((r) => (
                      <Box as="li" key={r.id} px="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                        <Flex justify="space-between" gap="2">
                          <Text fontSize="sm">
                            {timeIn(r.at, data.tank.timezone, data.day)} <RoleBadge role={r.role} />
                          </Text>
                          <Text fontSize="sm" fontWeight="semibold" color={r.litres < 0 ? 'fg.error' : undefined}>
                            {litres(r.litres)} L
                          </Text>
                        </Flex>
                        <Text fontSize="xs" color="fg.muted">
                          {r.detail}
                        </Text>
                      </Box>
                    ))}
                  </Stack>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
