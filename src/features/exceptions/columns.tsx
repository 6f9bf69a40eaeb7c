import { Badge } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import type { ExceptionRow } from '@/contract/exceptions';
import { hours, reasonOf, SEVERITY_LABELS, SEVERITY_PALETTE, STATUS_LABELS, whatOf } from './present';

const severity: ListColumn<ExceptionRow> = {
  id: 'severity',
  header: 'Severity',
  cell: (r) => <Badge colorPalette={SEVERITY_PALETTE[r.severity]}>{SEVERITY_LABELS[r.severity]}</Badge>,
};
const about: ListColumn<ExceptionRow>[] = [
  { id: 'code', header: 'Exception', cell: whatOf },
  { id: 'message', header: 'Details' },
  { id: 'storeCode', header: 'Store' },
  { id: 'tankCode', header: 'Tank' },
  { id: 'fleetNo', header: 'Equipment' },
  { id: 'employeeName', header: 'Employee', hidden: true },
];

export const openColumns: ListColumn<ExceptionRow>[] = [
  { id: 'raisedAt', header: 'Raised' },
  severity,
  ...about,
  { id: 'status', header: 'Status', cell: (r) => STATUS_LABELS[r.status] },
  { id: 'assignedToName', header: 'Assigned to' },
];

export const historyColumns: ListColumn<ExceptionRow>[] = [
  { id: 'resolvedAt', header: 'Resolved' },
  { id: 'raisedAt', header: 'Raised', hidden: true },
  severity,
  ...about,
  { id: 'reason', header: 'Reason', cell: reasonOf },
  { id: 'resolution', header: 'Explanation' },
  { id: 'resolvedByName', header: 'Resolved by' },
  { id: 'hoursToResolve', header: 'Time to resolve', numeric: true, cell: (r) => hours(r.hoursToResolve) },
];
