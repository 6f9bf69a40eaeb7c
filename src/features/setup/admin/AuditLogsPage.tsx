import { Badge } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { AUDIT_ACTIONS, AuditLogRow, SETUP_LISTS } from '@/contract/setup';
import { resourceClient } from '@/lib/resource';
import { enumOptions } from '@/lib/reference/labels';
import { AuditDiff } from './AuditDiff';
import { ENTITY_OPTIONS, entityTitle } from './entities';

const client = resourceClient(SETUP_LISTS.auditLogs.path, AuditLogRow);
const ACTION_COLOURS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red', restore: 'orange' };


const columns: ListColumn<AuditLogRow>[] = [
  { id: 'at', header: 'When' },
  { id: 'userName', header: 'Who' },
  { id: 'action', header: 'Action', cell: (r) => <Badge colorPalette={ACTION_COLOURS[r.action] ?? 'gray'}>{r.action}</Badge> },
  { id: 'entity', header: 'What', cell: (r) => entityTitle(r.entity) },
  { id: 'record', header: 'Record', cell: (r) => recordName(r) },
  { id: 'entityId', header: 'Record id', hidden: true },
];

/** The record's code or name from the after (or before) image. */
function recordName(r: AuditLogRow): string {
  const img = (r.after ?? r.before ?? {}) as Record<string, unknown>;
  for (const k of ['code', 'fleetNo', 'number', 'assetNo', 'key', 'subjectLabel', 'storeName', 'name']) {
    if (typeof img[k] === 'string' && img[k]) return img[k] as string;
  }
  return r.entityId ?? '—';
}

const filters = [
  { field: 'entity', label: 'What', options: ENTITY_OPTIONS },
  { field: 'action', label: 'Action', options: enumOptions(AUDIT_ACTIONS) },
  { field: 'userId', label: 'User id', kind: 'text' as const },
  { field: 'from', label: 'From', kind: 'date' as const },
  { field: 'to', label: 'To', kind: 'date' as const },
];

/** `/AuditLogs`: who changed what and when; a row opens to show before and after. */
export function AuditLogsPage() {
  return (
    <ListView client={client} info={SETUP_LISTS.auditLogs} noun="audit entry" plural="audit entries" columns={columns} filters={filters}
      rowLabel={(r) => `${r.action} ${entityTitle(r.entity)} ${recordName(r)}`} canWrite={false} deletable={false}
      expanded={(r) => <AuditDiff entry={r} />} />
  );
}
