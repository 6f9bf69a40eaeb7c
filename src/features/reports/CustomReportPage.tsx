import { Badge } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  CUSTOM_REPORT_COLUMNS,
  CUSTOM_REPORT_LIST,
  PUBLISH_ROLE_LABELS,
  type CustomReportRow,
} from '@/contract/custom-reports';
import { DATASET_IDS, DATASETS } from '@/contract/datasets';
import { YES_NO } from '@/lib/reference/labels';
import { customReportsClient } from './client';
import { CustomReportForm, customReportLabel } from './CustomReportForm';

const columns: ListColumn<CustomReportRow>[] = specColumns(CUSTOM_REPORT_COLUMNS, {
  published: {
    cell: (r) =>
      r.published ? <Badge colorPalette="green">Published</Badge> : <Badge colorPalette="gray">Private</Badge>,
  },
  roles: { cell: (r) => (r.published ? r.roles.map((x) => PUBLISH_ROLE_LABELS[x]).join(', ') : '—') },
});

const filters = [
  { field: 'dataset', label: 'Dataset', options: DATASET_IDS.map((d) => ({ value: d, label: DATASETS[d].title })) },
  { field: 'published', label: 'Published', options: YES_NO },
];

/**
 * `/CustomReport` (ThebigBoss): the account's saved custom reports — build one from a dataset's
 * whitelisted fields with a live preview, save, publish to roles, edit, delete and restore (ADR 045).
 */
export function CustomReportPage() {
  return (
    <ResourceScreen
      client={customReportsClient}
      info={CUSTOM_REPORT_LIST}
      noun="custom report"
      plural="custom reports"
      columns={columns}
      filters={filters}
      rowLabel={customReportLabel}
      Form={CustomReportForm}
      formSize="xl"
    />
  );
}
