import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAll } from '@/app/ui/list/useList';
import { formatDateTime } from '@/app/ui/list/columns';
import type { GaugeDevice, TestConnectionResult } from '@/contract/gauges';
import { testConnection } from './client';

const n = (v: number, dp = 0) => v.toLocaleString(undefined, { maximumFractionDigits: dp });

/** "Test connection": polls the gauge now and shows what its console answered. */
export function TestConnectionDialog({ device, onClose }: { device: GaugeDevice | null; onClose: () => void }) {
  const poll = useMutation({ mutationFn: (id: string) => testConnection(id), onSettled: () => void refreshAll() });
  const { mutate, reset } = poll;
  useEffect(() => {
    if (device) mutate(device.id);
    else reset();
  }, [device, mutate, reset]);
  return (
    <Dialog.Root
      open={!!device}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="xl"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Test connection · {device?.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {poll.isPending && (
                <Stack gap="3" aria-busy="true" aria-label="Polling the gauge">
                  <Text color="fg.muted">
                    Asking {device?.host}:{device?.port} for its inventory…
                  </Text>
                  {Array.from({ length: 3 }, (_, i) => (
                    <Skeleton key={i} h="8" />
                  ))}
                </Stack>
              )}
              {poll.isError && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{poll.error.message}</Alert.Title>
                </Alert.Root>
              )}
              {poll.data && <Result result={poll.data} />}
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={() => device && mutate(device.id)}
                disabled={!device || poll.isPending}
              >
                Poll again
              </Button>
              <Button onClick={onClose}>Close</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Result({ result: r }: { result: TestConnectionResult }) {
  if (!r.ok) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The gauge did not answer</Alert.Title>
          <Alert.Description>{r.error}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4">
      <Alert.Root status={r.error ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            Connected in {r.elapsedMs} ms: {r.inventory.length} tank{r.inventory.length === 1 ? '' : 's'} reported,{' '}
            {r.stored} new reading{r.stored === 1 ? '' : 's'} stored
          </Alert.Title>
          <Alert.Description>
            Console clock {r.consoleTime ? formatDateTime(r.consoleTime) : '—'}
            {r.error ? ` · Not stored: ${r.error}` : ''}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {r.inventory.length === 0 ? (
        <Text color="fg.muted">The console reports no tanks.</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Inventory (i201)">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>No.</Table.ColumnHeader>
                <Table.ColumnHeader minW="36">FAMS tank</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Volume (L)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">15 °C (L)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Ullage (L)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Height (mm)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Water (mm)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Temp. (°C)</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.inventory.map((t) => (
                <Table.Row key={t.tankNumber}>
                  <Table.Cell>{t.tankNumber}</Table.Cell>
                  <Table.Cell>
                    {t.tankLabel ?? (
                      <Badge colorPalette="orange" variant="subtle">
                        not mapped
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{n(t.volume)}</Table.Cell>
                  <Table.Cell textAlign="end">{n(t.tcVolume)}</Table.Cell>
                  <Table.Cell textAlign="end">{n(t.ullage)}</Table.Cell>
                  <Table.Cell textAlign="end">{n(t.heightMm, 1)}</Table.Cell>
                  <Table.Cell textAlign="end">{n(t.waterMm, 1)}</Table.Cell>
                  <Table.Cell textAlign="end">{n(t.temperatureC, 1)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Flex direction="column" gap="1">
        <Text fontWeight="medium">Deliveries the console remembers (i202): {r.deliveries.length}</Text>
        {r.deliveries.slice(-5).map((d) => (
          <Text key={`${d.tankNumber}-${d.startedAt}`} fontSize="sm" color="fg.muted">
            Tank {d.tankNumber}: {n(d.litres)} L, {formatDateTime(d.startedAt)} – {formatDateTime(d.endedAt)}
          </Text>
        ))}
      </Flex>
    </Stack>
  );
}
