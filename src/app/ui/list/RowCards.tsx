import { Box, Button, Flex, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { cardColumns, cellOf, parseSort, type ListColumn } from './columns';

interface RowCardsProps<T> {
  caption: string;
  /** The visible columns, in their order. */
  columns: ListColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  sortable: readonly string[];
  sort: string;
  onSort: (sort: string) => void;
  loading?: boolean;
  actions?: (row: T) => ReactNode;
  expanded?: (row: T) => ReactNode;
  rowLabel?: (row: T) => string;
}

/**
 * The data table on a phone: a row is a card with its key figures (the columns' `priority`), the
 * rest one tap away, so nothing is cut to three letters; sorting moves from the headers to a select.
 */
export function RowCards<T>(props: RowCardsProps<T>) {
  const { columns, rows, actions, expanded, rowLabel } = props;
  const { heading, figures, more } = cardColumns(columns);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <Stack gap="2">
      <SortSelect {...props} />
      <Box as="ul" listStyleType="none" aria-label={props.caption} display="grid" gap="2">
        {props.loading
          ? Array.from({ length: 3 }, (_, i) => (
              <Box as="li" key={i} aria-hidden borderWidth="1px" rounded="md" p="3">
                <Skeleton h="4" mb="2" />
                <Skeleton h="4" w="60%" />
              </Box>
            ))
          : rows.map((row) => {
              const id = props.rowId(row);
              const isOpen = !!open[id];
              const shown = isOpen ? [...figures, ...more] : figures;
              return (
                <Box as="li" key={id} borderWidth="1px" rounded="md" p="3" bg="bg">
                  <Flex justify="space-between" align="start" gap="2">
                    <Text fontWeight="semibold" minW="0" wordBreak="break-word">
                      {heading ? cellOf(heading, row) : rowLabel?.(row)}
                    </Text>
                    {actions && (
                      <Flex gap="1" flexShrink={0}>
                        {actions(row)}
                      </Flex>
                    )}
                  </Flex>
                  <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" mt="2">
                    {shown.map((c) => (
                      <Box key={c.id} display="contents">
                        <Text as="dt" color="fg.muted" fontSize="sm">
                          {c.header}
                        </Text>
                        <Text as="dd" wordBreak="break-word">
                          {cellOf(c, row)}
                        </Text>
                      </Box>
                    ))}
                  </Box>
                  {isOpen && expanded && <Box mt="2">{expanded(row)}</Box>}
                  {(more.length > 0 || expanded) && (
                    <Button
                      size="sm"
                      variant="ghost"
                      mt="1"
                      px="0"
                      aria-expanded={isOpen}
                      onClick={() => setOpen((o) => ({ ...o, [id]: !isOpen }))}
                    >
                      {isOpen ? 'Less' : 'More'}
                      <VisuallyHidden> about {rowLabel?.(row) ?? 'this row'}</VisuallyHidden>
                    </Button>
                  )}
                </Box>
              );
            })}
      </Box>
    </Stack>
  );
}

/** The headers' sorting as one select: "Equipment ↑", "Litres ↓" … */
function SortSelect<T>({ columns, sortable, sort, onSort }: RowCardsProps<T>) {
  const id = useId();
  const keys = columns.filter((c) => sortable.includes(c.sortBy ?? c.id));
  if (!keys.length) return null;
  const current = parseSort(sort);
  const value = `${current.desc ? '-' : ''}${current.field}`;
  return (
    <Flex align="center" gap="2">
      <Text asChild fontSize="sm" color="fg.muted" flexShrink={0}>
        <label htmlFor={id}>Sort by</label>
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onSort(e.target.value)}>
          {keys.flatMap((c) => {
            const field = c.sortBy ?? c.id;
            return [
              <option key={field} value={field}>
                {c.header} ↑
              </option>,
              <option key={`-${field}`} value={`-${field}`}>
                {c.header} ↓
              </option>,
            ];
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}
