import { Badge } from '@chakra-ui/react';
import { formatDateTime, type ListColumn } from '@/app/ui/list/columns';
import { queueName, type DiagnosticReport } from '@/contract/diagnostic';
import { count } from '@/lib/format';

type R = DiagnosticReport;
const when = (v: string | null) => (v ? formatDateTime(v) : '—');
const HOUR = 3600_000;

export function bytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export const queueColumns: ListColumn<R['jobs']['queues'][number]>[] = [
  { id: 'name', header: 'Queue', cell: (r) => <span title={r.name}>{queueName(r.name)}</span> },
  { id: 'queued', header: 'Queued', numeric: true, cell: (r) => count(r.queued) },
  { id: 'active', header: 'Active', numeric: true, cell: (r) => count(r.active) },
  {
    id: 'failed',
    header: 'Failed',
    numeric: true,
    cell: (r) => (r.failed ? <Badge colorPalette="red">{count(r.failed)}</Badge> : '0'),
  },
  { id: 'completed', header: 'Completed (kept)', numeric: true, cell: (r) => count(r.completed) },
];

export const failedColumns: ListColumn<R['jobs']['failed'][number]>[] = [
  { id: 'queue', header: 'Queue', cell: (r) => <span title={r.queue}>{queueName(r.queue)}</span> },
  { id: 'failedAt', header: 'Failed', cell: (r) => when(r.failedAt) },
  { id: 'createdAt', header: 'Created', cell: (r) => when(r.createdAt) },
  { id: 'retryCount', header: 'Retries', numeric: true },
  { id: 'error', header: 'Error', cell: (r) => r.error ?? '—' },
];

export function gaugeColumns(now: number): ListColumn<R['gauges'][number]>[] {
  return [
    { id: 'account', header: 'Account' },
    { id: 'name', header: 'Device' },
    { id: 'store', header: 'Store', cell: (r) => r.store ?? '—' },
    { id: 'protocol', header: 'Protocol', cell: (r) => (r.protocol === 'tls_tcp' ? 'TLS (polled)' : 'HTTP push') },
    {
      id: 'lastContactAt',
      header: 'Last contact',
      cell: (r) => (
        <>
          {when(r.lastContactAt)}{' '}
          {!r.enabled ? (
            <Badge>Disabled</Badge>
          ) : !r.lastContactAt || now - Date.parse(r.lastContactAt) > 2 * HOUR ? (
            <Badge colorPalette="orange">Stale</Badge>
          ) : null}
        </>
      ),
    },
    { id: 'failures', header: 'Failures', numeric: true },
    {
      id: 'lastError',
      header: 'Last error',
      cell: (r) => (r.lastError ? `${r.lastError} (${when(r.lastErrorAt)})` : '—'),
    },
  ];
}

export const deviceColumns: ListColumn<R['devices'][number]>[] = [
  { id: 'account', header: 'Account' },
  { id: 'deviceId', header: 'Device' },
  { id: 'user', header: 'User', cell: (r) => r.user ?? '—' },
  { id: 'lastSyncAt', header: 'Last sync', cell: (r) => when(r.lastSyncAt) },
  { id: 'kind', header: 'Last batch', cell: (r) => `${count(r.records)} ${r.kind}` },
  {
    id: 'outbox',
    header: 'Outbox',
    numeric: true,
    cell: (r) => (r.outbox === null ? '—' : count(r.outbox)),
  },
  { id: 'appVersion', header: 'App version', cell: (r) => r.appVersion ?? '—' },
];

export const mailColumns: ListColumn<R['mail']['files'][number]>[] = [
  { id: 'name', header: 'File' },
  { id: 'at', header: 'Written', cell: (r) => when(r.at) },
  { id: 'sizeBytes', header: 'Size', numeric: true, cell: (r) => bytes(r.sizeBytes) },
];

export const errorColumns: ListColumn<R['errors'][number]>[] = [
  { id: 'at', header: 'When', cell: (r) => when(r.at) },
  { id: 'message', header: 'Message' },
  { id: 'detail', header: 'Detail', cell: (r) => r.detail ?? '—' },
];

export const migrationColumns: ListColumn<R['database']['migrations'][number]>[] = [
  { id: 'tag', header: 'Migration', cell: (r) => r.tag ?? `(unknown file) ${r.hash.slice(0, 12)}` },
  { id: 'createdAt', header: 'Written', cell: (r) => when(r.createdAt) },
];
