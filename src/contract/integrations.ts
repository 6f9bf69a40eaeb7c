import { z } from 'zod';
import { columnsOf } from './columns';
import { DATASET_IDS, DATASETS, type DatasetId } from './datasets';
import { inputSchemas, requiredText, rowMeta, timeOfDay } from './setup/fields';

/**
 * Integrations (issue 15, ADR 040): the types FAMS offers (`/IntegrationSetup`), an account's
 * instances (`/ManageIntegration`, ThebigBoss; status on `/Integration`, admin) and outgoing
 * webhooks: events POSTed as JSON, signed `X-FAMS-Signature: sha256=<hex HMAC-SHA256 of
 * "<X-FAMS-Timestamp>.<body>" with the integration's secret>`, retried with back-off.
 */
export const INTEGRATION_TYPES = ['webhook', 'sap', 'csv_drop', 'bi_feed'] as const;
/** An integration's last status as it reads (ADR 078): a webhook's, a CSV drop's or a feed key's. */
export const INTEGRATION_STATUS_LABELS: Readonly<Record<string, string>> = {
  ok: 'OK',
  error: 'Error',
  retrying: 'Retrying',
  failed: 'Failed',
  revoked: 'Key revoked',
};
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
/** What each type does and the settings an instance of it has (`/IntegrationSetup`). */
export const INTEGRATION_TYPE_INFO: Record<
  IntegrationType,
  { title: string; description: string; settings: readonly string[]; ready: boolean }
> = {
  webhook: {
    title: 'Outgoing webhooks',
    description:
      'Events POSTed as signed JSON to your endpoint, retried with back-off, with a delivery log and replay.',
    settings: ['Address (https://…)', 'Events', 'Signing secret (kept sealed)'],
    ready: true,
  },
  sap: {
    title: 'SAP cost postings',
    description: 'A period’s fuel cost per cost centre and G/L account as a journal file (/SAP).',
    settings: ['Company code, document type, offset account', 'Cost centre and product mapping'],
    ready: true,
  },
  csv_drop: {
    title: 'CSV drop',
    description:
      'The records stored since the last drop (dispenses, receipts, transfers, readings, exceptions) as CSV files ' +
      'in a folder of the account’s file store, hourly or daily; none twice, none skipped (docs/csv-drop.md).',
    settings: ['Datasets', 'Schedule (hourly, or daily at a time)', 'Folder'],
    ready: true,
  },
  bi_feed: {
    title: 'BI feed',
    description: 'A read-only feed for Power BI and other tools, opened with one of the account’s feed keys.',
    settings: ['Feed key (made on /PBAnalytics)'],
    ready: true,
  },
};

export const WEBHOOK_EVENTS = [
  'dispense.recorded',
  'exception.raised',
  'exception.resolved',
  'delivery.received',
  'ping',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What each event means (docs/webhooks.md has the payloads). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'dispense.recorded': 'Dispense recorded',
  'exception.raised': 'Exception raised',
  'exception.resolved': 'Exception resolved',
  'delivery.received': 'Fuel delivery received',
  ping: 'Test (ping)',
};

/** How often a CSV drop runs (daily: at `atTime` in the account's time zone). */
export const DROP_FREQUENCIES = ['hourly', 'daily'] as const;
export type DropFrequency = (typeof DROP_FREQUENCIES)[number];
export const DROP_FREQUENCY_LABELS: Record<DropFrequency, string> = { hourly: 'Every hour', daily: 'Daily' };
export const DATASET_LABELS = Object.fromEntries(DATASET_IDS.map((d) => [d, DATASETS[d].title])) as Record<
  DatasetId,
  string
>;
/** A folder inside the account's file store: 1–4 segments of letters, digits, `_ . -`. */
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}(\/[A-Za-z0-9][A-Za-z0-9_.-]{0,63}){0,3}$/;

export const IntegrationFields = z.strictObject({
  type: z.enum(INTEGRATION_TYPES, { error: 'Choose a type' }),
  name: requiredText('Name', 120),
  url: z
    .url({ protocol: /^https?$/, error: 'An http(s):// address' })
    .max(500, 'At most 500 characters')
    .nullish()
    .transform((v) => v ?? null),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }))
    .max(WEBHOOK_EVENTS.length)
    .default([]),
  /** Write-only: sealed at rest, never answered. Left out on update = keep the current one. */
  secret: z.string().min(16, 'At least 16 characters').max(200, 'At most 200 characters').optional(),
  enabled: z.boolean().default(true),
  /** CSV drop: what, how often, where (ADR 057). */
  datasets: z
    .array(z.enum(DATASET_IDS, { error: 'Unknown dataset' }))
    .max(DATASET_IDS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  frequency: z
    .enum(DROP_FREQUENCIES, { error: 'Choose hourly or daily' })
    .nullish()
    .transform((v) => v ?? null),
  atTime: timeOfDay.nullish().transform((v) => v ?? null),
  folder: z
    .string()
    .trim()
    .regex(FOLDER, 'A folder such as exports/fams: letters, digits, _ . - and up to 4 levels')
    .refine((v) => !v.split('/').includes('..'), 'Not ..')
    .nullish()
    .transform((v) => v || null),
  /** BI feed: the account's feed key this integration stands for. */
  feedKeyId: z
    .uuid({ error: 'Choose a feed key' })
    .nullish()
    .transform((v) => v ?? null),
});
export const { create: IntegrationCreate, update: IntegrationUpdate } = inputSchemas(IntegrationFields, (v, ctx) => {
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.type === 'webhook' && !v.url) need('url', 'A webhook needs an address');
  if (v.type === 'csv_drop') {
    if (!v.datasets.length) need('datasets', 'Choose at least one dataset');
    if (!v.frequency) need('frequency', 'Choose hourly or daily');
    if (v.frequency === 'daily' && !v.atTime) need('atTime', 'A daily drop needs a time');
    if (!v.folder) need('folder', 'A CSV drop needs a folder');
  }
  if (v.type === 'bi_feed' && !v.feedKeyId) need('feedKeyId', 'Choose a feed key');
});

/** What a CSV drop or BI feed integration keeps in `integrations.settings`. */
export interface IntegrationSettings {
  datasets?: DatasetId[];
  frequency?: DropFrequency | null;
  atTime?: string | null;
  folder?: string | null;
  feedKeyId?: string | null;
}

export const IntegrationRow = z.object({
  ...rowMeta,
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  url: z.string().nullable(),
  events: z.array(z.string()),
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  datasets: z.array(z.enum(DATASET_IDS)),
  frequency: z.enum(DROP_FREQUENCIES).nullable(),
  atTime: z.string().nullable(),
  folder: z.string().nullable(),
  feedKeyId: z.string().nullable(),
  /** CSV drop: rows written by the last successful drop, the next scheduled one. */
  lastRows: z.number().nullable(),
  nextRunAt: z.string().nullable(),
  /** The account's zone: a drop's schedule ("daily at 06:00") and its next run are in it. */
  timeZone: z.string(),
});
export type Integration = z.infer<typeof IntegrationRow>;

export const INTEGRATION_COLUMNS = columnsOf<Integration>()([
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'type', title: 'Type', kind: 'text' },
  { key: 'url', title: 'Address or target', kind: 'text' },
  { key: 'enabled', title: 'Enabled', kind: 'bool' },
  { key: 'lastRunAt', title: 'Last run', kind: 'datetime' },
  { key: 'lastStatus', title: 'Status', kind: 'enum', labels: INTEGRATION_STATUS_LABELS },
  { key: 'lastRows', title: 'Rows', kind: 'number' },
  { key: 'nextRunAt', title: 'Next run', kind: 'datetime', zone: 'timeZone' },
  { key: 'lastError', title: 'Last error', kind: 'text' },
]);

export const INTEGRATIONS_LIST = {
  path: '/integrations',
  entity: 'integration',
  title: 'Integrations',
  screen: '/Integration',
  defaultSort: 'name',
  sort: ['name', 'type', 'lastRunAt', 'createdAt', 'updatedAt'],
  filters: ['type', 'enabled'],
  search: ['name', 'url'],
} as const;

export const DeliveryRow = z.object({
  id: z.uuid(),
  integrationId: z.uuid(),
  integrationName: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliveryRow>;
export const DELIVERY_COLUMNS = columnsOf<Delivery>()([
  { key: 'createdAt', title: 'Created', kind: 'datetime' },
  { key: 'integrationName', title: 'Integration', kind: 'text' },
  { key: 'event', title: 'Event', kind: 'text' },
  { key: 'status', title: 'Status', kind: 'text' },
  { key: 'attempts', title: 'Attempts', kind: 'number' },
  { key: 'responseStatus', title: 'HTTP', kind: 'number' },
  { key: 'lastError', title: 'Error', kind: 'text' },
  { key: 'deliveredAt', title: 'Delivered', kind: 'datetime' },
]);
export const DELIVERIES_LIST = {
  path: '/webhook-deliveries',
  entity: 'webhook_delivery',
  title: 'Webhook deliveries',
  screen: '/Integration',
  defaultSort: '-createdAt',
  sort: ['createdAt', 'status', 'event'],
  filters: ['status', 'event', 'integrationId'],
  search: ['event'],
} as const;

/** Retries of a failed webhook POST (pg-boss, exponential back-off from 30 s). */
export const WEBHOOK_RETRY = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

/**
 * `/IntegrationSetup` (ThebigBoss): each type with whether it is offered and to which account
 * types (`accountTypes` null = every type). A type switched off or not offered to an account's type
 * cannot be chosen for a new integration there; existing ones keep working until disabled.
 */
export const IntegrationTypeRow = z.object({
  type: z.enum(INTEGRATION_TYPES),
  title: z.string(),
  description: z.string(),
  settings: z.array(z.string()),
  ready: z.boolean(),
  enabled: z.boolean(),
  accountTypes: z.array(z.string()).nullable(),
  instances: z.number(),
});
export type IntegrationTypeInfo = z.infer<typeof IntegrationTypeRow>;
export const IntegrationTypesResponse = z.object({
  items: z.array(IntegrationTypeRow),
  /** The account types that exist, to choose from. */
  accountTypes: z.array(z.string()),
});
export const IntegrationTypeParams = z.object({ type: z.enum(INTEGRATION_TYPES) });
export const IntegrationTypeSettings = z.strictObject({
  enabled: z.boolean(),
  accountTypes: z.array(z.string().trim().min(1).max(60)).max(50, 'At most 50 account types').nullable(),
});
export const INTEGRATION_TYPES_PATH = '/integration-types';

/** `/ManageIntegration` (ThebigBoss): the instances of every account, with their delivery health. */
export const ManagedIntegrationRow = z.object({
  id: z.uuid(),
  accountId: z.number(),
  accountName: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  url: z.string().nullable(),
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  failed: z.number(),
  pending: z.number(),
});
export type ManagedIntegration = z.infer<typeof ManagedIntegrationRow>;
export const MANAGED_INTEGRATION_COLUMNS = columnsOf<ManagedIntegration>()([
  { key: 'accountName', title: 'Account', kind: 'text' },
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'type', title: 'Type', kind: 'text' },
  { key: 'enabled', title: 'Enabled', kind: 'bool' },
  { key: 'lastRunAt', title: 'Last run', kind: 'datetime' },
  { key: 'lastStatus', title: 'Status', kind: 'enum', labels: INTEGRATION_STATUS_LABELS },
  { key: 'failed', title: 'Failed deliveries', kind: 'number' },
  { key: 'pending', title: 'Pending', kind: 'number' },
  { key: 'lastError', title: 'Last error', kind: 'text' },
]);
export const MANAGED_INTEGRATIONS_LIST = {
  path: '/admin/integrations',
  entity: 'integration',
  title: 'Integrations of every account',
  screen: '/ManageIntegration',
  defaultSort: 'accountName',
  sort: ['accountName', 'name', 'type', 'lastRunAt', 'failed'],
  filters: ['type', 'enabled', 'lastStatus'],
  search: ['accountName', 'name', 'url'],
} as const;

/** A CSV drop's runs (one file per dataset each), newest first: `GET /integrations/:id/runs`. */
export const DropRunRow = z.object({
  id: z.uuid(),
  status: z.enum(['queued', 'done', 'failed']),
  trigger: z.enum(['scheduled', 'manual']),
  windowFrom: z.string(),
  windowTo: z.string(),
  rows: z.number().nullable(),
  files: z.array(z.string()),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DropRun = z.infer<typeof DropRunRow>;
export const DropRuns = z.object({ items: z.array(DropRunRow) });
/** "Run now": the run opened. */
export const DropStarted = z.object({ run: z.uuid() });
/** Retries of a failing drop (pg-boss, back-off from 60 s: 1, 2, 4, 8 min). */
export const DROP_RETRY = { retryLimit: 4, retryDelay: 60, retryBackoff: true } as const;

/** Answers of the action routes: the deliveries a ping or replay queued, the types offered, a disable. */
export const QueuedDeliveries = z.object({ deliveries: z.array(z.uuid()) });
export const OfferedTypes = z.object({ types: z.array(z.enum(INTEGRATION_TYPES)) });
export const DisabledIntegration = z.object({ id: z.uuid(), enabled: z.literal(false) });
export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  webhook: 'Webhook',
  sap: 'SAP postings',
  csv_drop: 'CSV drop',
  bi_feed: 'BI feed',
};
