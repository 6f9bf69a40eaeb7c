import { sql } from 'drizzle-orm';
import { WEBHOOK_RETRY } from '../../../src/contract/integrations';
import type { Jobs } from '../../lib/jobs';
import type { Secrets } from '../../lib/secrets';
import { attempt, enqueue, WEBHOOK_QUEUE, type WebhookOptions } from './webhooks';

/**
 * Webhook deliveries on the one pg-boss: a job per delivery, retried with exponential back-off
 * (WEBHOOK_RETRY); the last attempt marks the delivery failed. A sweep every 5 minutes queues
 * deliveries never attempted after 5 minutes (their job could not be queued at emit time); one
 * that has been attempted is in pg-boss's retries already.
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
  jobs.cron('webhook-sweep', '*/5 * * * *', async () => {
    const res = await db.execute<{ id: string }>(sql`select id from webhook_deliveries
      where status = 'pending' and attempts = 0 and created_at < now() - interval '5 minutes' limit 500`);
    await enqueue(
      () => Promise.resolve(jobs.boss),
      res.rows.map((r) => r.id),
    );
    return res.rows.length;
  });
}
