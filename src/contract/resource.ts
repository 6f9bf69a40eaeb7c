import { z } from 'zod';
import { ErrorBody } from './errors';

/**
 * What every master-data resource endpoint speaks besides the list protocol (`list.ts`):
 *   GET    /api/v1/<name>            list (ListQuery → ListResponse<Row>)
 *   GET    /api/v1/<name>/export     the filtered set as `format=csv|xlsx` (same query; optional
 *                                    `columns=a,b` picks and orders the columns), streamed
 *   GET    /api/v1/<name>/:id        one row (also a soft-deleted one: `deletedAt` is set)
 *   POST   /api/v1/<name>            create → 201 Row
 *   PUT    /api/v1/<name>/:id        full update, body carries `version` → Row
 *   DELETE /api/v1/<name>/:id        soft delete, `version` in the body or the query → Row
 *   POST   /api/v1/<name>/:id/restore  undo a soft delete (optional body `{version}`) → Row
 * Errors (all `{title, message, code, fieldErrors?}`):
 *   400 validation (schema), 404 unknown id (or another account's), 409 `stale` / `deleted` /
 *   `not_deleted` with the `current` row, 422 `duplicate` (natural key taken, the field named),
 *   422 `invalid_reference` (a referenced row is unknown or deleted), 422 `validation` (rules that
 *   need the database, e.g. equipment extras).
 */

/** 409 body: the edit was based on an old version, or the row was deleted meanwhile. */
export const ConflictBody = z.object({
  ...ErrorBody.shape,
  code: z.enum(['stale', 'deleted', 'not_deleted']),
  current: z.unknown(),
});
export type ConflictBody = z.infer<typeof ConflictBody>;

/** Query of the export endpoint: the list query plus the format and optional columns. */
export const ExportQueryExtra = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** Comma-separated column keys (the table's visible columns, in order); default every declared column. */
  columns: z.string().max(2000).optional(),
  /**
   * IANA time zone of the file's local times (the client sends the zone its table shows times
   * in); default the account's zone (its first store's by code), else UTC.
   */
  tz: z.string().max(64).optional(),
});

/** DELETE takes the version in the body or as `?version=`. */
export const VersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** Rows are sent with these; the data table can hide them. */
export const META_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'deletedAt'] as const;
