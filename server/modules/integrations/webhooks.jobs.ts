import { WEBHOOK_RETRY } from '../../../src/contract/integrations';
import type { Jobs } from '../../lib/jobs';
import type { Secrets } from '../../lib/secrets';
import { attempt, enqueue, WEBHOOK_QUEUE, type WebhookOptions } from './webhooks';
import { webhooksRepository } from './webhooks.repository';

/**
 * Webhook deliveries on the one pg-boss: a job per delivery (its id = the delivery's), retried with
 * exponential back-off (WEBHOOK_RETRY); the last attempt marks the delivery failed, and so does the
 * first refused as internal (ADR 071). A sweep every minute fails the pending deliveries of webhooks
 * deleted or switched off and queues those never attempted: written by the exceptions' trigger
 * (ADR 048) or whose job could not be queued. Queueing one already queued does nothing.
 */
export function registerWebhookJobs(jobs: Jobs, box: Secrets, opts: WebhookOptions = {}) {
  const db = jobs.database.db;
  jobs.onStart(async (boss) => {
    await boss.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, ...WEBHOOK_RETRY, expireInSeconds: 60 });
    await boss.work<{ id: string }>(WEBHOOK_QUEUE, { includeMetadata: true }, async ([job]) => {
      const final = job.retryCount >= WEBHOOK_RETRY.retryLimit;
      const outcome = await attempt(db, box, job.data.id, final, opts);
      if (outcome === 'retry') throw new Error('webhook delivery failed; retrying');
    });
  });
  jobs.cron('webhook-sweep', '* * * * *', async () => {
    await sweepWebhooks(jobs);
  });
}

/**
 * Fails the pending deliveries of webhooks deleted or switched off, then queues those never
 * attempted (up to 500 a run); answers how many were queued.
 */
export async function sweepWebhooks(jobs: Pick<Jobs, 'database' | 'boss'>): Promise<number> {
  const repo = webhooksRepository(jobs.database.db);
  await repo.cancelGone();
  const ids = await repo.unattempted(500);
  await enqueue(() => Promise.resolve(jobs.boss), ids);
  return ids.length;
}
