import { MAX_PAGE_SIZE } from '@/contract/constants';

/**
 * A list's state lives in the URL (bookmarkable, survives reload, back button works):
 *   ?page=2&size=50&sort=-code&q=north&deleted=only&f.variant=FAMS&edit=<id|new>
 * `f.<field>` are the list protocol's filters (comma = any of); `edit` opens the record form.
 * List routes use `validateListSearch` as their `validateSearch`.
 */
export type ListSearch = {
  page?: number;
  size?: number;
  sort?: string;
  q?: string;
  deleted?: 'only';
  edit?: string;
} & { [filter: `f.${string}`]: string | undefined };

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const NEW_RECORD = 'new';

const text = (v: unknown, max: number): string | undefined => {
  if (typeof v === 'number') v = String(v);
  return typeof v === 'string' && v !== '' ? v.slice(0, max) : undefined;
};
const int = (v: unknown, min: number, max: number): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** `validateSearch` of every list route: unknown keys and bad values are dropped. */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {
    page: int(raw.page, 1, 1_000_000),
    size: int(raw.size, 1, MAX_PAGE_SIZE),
    sort: text(raw.sort, 200)?.match(/^-?[A-Za-z0-9_]+$/)?.[0],
    q: text(raw.q, 200),
    deleted: raw.deleted === 'only' ? 'only' : undefined,
    edit: text(raw.edit, 64),
  };
  for (const [k, v] of Object.entries(raw)) {
    if (/^f\.[A-Za-z0-9_]+$/.test(k)) out[k as `f.${string}`] = text(v, 2000);
  }
  return dropEmpty(out);
}

/** Without the undefined keys, so the URL stays short. */
export function dropEmpty<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/** The filters of a search, by field. */
export function filtersIn(search: ListSearch): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(search)) if (k.startsWith('f.') && typeof v === 'string') out[k.slice(2)] = v;
  return out;
}

/** The list protocol's query (`src/contract/list.ts`) for a search and a default sort. */
export function listQueryOf(search: ListSearch, defaultSort: string): Record<string, string | number> {
  const q: Record<string, string | number> = {
    page: search.page ?? 1,
    pageSize: search.size ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? defaultSort,
  };
  if (search.q) q.q = search.q;
  if (search.deleted) q.deleted = search.deleted;
  for (const [field, value] of Object.entries(filtersIn(search))) q[`f.${field}`] = value;
  return q;
}
