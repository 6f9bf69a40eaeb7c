import { Badge, Button } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import {
  IMPORT_JOB_COLUMNS,
  IMPORT_JOBS_LIST,
  IMPORT_STATUSES,
  IMPORT_TARGETS,
  type ImportJob,
} from '@/contract/imports';
import { importsApi } from './client';
import { STATUS_COLOUR, STATUS_LABEL, targetLabel } from './labels';

const columns: ListColumn<ImportJob>[] = specColumns(IMPORT_JOB_COLUMNS, {
  status: { cell: (j) => <Badge colorPalette={STATUS_COLOUR[j.status]}>{STATUS_LABEL[j.status]}</Badge> },
});

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
