import { Text } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';

const noSort = () => undefined;

/** The one data table, unsorted and unpaged (the server caps each list), with a line when empty. */
export function Table<T extends RowData>(props: {
  caption: string;
  columns: ListColumn<T>[];
  rows: T[];
  rowId: (r: T) => string;
  empty: string;
  actions?: (r: T) => ReactNode;
}) {
  if (props.rows.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        {props.empty}
      </Text>
    );
  return (
    <DataTable
      caption={props.caption}
      columns={props.columns}
      rows={props.rows}
      rowId={props.rowId}
      sortable={[]}
      sort=""
      onSort={noSort}
      visibility={{}}
      total={props.rows.length}
      pageSize={props.rows.length}
      actions={props.actions}
    />
  );
}
