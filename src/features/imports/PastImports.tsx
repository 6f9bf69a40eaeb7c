import { Badge, Button } from '@chakra-ui/react';
import type { ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { IMPORT_JOBS_LIST, IMPORT_STATUSES, IMPORT_TARGETS, type ImportJob } from '@/contract/imports';
import { importsApi } from './client';
import { STATUS_COLOUR, STATUS_LABEL, targetLabel } from './labels';

const columns: ListColumn<ImportJob>[] = [
  { id: 'createdAt', header: 'When' },
  { id: 'fileName', header: 'File' },
  { id: 'target', header: 'What', cell: (j) => targetLabel(j.target) },
  {
    id: 'status',
    header: 'Status',
    cell: (j) => <Badge colorPalette={STATUS_COLOUR[j.status]}>{STATUS_LABEL[j.status]}</Badge>,
  },
  { id: 'rowsRead', header: 'Rows', numeric: true },
  { id: 'created', header: 'Created', numeric: true },
  { id: 'updated', header: 'Updated', numeric: true },
  { id: 'unchanged', header: 'Unchanged', numeric: true, hidden: true },
  { id: 'failed', header: 'Failed', numeric: true },
  { id: 'createdBy', header: 'By' },
];

const filters = [
  { field: 'target', label: 'What', options: IMPORT_TARGETS.map((t) => ({ value: t, label: targetLabel(t) })) },
  { field: 'status', label: 'Status', options: IMPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })) },
];

/** The account's earlier imports (list protocol); Open shows one with its errors and report. */
export function PastImports({ onOpen }: { onOpen: (id: string) => void }) {
  return (
    <ListView
      client={importsApi.jobs}
      info={IMPORT_JOBS_LIST}
      noun="import"
      plural="imports"
      columns={columns}
      filters={filters}
      rowLabel={(j) => j.fileName}
      canWrite={false}
      deletable={false}
      extraActions={(j) => (
        <Button size="xs" variant="outline" onClick={() => onOpen(j.id)} aria-label={`Open import of ${j.fileName}`}>
          Open
        </Button>
      )}
    />
  );
}
