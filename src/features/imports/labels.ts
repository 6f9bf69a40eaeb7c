import {
  IMPORT_STATUS_LABELS,
  IMPORT_TARGET_INFO,
  type ImportStatus,
  type ImportTarget,
  type RowStatus,
} from '@/contract/imports';

export const targetLabel = (t: ImportTarget) => IMPORT_TARGET_INFO[t].label;

export const STATUS_LABEL = IMPORT_STATUS_LABELS;
export const STATUS_COLOUR: Record<ImportStatus, string> = {
  uploaded: 'gray',
  queued: 'purple',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export const ROW_LABEL: Record<RowStatus, string> = {
  create: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};
export const ROW_COLOUR: Record<RowStatus, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
};

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
