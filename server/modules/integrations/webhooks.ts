import crypto from 'node:crypto';
import type PgBoss from 'pg-boss';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY, type WebhookEvent } from '../../../src/contract/integrations';
import type { Db, DbOrTx } from '../../db/client';
import { integrations, webhookDeliveries } from '../../db/schema';
import { publicAddresses } from '../../lib/net-address';
import type { Secrets } from '../../lib/secrets';

export const WEBHOOK_QUEUE = 'webhook-delivery';
const TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<body>"): what a receiver recomputes. */
export const signature = (secret: string, timestamp: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Queues one delivery per enabled webhook of the account subscribed to the event, and a pg-boss
 * job for each (retried with back-off). A job that cannot be queued now leaves its delivery
 * `pending`; the sweep (webhooks.jobs.ts) queues it again.
 */
export async function emit(
  db: DbOrTx,
  boss: (() => Promise<PgBoss>) | undefined,
  accountId: number,
  event: WebhookEvent,
  payload: Record<string, unknown>,
  /** Only this integration (a ping). */
  integrationId?: string,
): Promise<string[]> {
  const rows = await (db as Db).execute<{ id: string }>(sql`
    insert into webhook_deliveries (account_id, integration_id, event, payload)
    select account_id, id, ${event}, ${JSON.stringify(payload)}::jsonb from integrations
    where account_id = ${accountId} and type = 'webhook' and enabled and deleted_at is null
      and ${event} = any(events) ${integrationId ? sql`and id = ${integrationId}` : sql``}
    returning id`);
  const ids = rows.rows.map((r) => r.id);
  if (boss && ids.length) await enqueue(boss, ids);
  return ids;
}

export async function enqueue(boss: () => Promise<PgBoss>, ids: string[]) {
  try {
    const b = await boss();
    for (const id of ids) await b.send(WEBHOOK_QUEUE, { id }, { ...WEBHOOK_RETRY, singletonKey: id });
  } catch {
    // The sweep queues pending deliveries again.
  }
}

async function checkTarget(url: string, allowPrivate: boolean) {
  if (allowPrivate) return;
  await publicAddresses(new URL(url).hostname, false);
}

/** `allowPrivate`: posting to loopback and private addresses is allowed (`FAMS_WEBHOOK_ALLOW_PRIVATE=1`). */
export interface WebhookOptions {
  allowPrivate?: boolean;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'gone';

/**
 * One attempt at a delivery: POST the event, signed, with a 10 s time-out. 2xx = delivered; else
 * the attempt is logged and the caller (the pg-boss worker) retries, until `final`, when the
 * delivery is failed. The integration's last run, status and error follow.
 */
export async function attempt(
  db: DbOrTx,
  box: Secrets,
  id: string,
  final: boolean,
  opts: WebhookOptions = {},
): Promise<DeliveryOutcome> {
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
  if (!d || d.status !== 'pending' || !d.url) return 'gone';
  const body = JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), data: d.payload });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let status: number | null = null;
  let error: string | null = null;
  try {
    await checkTarget(d.url, opts.allowPrivate ?? false);
    const res = await fetch(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'FAMS-Webhooks/1',
        'x-fams-event': d.event,
        'x-fams-delivery': d.id,
        'x-fams-timestamp': timestamp,
        ...(d.secretSealed ? { 'x-fams-signature': signature(box.open(d.secretSealed), timestamp, body) } : {}),
      },
      body,
    });
    status = res.status;
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) error = `HTTP ${res.status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const outcome: DeliveryOutcome = !error ? 'delivered' : final ? 'failed' : 'retry';
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: status,
      lastError: error?.slice(0, 500) ?? null,
      ...(outcome === 'delivered' ? { status: 'delivered', deliveredAt: sql`now()` } : {}),
      ...(outcome === 'failed' ? { status: 'failed' } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
  await db
    .update(integrations)
    .set({
      lastRunAt: sql`now()`,
      lastStatus: outcome === 'delivered' ? 'ok' : 'error',
      ...(error ? { lastError: `${d.event}: ${error}`.slice(0, 500) } : {}),
    })
    .where(and(eq(integrations.accountId, d.accountId), eq(integrations.id, d.integrationId)));
  return outcome;
}
