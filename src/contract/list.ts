import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';

/**
 * The one list protocol (server paging, sorting, search, filters) every list endpoint speaks and
 * the one data table uses. Query string:
 *   page (1-based), pageSize (≤ 200), sort (`field` or `-field`, comma-separated),
 *   q (free-text search over the resource's search fields), deleted (`only` lists soft-deleted),
 *   f.<field>=<value> (exact filter; a comma-separated list means "any of").
 * Deep pages stay cheap with `after`: the opaque cursor of the last row of the previous page
 * (keyset paging); when `after` is given, `page` is ignored.
 */
export { MAX_PAGE_SIZE };

export const ListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
    sort: z
      .string()
      .max(200)
      .regex(/^-?[A-Za-z0-9_]+(,-?[A-Za-z0-9_]+)*$/, 'sort is a field name, or -field for descending')
      .optional(),
    q: z.string().trim().max(200).optional(),
    deleted: z.enum(['only', 'include']).optional(),
    after: z.string().max(500).optional(),
  })
  .catchall(z.string().max(2000));
export type ListQuery = z.infer<typeof ListQuery>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Cursor for the page after this one (keyset), or null at the end. */
    next: z.string().nullable(),
  });
}
export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  next: string | null;
}

/** Filters arrive as `f.<field>`; this reads them out of a parsed query. */
export function filtersOf(q: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(q)) {
    if (k.startsWith('f.') && typeof v === 'string' && v !== '') out[k.slice(2)] = v.split(',');
  }
  return out;
}

/** Export formats every list offers for its filtered set. */
export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** Every master-data row carries these; `version` is the optimistic-concurrency token. */
export const RowMeta = z.object({
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type RowMeta = z.infer<typeof RowMeta>;

/** Updates and deletes name the version they saw; a stale one is 409 with the current record. */
export const VersionBody = z.strictObject({ version: z.number().int().min(1) });
