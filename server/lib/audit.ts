import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  accountId: number | null;
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

const row = (e: AuditEntry) => ({
  accountId: e.accountId, userId: e.userId, action: e.action, entity: e.entity,
  entityId: e.entityId ?? null, before: e.before ?? null, after: e.after ?? null,
});

/** Writes one audit entry; call it inside the same transaction as the change it records. */
export async function audit(db: DbOrTx, e: AuditEntry) {
  await db.insert(auditLog).values(row(e));
}

/** Writes several audit entries in one statement (same transaction as the changes). */
export async function auditMany(db: DbOrTx, entries: AuditEntry[]) {
  if (entries.length) await db.insert(auditLog).values(entries.map(row));
}
