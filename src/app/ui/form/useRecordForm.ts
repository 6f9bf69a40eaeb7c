import type { ZodType } from 'zod';
import type { ResourceClient } from '@/lib/resource';
import { capitalize } from '../list/columns';
import { refreshAll } from '../list/useList';
import { useResourceForm } from './useResourceForm';

/** Rows of master data carry these (RowMeta in src/contract/list.ts). */
export interface Versioned {
  id: string;
  version: number;
}

/** What a screen's form component gets from the screen: the record (null = new) and how to close. */
export interface RecordFormProps<T> {
  row: T | null;
  close: (saved?: boolean) => void;
}

interface Options<D extends object, T extends Versioned> extends RecordFormProps<T> {
  client: Pick<ResourceClient<T>, 'create' | 'update'>;
  /** "store": in the title and the success message. */
  noun: string;
  /** The noun of a saved record when it depends on the record (an incident or a call-out). */
  nounOf?: (row: T) => string;
  /** How the record is named: its code, fleet no., … */
  label: (row: T) => string;
  /** Record (or null for a new one) → the draft the inputs edit. */
  draft: (row: T | null) => D;
  /** Draft → body without `version` (added here for updates). */
  toBody: (draft: D) => Record<string, unknown>;
  create: ZodType;
  update: ZodType;
}

/**
 * `useResourceForm` for a record of a resource: create (POST) or update (PUT with the version it
 * was loaded at), refresh the lists, notify, close.
 */
export function useRecordForm<D extends object, T extends Versioned>(o: Options<D, T>) {
  const { row } = o;
  const withVersion = (r: T | null) => ({ ...o.draft(r), version: r?.version });
  return useResourceForm<D & { version?: number }, T>({
    initial: withVersion(row),
    fromRow: withVersion,
    toBody: ({ version, ...d }) => (row ? { ...o.toBody(d as D), version } : o.toBody(d as D)),
    schema: row ? o.update : o.create,
    save: (body) => (row ? o.client.update(row.id, body) : o.client.create(body)),
    onSaved: () => {
      void refreshAll();
      o.close(true);
    },
    savedMessage: (r) => `${capitalize(o.nounOf?.(r) ?? o.noun)} ${o.label(r)} ${row ? 'saved' : 'created'}.`,
  });
}

/** "New store" / "Edit store S01". */
export function recordTitle<T>(noun: string, row: T | null, label: (row: T) => string): string {
  return row ? `Edit ${noun} ${label(row)}` : `New ${noun}`;
}
