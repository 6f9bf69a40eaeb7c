import { Box, Button, IconButton, Text } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import { useCallback, useState, type ReactNode } from 'react';
import { LuPencil, LuPlus, LuRotateCcw, LuTrash2 } from 'react-icons/lu';
import type { ExportFormat } from '@/contract/list';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { rowFields, saveFile, type ResourceClient } from '@/lib/resource';
import { ConfirmDialog } from '../ConfirmDialog';
import { capitalize, isShown, type ListColumn } from './columns';
import { DataTable } from './DataTable';
import { filtersIn, type ListSearch } from './listSearch';
import { LoadError } from '../QueryState';
import { ListEmpty } from './ListStates';
import {
  ColumnChooser,
  DeletedToggle,
  ExportButtons,
  FilterControl,
  ListToolbar,
  type FilterSpec,
} from './ListToolbar';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';
import { refreshAll, useColumnChoice, useListData, useListSearch } from './useList';

/** What a list needs from the contract (`ListInfo` in src/contract/setup/resources.ts fits). */
export interface ListSource {
  title: string;
  screen: string;
  sort: readonly string[];
  defaultSort: string;
  search: readonly string[];
}

export interface ListViewProps<T extends RowData> {
  client: ResourceClient<T>;
  info: ListSource;
  columns: ListColumn<T>[];
  filters?: FilterSpec[];
  /** "store" / "stores": used in buttons, messages and the empty state. */
  noun: string;
  plural: string;
  /** How a row is named in messages and action labels (its code, fleet no., …). */
  rowLabel: (row: T) => string;
  rowId?: (row: T) => string;
  /** Create/edit/delete shown only when true (the screen's write permission). */
  canWrite: boolean;
  onCreate?: () => void;
  onEdit?: (row: T) => void;
  /** Soft delete + "show deleted" with restore (master data). Default true. */
  deletable?: boolean;
  /** Extra buttons per row, before edit/delete. */
  extraActions?: (row: T) => ReactNode;
  expanded?: (row: T) => ReactNode;
}

const idOf = (row: unknown) => String((row as { id: unknown }).id);
const versionOf = (row: unknown) => Number((row as { version: unknown }).version);

/**
 * The one list screen body: filter bar (search, filters, show deleted), column chooser, CSV/XLSX
 * export of the filtered set, the data table with row actions, paging, and the loading, empty
 * and error states. All list state is in the URL (`listSearch.ts`).
 */
export function ListView<T extends RowData>(props: ListViewProps<T>) {
  const {
    client,
    info,
    columns,
    filters = [],
    noun,
    plural,
    rowLabel,
    canWrite,
    onCreate,
    onEdit,
    deletable = true,
  } = props;
  const rowId = props.rowId ?? idOf;
  const { search, update } = useListSearch();
  const { query, data, isPending, isError, error, refetch, isFetching } = useListData(client, search, info.defaultSort);
  const { visibility, setVisibility } = useColumnChoice(info.screen);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const deleted = search.deleted === 'only';
  const filtered = !!search.q || Object.keys(filtersIn(search)).length > 0;
  const pageSize = Number(query.pageSize);
  const onSearch = useCallback((q: string | undefined) => update({ q }), [update]);

  const exportAs = async (format: ExportFormat) => {
    const fields = new Set(rowFields(client.row));
    const cols = columns.filter((c) => isShown(c, visibility) && fields.has(c.id)).map((c) => c.id);
    saveFile(await client.exportFile(query, format, cols));
  };

  const failed = (e: unknown, what: string) => {
    const stale = e instanceof ApiError && e.status === 409;
    notify({
      tone: 'warning',
      title: `${what} failed`,
      message: stale ? `${e.message} The list now shows the current data.` : e instanceof Error ? e.message : String(e),
    });
    if (stale) void refreshAll();
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await client.remove(rowId(toDelete), versionOf(toDelete));
      notify({
        tone: 'success',
        message: `${capitalize(noun)} ${rowLabel(toDelete)} deleted. Turn on “Show deleted” to restore it.`,
      });
      setToDelete(null);
      await refreshAll();
    } catch (e) {
      setToDelete(null);
      failed(e, 'Delete');
    } finally {
      setBusy(false);
    }
  };

  const restore = async (row: T) => {
    try {
      await client.restore(rowId(row));
      notify({ tone: 'success', message: `${capitalize(noun)} ${rowLabel(row)} restored.` });
      await refreshAll();
    } catch (e) {
      failed(e, 'Restore');
    }
  };

  const createButton = canWrite && onCreate && (
    <Button size="sm" onClick={onCreate}>
      <LuPlus aria-hidden /> New {noun}
    </Button>
  );
  const actions = (row: T) => (
    <>
      {props.extraActions?.(row)}
      {deleted
        ? canWrite && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => void restore(row)}
              aria-label={`Restore ${rowLabel(row)}`}
            >
              <LuRotateCcw aria-hidden /> Restore
            </Button>
          )
        : canWrite && (
            <>
              {onEdit && (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="gray"
                  aria-label={`Edit ${rowLabel(row)}`}
                  onClick={() => onEdit(row)}
                >
                  <LuPencil aria-hidden />
                </IconButton>
              )}
              {deletable && (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Delete ${rowLabel(row)}`}
                  onClick={() => setToDelete(row)}
                >
                  <LuTrash2 aria-hidden />
                </IconButton>
              )}
            </>
          )}
    </>
  );
  const hasActions = canWrite || !!props.extraActions;

  const clear = () =>
    update(
      Object.fromEntries(
        Object.keys(search)
          .filter((k) => k === 'q' || k.startsWith('f.'))
          .map((k) => [k, undefined]),
      ) as Partial<ListSearch>,
    );

  return (
    <Box>
      <ListToolbar
        search={<SearchBox value={search.q} fields={info.search} onChange={onSearch} />}
        activeFilters={Object.keys(filtersIn(search)).length + (deleted ? 1 : 0)}
        filters={
          <>
            {filters.map((f) => (
              <FilterControl
                key={f.field}
                spec={f}
                value={search[`f.${f.field}`]}
                onChange={(v) => update({ [`f.${f.field}`]: v })}
              />
            ))}
            {deletable && canWrite && (
              <DeletedToggle on={deleted} onChange={(on) => update({ deleted: on ? 'only' : undefined })} />
            )}
          </>
        }
        tools={
          <>
            <ColumnChooser columns={columns} visibility={visibility} onChange={setVisibility} />
            <ExportButtons onExport={exportAs} />
            {!deleted && createButton}
          </>
        }
      />
      {isError && !data ? (
        <LoadError
          what="The list"
          message={error instanceof Error ? error.message : String(error)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data && data.items.length === 0 ? (
        <ListEmpty
          plural={plural}
          filtered={filtered}
          deleted={deleted}
          onClear={clear}
          create={createButton || undefined}
        />
      ) : (
        <>
          <Box opacity={isFetching && !isPending ? 0.6 : 1} transition="opacity 0.2s" aria-busy={isFetching}>
            <DataTable
              caption={deleted ? `Deleted ${plural}` : info.title}
              columns={columns}
              rows={data?.items ?? (EMPTY as T[])}
              rowId={rowId}
              sortable={info.sort}
              sort={String(query.sort)}
              onSort={(sort) => update({ sort }, { keepPage: false })}
              visibility={visibility}
              total={data?.total ?? 0}
              pageSize={pageSize}
              loading={isPending}
              actions={hasActions ? actions : undefined}
              expanded={props.expanded}
              rowLabel={rowLabel}
            />
          </Box>
          {data && (
            <Pager
              page={Number(query.page)}
              pageSize={pageSize}
              total={data.total}
              onPage={(page) => update({ page }, { keepPage: true })}
              onPageSize={(size) => update({ size })}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${noun} ${toDelete ? rowLabel(toDelete) : ''}?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      >
        <Text>It disappears from lists and field devices. It can be restored later from “Show deleted”.</Text>
      </ConfirmDialog>
    </Box>
  );
}

const EMPTY: unknown[] = [];
