import type { RowData } from '@tanstack/react-table';
import type { ComponentType } from 'react';
import type { ResourceClient } from '@/lib/resource';
import { useCanWrite } from '../access';
import { FormDrawer, FormLoadState, type FormSize } from './form/FormShell';
import type { RecordFormProps, Versioned } from './form/useRecordForm';
import { NEW_RECORD } from './list/listSearch';
import { ListView, type ListViewProps } from './list/ListView';
import { useListSearch, useRecord } from './list/useList';

export interface ResourceScreenProps<T extends RowData & Versioned> extends Omit<
  ListViewProps<T>,
  'canWrite' | 'onCreate' | 'onEdit'
> {
  /** The record form; without it the list is read-only. */
  Form?: ComponentType<RecordFormProps<T>>;
  /** Offer "New …" (default true when there is a form). */
  creatable?: boolean;
  /** Width of the form drawer from md up (full screen on a phone). */
  formSize?: FormSize;
}

/**
 * A master-data screen: the list, and the record form in a drawer opened by `?edit=<id>` or
 * `?edit=new` (so Back closes it and a link can open it). Create, edit and delete only for users
 * with write permission on the screen.
 */
export function ResourceScreen<T extends RowData & Versioned>({
  Form,
  creatable = true,
  formSize,
  ...list
}: ResourceScreenProps<T>) {
  const canWrite = useCanWrite(list.info.screen);
  const { search, update } = useListSearch();
  const open = (id: string) => update({ edit: id }, { keepPage: true, push: true });
  const close = (saved?: boolean) => update({ edit: undefined }, { keepPage: true, ignoreBlocker: saved });
  const edit = canWrite && Form ? search.edit : undefined;
  return (
    <>
      <ListView
        {...list}
        canWrite={canWrite}
        onCreate={Form && creatable ? () => open(NEW_RECORD) : undefined}
        onEdit={Form ? (row) => open(row.id) : undefined}
      />
      <FormDrawer open={!!(Form && edit)} onClose={() => close()} size={formSize}>
        {Form && edit && <RecordLoader client={list.client} id={edit} noun={list.noun} Form={Form} close={close} />}
      </FormDrawer>
    </>
  );
}

interface LoaderProps<T> {
  client: ResourceClient<T>;
  id: string;
  noun: string;
  Form: ComponentType<RecordFormProps<T>>;
  close: (saved?: boolean) => void;
}

function RecordLoader<T>({ client, id, noun, Form, close }: LoaderProps<T>) {
  const isNew = id === NEW_RECORD;
  const record = useRecord(client, isNew ? undefined : id);
  if (isNew) return <Form key={NEW_RECORD} row={null} close={close} />;
  if (!record.data) {
    return <FormLoadState title={`Edit ${noun}`} error={record.error?.message} onRetry={() => void record.refetch()} />;
  }
  return <Form key={id} row={record.data} close={close} />;
}
