import { Box, Button, Flex, IconButton, Skeleton, Table, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { cellOf, isShown, parseSort, type ColumnVisibility, type ListColumn } from './columns';
import { RowCards } from './RowCards';
import { ScrollCue, useSideScroll } from './ScrollCue';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowPaginationFeature });
type Features = typeof features;

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers (the list's title). */
  caption: string;
  columns: ListColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** Fields the server can sort by; other headers do not sort. */
  sortable: readonly string[];
  /** `field` or `-field`, as the list protocol writes it. */
  sort: string;
  onSort: (sort: string) => void;
  visibility: ColumnVisibility;
  total: number;
  pageSize: number;
  /** First load: skeleton rows instead of the body. */
  loading?: boolean;
  /** Buttons at the end of each row (kept in view on narrow screens). */
  actions?: (row: T) => ReactNode;
  /** When set, each row can expand to show this below it. */
  expanded?: (row: T) => ReactNode;
  /** Accessible name of a row's expand button. */
  rowLabel?: (row: T) => string;
}

const SKELETON_ROWS = 5;

/**
 * The one data table (TanStack Table, headless): the server pages and sorts (manual mode), the
 * table renders the page with sortable headers (`aria-sort`), chosen columns, row actions and
 * optional expandable rows. Wider than its box, it scrolls sideways with the actions column pinned
 * right and says so; below the `md` breakpoint (a phone) the rows are cards (`RowCards.tsx`).
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false });
  if (phone)
    return (
      <RowCards
        caption={props.caption}
        columns={props.columns.filter((c) => isShown(c, props.visibility))}
        rows={props.rows}
        rowId={props.rowId}
        sortable={props.sortable}
        sort={props.sort}
        onSort={props.onSort}
        loading={props.loading}
        actions={props.actions}
        expanded={props.expanded}
        rowLabel={props.rowLabel}
      />
    );
  return <Wide {...props} />;
}

function Wide<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rows, sortable, sort, onSort, visibility, actions, expanded, rowLabel } = props;
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const current = parseSort(sort);
  const sortKey = (c: ListColumn<T>) => c.sortBy ?? c.id;

  const defs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => (row as Record<string, unknown>)[c.id],
        enableSorting: sortable.includes(c.sortBy ?? c.id),
        sortDescFirst: false,
      })),
    [columns, sortable],
  );

  const state = useMemo(
    () => ({
      sorting: [
        { id: columns.find((c) => sortKey(c) === current.field)?.id ?? current.field, desc: current.desc },
      ] as SortingState,
      columnVisibility: Object.fromEntries(columns.map((c) => [c.id, isShown(c, visibility)])),
      pagination: { pageIndex: 0, pageSize: props.pageSize },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, visibility, current.field, current.desc, props.pageSize],
  );

  const table = useTable({
    features,
    columns: defs,
    data: rows as T[],
    getRowId: (r: T) => props.rowId(r),
    state,
    manualSorting: true,
    manualPagination: true,
    rowCount: props.total,
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (u: Updater<SortingState>) => {
      const next = (typeof u === 'function' ? u(state.sorting) : u)[0];
      const col = columns.find((c) => c.id === next?.id);
      if (next && col) onSort(`${next.desc ? '-' : ''}${sortKey(col)}`);
    },
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const visible = table.getVisibleLeafColumns();
  const span = visible.length + (actions ? 1 : 0) + (expanded ? 1 : 0);

  const [scrollBox, sideScroll] = useSideScroll<HTMLDivElement>();
  return (
    <Box position="relative">
      <ScrollCue state={sideScroll} />
      <Table.ScrollArea ref={scrollBox} borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" interactive stickyHeader>
          <VisuallyHidden asChild>
            <caption>{props.caption}</caption>
          </VisuallyHidden>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.subtle">
                {expanded && (
                  <Table.ColumnHeader w="1">
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.ColumnHeader>
                )}
                {group.headers.map((h) => {
                  const col = byId.get(h.column.id)!;
                  const dir = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  const aria = !canSort
                    ? undefined
                    : dir === 'asc'
                      ? 'ascending'
                      : dir === 'desc'
                        ? 'descending'
                        : 'none';
                  return (
                    <Table.ColumnHeader
                      key={h.id}
                      aria-sort={aria}
                      textAlign={col.numeric ? 'end' : undefined}
                      whiteSpace="nowrap"
                    >
                      {canSort ? (
                        <Button
                          variant="plain"
                          colorPalette="gray"
                          size="sm"
                          p="0"
                          h="auto"
                          minW="0"
                          fontWeight="inherit"
                          fontSize="inherit"
                          color="inherit"
                          onClick={h.column.getToggleSortingHandler()}
                        >
                          {col.header}
                          {dir === 'asc' ? (
                            <LuArrowUp aria-hidden />
                          ) : dir === 'desc' ? (
                            <LuArrowDown aria-hidden />
                          ) : (
                            <LuArrowUpDown aria-hidden opacity={0.4} />
                          )}
                        </Button>
                      ) : (
                        col.header
                      )}
                    </Table.ColumnHeader>
                  );
                })}
                {actions && (
                  <Table.ColumnHeader {...pinned} bg="bg.subtle" textAlign="end">
                    Actions
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {props.loading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <Table.Row key={i} aria-hidden>
                    {Array.from({ length: span }, (__, j) => (
                      <Table.Cell key={j}>
                        <Skeleton h="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : table.getRowModel().rows.map((row) => {
                  const isOpen = !!open[row.id];
                  return (
                    <Fragment key={row.id}>
                      <Table.Row>
                        {expanded && (
                          <Table.Cell>
                            <IconButton
                              size="xs"
                              variant="ghost"
                              aria-expanded={isOpen}
                              aria-label={`${isOpen ? 'Hide' : 'Show'} details of ${rowLabel?.(row.original) ?? 'this row'}`}
                              onClick={() => setOpen((o) => ({ ...o, [row.id]: !isOpen }))}
                            >
                              {isOpen ? <LuChevronDown aria-hidden /> : <LuChevronRight aria-hidden />}
                            </IconButton>
                          </Table.Cell>
                        )}
                        {row.getVisibleCells().map((cell) => {
                          const col = byId.get(cell.column.id)!;
                          const content = cellOf(col, row.original);
                          return (
                            <Table.Cell
                              key={cell.id}
                              textAlign={col.numeric ? 'end' : undefined}
                              {...(col.numeric ? figure : col.sentences ? sentences : prose)}
                              title={typeof content === 'string' ? content : undefined}
                            >
                              {content}
                            </Table.Cell>
                          );
                        })}
                        {actions && (
                          <Table.Cell {...pinned} bg="bg">
                            <Flex gap="1" justify="end">
                              {actions(row.original)}
                            </Flex>
                          </Table.Cell>
                        )}
                      </Table.Row>
                      {expanded && isOpen && (
                        <Table.Row>
                          <Table.Cell colSpan={span} bg="bg.muted">
                            <Box py="2">{expanded(row.original)}</Box>
                          </Table.Cell>
                        </Table.Row>
                      )}
                    </Fragment>
                  );
                })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

/**
 * Text wraps between words so the table fits its box whenever the words do: a
 * table kept on one line overflowed by a column or two, and the pinned actions then lay over the
 * last visible column ("Devices" on /User) until the user scrolled. Figures never wrap.
 */
const prose = { whiteSpace: 'normal', minW: '20', maxW: 'xs' } as const;
const figure = { whiteSpace: 'nowrap' } as const;
/** A column of sentences (`ListColumn.sentences`): squeezed to 5rem among a dozen columns it ran to ten lines a row. */
const sentences = { ...prose, minW: '48' } as const;

/** The actions column stays at the right edge while the table scrolls sideways. */
const pinned = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  w: '1',
  whiteSpace: 'nowrap',
  boxShadow: '-1px 0 0 var(--chakra-colors-border)',
} as const;
