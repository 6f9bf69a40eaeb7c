import { Badge } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { AUDIT_ACTIONS, AuditLogRow, SETUP_LISTS, SETUP_COLUMNS, AUDIT_ACTION_LABELS } from '@/contract/setup';
import { resourceClient } from '@/lib/resource';
import { enumOptions } from '@/lib/reference/labels';
import { AuditDiff } from './AuditDiff';
import { ENTITY_OPTIONS, entityTitle } from './entities';

const client = resourceClient(SETUP_LISTS.auditLogs.path, AuditLogRow);
const ACTION_COLOURS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red', restore: 'orange' };

const columns: ListColumn<AuditLogRow>[] = specColumns(SETUP_COLUMNS.auditLogs, {
  action: {
    cell: (r) => (
      <Badge colorPalette={ACTION_COLOURS[r.action] ?? 'gray'}>{AUDIT_ACTION_LABELS[r.action] ?? r.action}</Badge>
    ),
  },
});

const filters = [
  { field: 'entity', label: 'What', options: ENTITY_OPTIONS },
  { field: 'action', label: 'Action', options: enumOptions(AUDIT_ACTIONS, AUDIT_ACTION_LABELS) },
  { field: 'userId', label: 'User id', kind: 'text' as const },
  { field: 'from', label: 'From', kind: 'date' as const },
  { field: 'to', label: 'To', kind: 'date' as const },
];

/** `/AuditLogs`: who changed what and when; a row opens to show before and after. */
export function AuditLogsPage() {
  return (
    <ListView
      client={client}
      info={SETUP_LISTS.auditLogs}
      noun="audit entry"
      plural="audit entries"
      columns={columns}
      filters={filters}
      rowLabel={(r) => `${r.action} ${entityTitle(r.entity)} ${r.record}`}
      canWrite={false}
      deletable={false}
      expanded={(r) => <AuditDiff entry={r} />}
    />
  );
}
