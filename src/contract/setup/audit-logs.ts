import { z } from 'zod';

/**
 * `/AuditLogs` (`GET /api/v1/audit-logs`, admin): who changed what, before/after, in the token's
 * account. Filters: `f.entity`, `f.entityId`, `f.userId`, `f.action`, `f.from` and `f.to`
 * (YYYY-MM-DD, `to` inclusive, or an ISO date-time). Default sort `-at`.
 */
export const AuditLogRow = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The record's code or name from its after (or before) image; else its id. */
  record: z.string(),
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

/** The record an audit entry is about, as people name it (code, fleet no., number, …). */
export function auditRecordName(r: { before: unknown; after: unknown; entityId: string | null }): string {
  const img = (r.after ?? r.before ?? {}) as Record<string, unknown>;
  for (const k of ['code', 'fleetNo', 'number', 'assetNo', 'key', 'subjectLabel', 'storeName', 'name']) {
    if (typeof img[k] === 'string' && img[k]) return img[k] as string;
  }
  return r.entityId ?? '—';
}

/** Actions the resource pattern writes. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;

/**
 * `/RestoreDeleted` (`GET /api/v1/deleted`, thebigBoss): soft-deleted rows of every setup
 * resource. Restore one with `POST /api/v1/<resource path>/:id/restore`; a natural key taken
 * again meanwhile answers 422 `duplicate`.
 */
export const DeletedRow = z.object({
  entity: z.string(),
  /** The resource path to restore through, e.g. `/stores`. */
  resource: z.string(),
  id: z.uuid(),
  label: z.string(),
  deletedAt: z.string(),
  deletedBy: z.number().int().nullable(),
  deletedByName: z.string().nullable(),
});
export type DeletedRow = z.infer<typeof DeletedRow>;
