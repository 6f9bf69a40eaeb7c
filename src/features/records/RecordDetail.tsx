import { Badge, Box, Button, DataList, Drawer, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormLoadState } from '@/app/ui/form/FormShell';
import { formatDateTime, formatValue } from '@/app/ui/list/columns';
import type { AuditBrief } from '@/contract/records';
import { recordsApi, type DetailKind, type DetailOf } from './client';

const NOUN: Record<DetailKind, string> = { dispenses: 'dispense', receipts: 'receipt', transfers: 'transfer' };
const ACTION_COLOURS: Record<string, string> = { create: 'green', correct: 'blue', reverse: 'red' };

export interface DetailField {
  label: string;
  value: ReactNode;
}

interface Props<K extends DetailKind> {
  kind: K;
  id: string;
  /** The record's fields as the screen names them. */
  fields: (record: DetailOf<K>['record']) => DetailField[];
  /** Opens another record of the same list (a reversal, a replacement). */
  onOpen: (id: string) => void;
  /** Buttons at the bottom (Correct, Reverse). */
  actions?: (record: DetailOf<K>['record']) => ReactNode;
}

/** What an audit entry says, in a line: the reason of a correction and what it changed. */
function auditLine(a: AuditBrief): string {
  const after = (a.after ?? {}) as { reason?: unknown; changed?: unknown };
  const parts: string[] = [];
  if (Array.isArray(after.changed) && after.changed.length) parts.push(`changed ${after.changed.join(', ')}`);
  if (typeof after.reason === 'string') parts.push(`reason: “${after.reason}”`);
  return parts.join(' · ');
}

/**
 * One field record in full (drawer body): every field, the exceptions it raised, its audit trail
 * (with its reversal's and replacement's entries) and links between a dispense, its reversal and
 * the dispense that replaced it.
 */
export function RecordDetail<K extends DetailKind>({ kind, id, fields, onOpen, actions }: Props<K>) {
  const { data, error, refetch } = useQuery({
    queryKey: [kind, 'detail', id],
    queryFn: ({ signal }) => recordsApi.detail(kind, id, signal),
  });
  const title = `${NOUN[kind].charAt(0).toUpperCase()}${NOUN[kind].slice(1)} details`;
  if (!data) return <FormLoadState title={title} error={error?.message} onRetry={() => void refetch()} />;
  const { record, exceptions, audit, links } = data;
  const link = (label: string, to: string | null) =>
    to && (
      <Button key={label} size="xs" variant="outline" onClick={() => onOpen(to)}>
        {label}
      </Button>
    );
  const linkButtons = [
    link('Open its reversal', links.reversalId),
    link('Open the corrected dispense', links.replacementId),
    link('Open the reversed dispense', links.reversalOf),
    link('Open the dispense it replaces', links.replaces),
  ].filter(Boolean);
  return (
    <>
      <Drawer.Header borderBottomWidth="1px" pe="12">
        <Drawer.Title>{title}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body py="4">
        <Stack gap="6">
          {linkButtons.length > 0 && (
            <Flex gap="2" wrap="wrap" aria-label="Related records">
              {linkButtons}
            </Flex>
          )}
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            {fields(record).map((f) => (
              <DataList.Item key={f.label}>
                <DataList.ItemLabel minW="32">{f.label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{f.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Box as="section" aria-label="Exceptions raised">
            <Heading as="h3" size="sm" mb="2">
              Exceptions raised
            </Heading>
            {exceptions.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                None.
              </Text>
            ) : (
              <Stack gap="2">
                {exceptions.map((e) => (
                  <Flex key={e.id} gap="2" align="baseline" wrap="wrap">
                    <Badge colorPalette={e.severity === 'critical' ? 'red' : 'orange'}>{e.code}</Badge>
                    <Text fontSize="sm">{e.message}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {e.status}
                    </Text>
                  </Flex>
                ))}
              </Stack>
            )}
          </Box>
          <Box as="section" aria-label="Audit trail">
            <Heading as="h3" size="sm" mb="2">
              Audit trail
            </Heading>
            {audit.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No entries.
              </Text>
            ) : (
              <Stack as="ol" gap="2" listStyleType="none">
                {audit.map((a) => (
                  <Box as="li" key={a.id} fontSize="sm">
                    <Flex gap="2" align="baseline" wrap="wrap">
                      <Badge colorPalette={ACTION_COLOURS[a.action] ?? 'gray'}>{a.action}</Badge>
                      <Text>
                        {formatDateTime(a.at)} by {a.userName ?? 'system'}
                      </Text>
                    </Flex>
                    {auditLine(a) && <Text color="fg.muted">{auditLine(a)}</Text>}
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </Drawer.Body>
      {actions && (
        <Drawer.Footer borderTopWidth="1px">
          <Flex gap="2" justify="end" w="full" wrap="wrap">
            {actions(record)}
          </Flex>
        </Drawer.Footer>
      )}
    </>
  );
}

/** A plain value as a detail line. */
export const show = (v: unknown) => formatValue(v);
