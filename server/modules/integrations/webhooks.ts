import crypto from 'node:crypto';
import type PgBoss from 'pg-boss';
import { WEBHOOK_RETRY, type WebhookEvent } from '../../../src/contract/integrations';
import type { DbOrTx } from '../../db/client';
import type { BossProvider } from '../../lib/jobs';
import { executorOf } from '../../lib/mail-queue';
import { OutboundError, outboundFetch } from '../../lib/outbound';
import type { Secrets } from '../../lib/secrets';
import { webhooksRepository } from './webhooks.repository';

export const WEBHOOK_QUEUE = 'webhook-delivery';
const TIMEOUT_MS = 10_000;

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<body>"): what a receiver recomputes. */
export const signature = (secret: string, timestamp: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Queues one pg-boss job per delivery, the job's id being the delivery's: queueing again is a no-op
 * (pg-boss inserts `on conflict do nothing`), so the sweep may re-queue freely. With `tx` the jobs
 * are inserted in the caller's transaction (they commit with the deliveries); a queue that does not
 * exist yet inserts nothing (pg-boss joins its queue table) and the sweep queues them later.
 * A boss that cannot be reached leaves them `pending` for the sweep too.
 */
export async function enqueue(boss: BossProvider, ids: readonly string[], tx?: DbOrTx) {
  if (!ids.length) return;
  let b: PgBoss;
  try {
    b = await boss();
  } catch {
    return;
  }
  const jobs = ids.map((id) => ({ id, name: WEBHOOK_QUEUE, data: { id }, ...WEBHOOK_RETRY }));
  // In a savepoint: a failing job insert must not undo the caller's change (the sweep queues it).
  if (tx) await tx.transaction((sp) => b.insert(jobs, { db: executorOf(sp) })).catch(() => undefined);
  else await b.insert(jobs).catch(() => undefined);
}

/** What the modules that raise events are given (ADR 048). */
export interface WebhookEmitter {
  /**
   * One delivery per payload and subscribed webhook of the account, in the caller's transaction:
   * one small query when no webhook is subscribed, else one insert for all the payloads and one
   * for their jobs. Answers the deliveries' ids.
   */
  emit(
    tx: DbOrTx,
    accountId: number,
    event: WebhookEvent,
    payloads: readonly Record<string, unknown>[],
    /** Only this integration (a ping). */
    integrationId?: string,
  ): Promise<string[]>;
  /**
   * `emit` for webhooks the caller already read (`subscribedSql`, in a query of its own, earlier in
   * the same transaction): no query when there are none (ADR 055).
   */
  emitTo(
    tx: DbOrTx,
    accountId: number,
    event: WebhookEvent,
    hooks: readonly string[],
    payloads: readonly Record<string, unknown>[],
  ): Promise<string[]>;
}

export function webhookEmitter(boss: BossProvider): WebhookEmitter {
  return {
    async emit(tx, accountId, event, payloads, integrationId) {
      if (!payloads.length) return [];
      const repo = webhooksRepository(tx);
      const hooks = await repo.subscribed(accountId, event, integrationId);
      return this.emitTo(tx, accountId, event, hooks, payloads);
    },
    async emitTo(tx, accountId, event, hooks, payloads) {
      if (!hooks.length || !payloads.length) return [];
      const ids = await webhooksRepository(tx).insert(accountId, event, hooks, payloads);
      await enqueue(boss, ids, tx);
      return ids;
    },
  };
}

/**
 * `allowPrivate`: posting to loopback, private and other internal addresses is allowed
 * (`FAMS_WEBHOOK_ALLOW_PRIVATE=1`: tests, demo, on-premises receivers; ADR 071).
 */
export interface WebhookOptions {
  allowPrivate?: boolean;
}

/** `cancelled`: its integration was deleted or switched off; it is failed and never retried. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'gone' | 'cancelled';

/** Why a pending delivery will not be sent: its integration is gone, switched off or no webhook now. */
export function cancelReason(i: { deletedAt: Date | null; enabled: boolean; type: string; url: string | null }) {
  if (i.deletedAt) return 'integration deleted';
  if (!i.enabled) return 'integration disabled';
  if (i.type !== 'webhook' || !i.url) return 'integration is not a webhook';
  return null;
}

/**
 * One attempt at a delivery: POST the event, signed, through the guarded client (ADR 071: public
 * addresses only, resolved once, no redirects, 10 s). 2xx = delivered; a target refused as internal
 * was never contacted and is failed at once; else the attempt is logged and the caller (the
 * pg-boss worker) retries, until `final`, when the delivery is failed. A delivery whose integration
 * was deleted or switched off is failed without a request (`cancelled`). The integration's last
 * run, status and error follow.
 */
export async function attempt(
  db: DbOrTx,
  box: Secrets,
  id: string,
  final: boolean,
  opts: WebhookOptions = {},
): Promise<DeliveryOutcome> {
  const repo = webhooksRepository(db);
  const d = await repo.forAttempt(id);
  if (!d || d.status !== 'pending') return 'gone';
  const cancelled = cancelReason(d);
  if (cancelled || !d.url) {
    await repo.cancel(d.id, cancelled ?? 'integration is not a webhook');
    return 'cancelled';
  }
  const body = JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), data: d.payload });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let status: number | null = null;
  let error: string | null = null;
  let hopeless = false;
  try {
    const res = await outboundFetch(
      d.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'FAMS-Webhooks/1',
          'x-fams-event': d.event,
          'x-fams-delivery': d.id,
          'x-fams-timestamp': timestamp,
          ...(d.secretSealed ? { 'x-fams-signature': signature(box.open(d.secretSealed), timestamp, body) } : {}),
        },
        body,
      },
      { allowPrivate: opts.allowPrivate ?? false, timeoutMs: TIMEOUT_MS },
    );
    status = res.status;
    if (!res.ok) error = `HTTP ${res.status}`;
  } catch (e) {
    if (e instanceof OutboundError) {
      // A refused target says only that: never a status, a port or what did (not) answer there.
      error = e.message;
      status = e.status ?? null;
      hopeless = e.final;
    } else error = e instanceof Error ? e.message : String(e);
  }
  const outcome = !error ? 'delivered' : final || hopeless ? 'failed' : 'retry';
  await repo.recordAttempt(d, outcome, status, error);
  return outcome;
}
