import { Badge, Box, Flex, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ProblemRow {
  key: string;
  row: number;
  badge?: { label: string; colour: string };
  record?: string;
  problems: string[];
}

/**
 * Rows with their problems (scrollable, so focusable for keyboard scrolling): a table from md up, a stacked list on a
 * phone (a four-column table
 * would push the messages off a 360 px screen).
 */
export function ProblemRows({
  caption,
  rows,
  recordHeader,
}: {
  caption: string;
  rows: ProblemRow[];
  recordHeader?: string;
}) {
  const badge = (r: ProblemRow): ReactNode => r.badge && <Badge colorPalette={r.badge.colour}>{r.badge.label}</Badge>;
  const hasBadge = rows.some((r) => r.badge);
  return (
    <>
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        maxH="md"
        hideBelow="md"
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <Table.Root size="sm" stickyHeader>
          <VisuallyHidden asChild>
            <caption>{caption}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="1">Row</Table.ColumnHeader>
              {hasBadge && <Table.ColumnHeader w="1">Result</Table.ColumnHeader>}
              {recordHeader && <Table.ColumnHeader>{recordHeader}</Table.ColumnHeader>}
              <Table.ColumnHeader>Problem</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.key}>
                <Table.Cell>{r.row}</Table.Cell>
                {hasBadge && <Table.Cell>{badge(r)}</Table.Cell>}
                {recordHeader && <Table.Cell whiteSpace="nowrap">{r.record || '—'}</Table.Cell>}
                <Table.Cell>
                  {r.problems.map((p) => (
                    <Text key={p} color="fg.error">
                      {p}
                    </Text>
                  ))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Box
        as="ul"
        hideFrom="md"
        borderWidth="1px"
        rounded="md"
        maxH="md"
        overflowY="auto"
        aria-label={caption}
        listStyleType="none"
        tabIndex={0}
      >
        {rows.map((r) => (
          <Stack as="li" key={r.key} gap="1" px="3" py="2" borderBottomWidth="1px">
            <Flex gap="2" align="center" fontSize="sm">
              <Text fontWeight="medium">Row {r.row}</Text>
              {badge(r)}
              {r.record && <Text color="fg.muted">{r.record}</Text>}
            </Flex>
            {r.problems.map((p) => (
              <Text key={p} fontSize="sm" color="fg.error">
                {p}
              </Text>
            ))}
          </Stack>
        ))}
      </Box>
    </>
  );
}
