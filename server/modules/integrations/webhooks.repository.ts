import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import { integrations, webhookDeliveries } from '../../db/schema';

/**
 * `select id` of the account's enabled webhooks subscribed to the event (with `integrationId`, that
 * webhook alone): also read inside the ingest's reference query (ADR 055), one round trip less.
 */
export const subscribedSql = (accountId: number, event: WebhookEvent, integrationId?: string) =>
  sql`select id from integrations where account_id = ${accountId} and type = 'webhook' and deleted_at is null and ${
    integrationId ? sql`id = ${integrationId}` : sql`enabled and ${event}::text = any(events)`
  }`;

/** The webhook deliveries' SQL (ADR 040, 048): the only place of the webhooks that touches the database. */
export function webhooksRepository(db: DbOrTx) {
  return {
    /**
     * The account's enabled webhooks subscribed to the event; with `integrationId` (a test) that
     * webhook alone, whatever its events.
     */
    async subscribed(accountId: number, event: WebhookEvent, integrationId?: string): Promise<string[]> {
      const res = await db.execute<{ id: string }>(subscribedSql(accountId, event, integrationId));
      return res.rows.map((r) => r.id);
    },

    /** One delivery per payload and webhook, in ONE statement, in payload order; answers their ids. */
    async insert(
      accountId: number,
      event: WebhookEvent,
      hooks: readonly string[],
      payloads: readonly Record<string, unknown>[],
    ): Promise<string[]> {
      if (!hooks.length || !payloads.length) return [];
      const res = await db.execute<{ id: string }>(sql`
        insert into webhook_deliveries (account_id, integration_id, event, payload)
        select ${accountId}, h.id, ${event}, p.value
        from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as p(value, n)
        cross join unnest(${sql.param(hooks)}::uuid[]) as h(id)
        order by p.n, h.id
        returning id`);
      return res.rows.map((r) => r.id);
    },

    /** A copy of a delivery of this account (same integration, event and payload) as a new one. */
    async replay(accountId: number, id: string): Promise<string | undefined> {
      const res = await db.execute<{ id: string }>(sql`
        insert into webhook_deliveries (account_id, integration_id, event, payload, replay_of)
        select account_id, integration_id, event, payload, id from webhook_deliveries
        where account_id = ${accountId} and id = ${id}
        returning id`);
      return res.rows[0]?.id;
    },

    /**
     * The sweep: pending deliveries never attempted (their job was not queued, e.g. those the
     * exceptions' trigger writes, or the queue was down), of live, enabled webhooks only (`cancelGone`
     * fails the others). Queueing is idempotent on the delivery id.
     */
    async unattempted(limit: number): Promise<string[]> {
      const res = await db.execute<{ id: string }>(sql`select d.id from webhook_deliveries d
        join integrations i on i.account_id = d.account_id and i.id = d.integration_id
        where d.status = 'pending' and d.attempts = 0
          and i.deleted_at is null and i.enabled and i.type = 'webhook' and i.url is not null
        order by d.created_at limit ${limit}`);
      return res.rows.map((r) => r.id);
    },

    /**
     * The sweep: pending deliveries (queued or between retries) of webhooks deleted, switched off
     * or no longer webhooks are failed, with why, and never sent (ADR 071). Answers how many.
     */
    async cancelGone(): Promise<number> {
      const res = await db.execute(sql`update webhook_deliveries d
        set status = 'failed', last_error = case when i.deleted_at is not null then 'integration deleted'
          when not i.enabled then 'integration disabled' else 'integration is not a webhook' end
        from integrations i
        where i.account_id = d.account_id and i.id = d.integration_id and d.status = 'pending'
          and (i.deleted_at is not null or not i.enabled or i.type <> 'webhook' or i.url is null)`);
      return res.rowCount ?? 0;
    },

    /** One pending delivery failed without a request (its integration is gone or switched off). */
    async cancel(id: string, reason: string) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: reason })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
    },

    /** A delivery with its target and whether that is still live and switched on, for one attempt. */
    async forAttempt(id: string) {
      const [d] = await db
        .select({
          id: webhookDeliveries.id,
          accountId: webhookDeliveries.accountId,
          integrationId: webhookDeliveries.integrationId,
          event: webhookDeliveries.event,
          payload: webhookDeliveries.payload,
          status: webhookDeliveries.status,
          createdAt: webhookDeliveries.createdAt,
          url: integrations.url,
          secretSealed: integrations.secretSealed,
          type: integrations.type,
          enabled: integrations.enabled,
          deletedAt: integrations.deletedAt,
        })
        .from(webhookDeliveries)
        .innerJoin(
          integrations,
          and(
            eq(integrations.accountId, webhookDeliveries.accountId),
            eq(integrations.id, webhookDeliveries.integrationId),
          ),
        )
        .where(eq(webhookDeliveries.id, id));
      return d;
    },

    /** An attempt's outcome on the delivery, and the integration's last run, status and error. */
    async recordAttempt(
      d: { id: string; accountId: number; integrationId: string; event: string },
      outcome: 'delivered' | 'retry' | 'failed',
      status: number | null,
      error: string | null,
    ) {
      await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          responseStatus: status,
          lastError: error?.slice(0, 500) ?? null,
          ...(outcome === 'delivered' ? { status: 'delivered', deliveredAt: sql`now()` } : {}),
          ...(outcome === 'failed' ? { status: 'failed' } : {}),
        })
        .where(eq(webhookDeliveries.id, d.id));
      await db
        .update(integrations)
        .set({
          lastRunAt: sql`now()`,
          lastStatus: outcome === 'delivered' ? 'ok' : 'error',
          ...(error ? { lastError: `${d.event}: ${error}`.slice(0, 500) } : {}),
        })
        .where(and(eq(integrations.accountId, d.accountId), eq(integrations.id, d.integrationId)));
    },
  };
}
