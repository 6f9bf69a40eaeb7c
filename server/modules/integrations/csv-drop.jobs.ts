import { DROP_RETRY } from '../../../src/contract/integrations';
import type { FileStore } from '../../lib/files';
import type { Jobs } from '../../lib/jobs';
import { csvDropService, DROP_QUEUE } from './csv-drop.service';

/**
 * CSV drops on the one pg-boss (ADR 057): a job per run (its id = the run's), retried with
 * back-off (DROP_RETRY), the last attempt failing the run; a tick every minute opens the due runs.
 */
export function registerCsvDropJobs(jobs: Jobs, files: FileStore) {
  const drops = csvDropService(jobs.database.db, files);
  jobs.onStart(async (boss) => {
    await boss.createQueue(DROP_QUEUE, { name: DROP_QUEUE, ...DROP_RETRY, expireInSeconds: 1800 });
    await boss.work<{ runId: string }>(DROP_QUEUE, { includeMetadata: true }, async ([job]) => {
      const outcome = await drops.execute(job.data.runId, job.retryCount >= DROP_RETRY.retryLimit);
      if (outcome === 'retry') throw new Error('CSV drop failed; retrying');
    });
  });
  jobs.cron('csv-drop-tick', '* * * * *', async () => (await drops.tick(() => Promise.resolve(jobs.boss))).length);
}
