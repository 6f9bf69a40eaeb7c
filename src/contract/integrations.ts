import { z } from 'zod';
import { columnsOf } from './columns';
import { inputSchemas, requiredText, rowMeta } from './setup/fields';

/**
 * Integrations (issue 15, ADR 040): the types FAMS offers (`/IntegrationSetup`), an account's
 * instances (`/ManageIntegration`, ThebigBoss; status on `/Integration`, admin) and outgoing
 * webhooks: events POSTed as JSON, signed `X-FAMS-Signature: sha256=<hex HMAC-SHA256 of
 * "<X-FAMS-Timestamp>.<body>" with the integration's secret>`, retried with back-off.
 */
export const INTEGRATION_TYPES = ['webhook', 'sap', 'csv_drop', 'bi_feed'] as const;
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
    description: 'Exports written to a folder or SFTP-style target.',
    settings: ['Target address', 'Password (kept sealed)'],
    ready: false,
  },
  bi_feed: {
    title: 'BI feed',
    description: 'A read-only feed for Power BI and other tools.',
    settings: ['Feed key', 'Datasets'],
    ready: false,
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
});
export const { create: IntegrationCreate, update: IntegrationUpdate } = inputSchemas(IntegrationFields, (v, ctx) => {
  if (v.type === 'webhook' && !v.url)
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'A webhook needs an address' });
});

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
});
export type Integration = z.infer<typeof IntegrationRow>;

export const INTEGRATION_COLUMNS = columnsOf<Integration>()([
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'type', title: 'Type', kind: 'text' },
  { key: 'url', title: 'Address', kind: 'text' },
  { key: 'enabled', title: 'Enabled', kind: 'bool' },
  { key: 'lastRunAt', title: 'Last run', kind: 'datetime' },
  { key: 'lastStatus', title: 'Status', kind: 'text' },
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
  { key: 'lastStatus', title: 'Status', kind: 'text' },
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
