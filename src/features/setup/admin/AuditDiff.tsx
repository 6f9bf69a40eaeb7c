import { Box, Button, Code, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatValue } from '@/app/ui/list/columns';
import { humanize } from '@/contract/columns';
import type { AuditLogRow } from '@/contract/setup';

const NOISE = new Set(['version', 'updatedAt', 'createdAt']);

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function show(v: unknown) {
  if (v !== null && typeof v === 'object')
    return (
      <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word">
        {JSON.stringify(v)}
      </Code>
    );
  return formatValue(v);
}

/**
 * What one audited write changed: field (in words, ADR 078), before, after; changed fields first, the rest on
 * request.
 */
export function AuditDiff({ entry }: { entry: AuditLogRow }) {
  const [all, setAll] = useState(false);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => !same(before[k], after[k]) && !NOISE.has(k));
  const rows = all ? keys : changed;
  if (keys.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No details were recorded.
      </Text>
    );
  return (
    <Box position="sticky" left="3" maxW={{ base: 'calc(100vw - 3.5rem)', md: 'none' }}>
      <Stack hideFrom="md" gap="2" as="dl">
        {rows.map((k) => (
          <Box key={k} color={same(before[k], after[k]) ? 'fg.muted' : undefined}>
            <Text as="dt" fontWeight="medium" fontSize="sm">
              {humanize(k)}
            </Text>
            <Text as="dd" fontSize="sm" wordBreak="break-word">
              {k in before ? show(before[k]) : '—'} → {k in after ? show(after[k]) : '—'}
            </Text>
          </Box>
        ))}
        {rows.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            No field changed.
          </Text>
        )}
      </Stack>
      <Table.Root
        hideBelow="md"
        size="sm"
        variant="outline"
        bg="bg"
        aria-label={`Changes of ${entry.entity} ${entry.entityId ?? ''}`}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Field</Table.ColumnHeader>
            <Table.ColumnHeader>Before</Table.ColumnHeader>
            <Table.ColumnHeader>After</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((k) => {
            const diff = !same(before[k], after[k]);
            return (
              <Table.Row key={k} fontWeight={diff ? 'medium' : undefined} color={diff ? undefined : 'fg.muted'}>
                <Table.Cell>{humanize(k)}</Table.Cell>
                <Table.Cell bg={diff && k in before ? 'red.subtle' : undefined}>
                  {k in before ? show(before[k]) : '—'}
                </Table.Cell>
                <Table.Cell bg={diff && k in after ? 'green.subtle' : undefined}>
                  {k in after ? show(after[k]) : '—'}
                </Table.Cell>
              </Table.Row>
            );
          })}
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={3} color="fg.muted">
                No field changed.
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
      {changed.length < keys.length && (
        <Button size="xs" variant="ghost" mt="1" onClick={() => setAll((a) => !a)}>
          {all ? 'Only changed fields' : `All ${keys.length} fields`}
        </Button>
      )}
    </Box>
  );
}
