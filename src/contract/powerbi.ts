import { z } from 'zod';
import { storableString } from './safe-input';

/**
 * `/PowerbiAdmin` (ThebigBoss) and `/PBAnalytics`' embed (ADR 041). The client secret goes in and
 * never comes out: answers say only whether one is kept.
 */
const text = (label: string, max = 200) =>
  storableString(label).trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);
const guid = (label: string) =>
  text(label, 36).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${label}: a GUID`);

export const PowerbiConfigInput = z.strictObject({
  workspaceId: guid('Workspace id'),
  reportId: guid('Report id'),
  tenantId: guid('Tenant id'),
  clientId: guid('Client id'),
  /** Empty on an edit: keep the secret already kept. */
  clientSecret: storableString('Client secret').max(500, 'At most 500 characters').default(''),
  rlsRole: text('Row-level role', 100).default('Account'),
});
export type PowerbiConfigInput = z.input<typeof PowerbiConfigInput>;

export const PowerbiConfigRow = z.object({
  accountId: z.number(),
  accountName: z.string(),
  configured: z.boolean(),
  workspaceId: z.string().nullable(),
  reportId: z.string().nullable(),
  tenantId: z.string().nullable(),
  clientId: z.string().nullable(),
  rlsRole: z.string().nullable(),
  hasSecret: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PowerbiConfigRow = z.infer<typeof PowerbiConfigRow>;

export const PowerbiAccountParams = z.object({ accountId: z.coerce.number().int().positive('Not an account') });

/**
 * What `/PBAnalytics` embeds: nothing configured (the built-in board), or the report with an
 * embed token filtered to the account (row-level security), or why Power BI could not be reached.
 */
export const PowerbiEmbed = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('ready'), reportId: z.string(), embedUrl: z.string(), token: z.string() }),
  z.object({ state: z.literal('unreachable'), message: z.string() }),
]);
export type PowerbiEmbed = z.infer<typeof PowerbiEmbed>;
