import type { SQL } from 'drizzle-orm';
import type { ListInfo } from '../../../src/contract/setup/resources';
import type { Expr, FilterSpec, MasterTable, ResourceDef } from './types';

type MetaSort = 'createdAt' | 'updatedAt';

/**
 * Declares a resource. The contract's `ListInfo` names the sortable and filterable fields; the
 * types here make the declaration map every one of them (and no others) to a column.
 */
export function defineResource<
  I extends ListInfo,
  T extends MasterTable,
  E extends Record<string, SQL>,
  Row extends { id: string },
  Create,
  Update extends { version: number },
>(
  def: Omit<ResourceDef<T, E, Row, Create, Update>, 'info' | 'sort' | 'filters' | 'extra'> & {
    info: I;
    extra: E;
    sort: Record<Exclude<I['sort'][number], MetaSort>, Expr>;
    filters: Record<I['filters'][number], FilterSpec>;
  },
): ResourceDef<T, E, Row, Create, Update> {
  return def as ResourceDef<T, E, Row, Create, Update>;
}

/** ISO 8601 text of a timestamp (Drizzle gives Dates; raw SQL gives strings). */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null): string | null;
export function iso(d: Date | string | null): string | null {
  if (d === null) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

/** The row fields every resource returns (RowMeta). */
export function metaOf(r: { id: string; version: number; createdAt: Date; updatedAt: Date; deletedAt: Date | null }) {
  return {
    id: r.id,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    deletedAt: iso(r.deletedAt),
  };
}
