import { Badge, IconButton, Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuRotateCw } from 'react-icons/lu';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { refreshAll } from '@/app/ui/list/useList';
import { ListView } from '@/app/ui/list/ListView';
import {
  FORMAT_LABELS,
  HISTORY_COLUMNS,
  HISTORY_LIST,
  RUN_STATUS_LABELS,
  RUN_STATUSES,
  RUN_TRIGGER_LABELS,
  RUN_TRIGGERS,
  type RunView,
} from '@/contract/report-runs';
import type { ReportFormat } from '@/contract/reports';
import { enumOptions } from '@/lib/reference/labels';
import { historyClient } from './client';
import { rerun, STATUS_PALETTE } from './RecentRuns';
import { RunDownload } from './RunProgress';
import { useReportTitles } from './useReportTitles';

const columns: ListColumn<RunView>[] = specColumns(HISTORY_COLUMNS, {
  status: { cell: (r) => <Badge colorPalette={STATUS_PALETTE[r.status]}>{RUN_STATUS_LABELS[r.status]}</Badge> },
  trigger: {
    cell: (r) =>
      r.scheduleId ? (
        <Link asChild colorPalette="blue">
          <RouterLink to="/ReportSchedule" search={{ edit: r.scheduleId }}>
            {RUN_TRIGGER_LABELS[r.trigger]}
          </RouterLink>
        </Link>
      ) : (
        RUN_TRIGGER_LABELS[r.trigger]
      ),
  },
  // The run's own title: a custom report's is not in the contract's labels (ADR 050).
  report: { cell: (r) => r.title },
  userName: { cell: (r) => r.userName ?? (r.trigger === 'scheduled' ? 'Schedule' : '') },
  fileName: { cell: (r) => (r.fileKept ? <RunDownload run={r} size="xs" /> : r.status === 'done' ? 'Removed' : '') },
});

const otherFilters = [
  { field: 'status', label: 'Status', options: enumOptions(RUN_STATUSES, RUN_STATUS_LABELS) },
  { field: 'trigger', label: 'Trigger', options: enumOptions(RUN_TRIGGERS, RUN_TRIGGER_LABELS) },
  {
    field: 'format',
    label: 'Format',
    options: enumOptions(['pdf', 'xlsx', 'csv'] as ReportFormat[], FORMAT_LABELS),
  },
  { field: 'from', label: 'From', kind: 'date' as const },
  { field: 'to', label: 'To', kind: 'date' as const },
];

/**
 * `/ReportHistory` (admin): every run of the account, manual or scheduled — who, when, the
 * parameters in words, status, duration, rows, the file while it is kept, the error — with
 * filters, export, and "Run again" (the same report, format and parameters, as a manual run).
 */
export function ReportHistoryPage() {
  const titles = useReportTitles();
  const filters = [{ field: 'report', label: 'Report', options: titles.options }, ...otherFilters];
  return (
    <ListView
      client={historyClient}
      info={HISTORY_LIST}
      noun="run"
      plural="runs"
      columns={columns}
      filters={filters}
      rowLabel={(r) => r.title}
      canWrite={false}
      deletable={false}
      extraActions={(r) => (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Run ${r.title} again`}
          onClick={async () => {
            if (await rerun(r)) void refreshAll();
          }}
        >
          <LuRotateCw aria-hidden />
        </IconButton>
      )}
    />
  );
}
