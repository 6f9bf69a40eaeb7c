import { z } from 'zod';
import { humanize } from './columns';

/**
 * `/Diagnostic` (ThebigBoss, every account): what the server is, its database, its pg-boss queues (in words),
 * gauge devices, field devices' last sync, mail waiting and recent server errors.
 */

export { SYNC_REPORT_HEADERS } from './sync-report';

/** What a header may hold to be recorded; anything else is ignored (never a refused batch). */
export const SYNC_DEVICE_ID = /^[A-Za-z0-9._:-]{1,100}$/;
export const SYNC_VERSION = /^[A-Za-z0-9._+-]{1,40}$/;
export const SYNC_OUTBOX_MAX = 10_000_000;

const Iso = z.string();

export const QueueRow = z.object({
  name: z.string(),
  queued: z.number(),
  active: z.number(),
  failed: z.number(),
  completed: z.number(),
});
export const FailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  failedAt: Iso.nullable(),
  createdAt: Iso,
  retryCount: z.number(),
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const DiagnosticReport = z.object({
  generatedAt: Iso,
  version: z.object({
    app: z.string(),
    commit: z.string().nullable(),
    node: z.string(),
    startedAt: Iso,
    uptimeS: z.number(),
    /** The origin of e-mailed links (ADR 074) and where it came from; null: none, links are refused. */
    publicUrl: z.string().nullable(),
    publicUrlSource: z.string().nullable(),
  }),
  database: z.object({
    sizeBytes: z.number(),
    postgres: z.string(),
    migrations: z.array(z.object({ tag: z.string().nullable(), hash: z.string(), createdAt: Iso.nullable() })),
    migrationFiles: z.number(),
  }),
  jobs: z.object({
    installed: z.boolean(),
    queues: z.array(QueueRow),
    failed: z.array(FailedJob),
  }),
  gauges: z.array(
    z.object({
      id: z.string(),
      account: z.string(),
      name: z.string(),
      store: z.string().nullable(),
      protocol: z.string(),
      enabled: z.boolean(),
      lastContactAt: Iso.nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: Iso.nullable(),
      failures: z.number(),
    }),
  ),
  devices: z.array(
    z.object({
      account: z.string(),
      deviceId: z.string(),
      user: z.string().nullable(),
      lastSyncAt: Iso,
      kind: z.string(),
      records: z.number(),
      outbox: z.number().nullable(),
      appVersion: z.string().nullable(),
    }),
  ),
  mail: z.object({
    waiting: z.number(),
    files: z.array(z.object({ name: z.string(), sizeBytes: z.number(), at: Iso })),
  }),
  errors: z.array(z.object({ at: Iso, message: z.string(), detail: z.string().nullable() })),
});
export type DiagnosticReport = z.infer<typeof DiagnosticReport>;

/**
 * The background job queues in words (ADR 078): what each one does, not its code. A queue not named
 * here (a new one) reads in words of its code; pg-boss's own queues are its scheduler.
 */
export const QUEUE_NAMES: Readonly<Record<string, string>> = {
  mail: 'E-mails to send',
  'webhook-delivery': 'Webhook deliveries',
  'webhook-sweep': 'Webhook deliveries waiting',
  'csv-drop': 'CSV file drops',
  'csv-drop-tick': 'CSV file drops due',
  'report-run': 'Report runs',
  'report-schedule-tick': 'Scheduled reports due',
  'report-files-prune': 'Old report files removed',
  'daily-report-mail': 'Daily report e-mails',
  'exception-mail': 'Exception e-mails',
  'exception-digest-plan': 'Exception digests due',
  'exception-digest': 'Exception digests',
  'gauge-poll': 'Tank gauge readings',
  'gauge-stale': 'Silent tank gauges',
  'integrity-nightly': 'Nightly integrity checks',
  'variance-sweep': 'Monthly variance check',
  'consumption-sweep': 'Consumption check',
  'device-commands-expiry': 'Device commands expiring',
  'commercial-quote-follow-ups': 'Quotation follow-ups',
};

export function queueName(name: string): string {
  if (name.startsWith('__pgboss__')) return 'Job scheduler (internal)';
  return QUEUE_NAMES[name] ?? humanize(name);
}

export const RetryJobParams = z.object({ queue: z.string().min(1).max(200), id: z.uuid() });
export const RetryJobResult = z.object({ retried: z.boolean() });

export const DIAGNOSTIC_PATH = '/diagnostic';
/** Shown per list on the page (newest first). */
export const DIAGNOSTIC_LIST_CAP = 50;
