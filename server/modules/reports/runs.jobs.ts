import type { FileStore } from '../../lib/files';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { RUN_QUEUE, runsService } from './runs.service';
import { schedulesService } from './schedules.service';

const TICK_QUEUE = 'report-schedule-tick';
const PRUNE_QUEUE = 'report-files-prune';

/**
 * The report jobs on the server's one pg-boss (ADR 033): the run worker (a scheduled run mails its
 * file), the minute tick that claims due schedule occurrences, and the nightly prune of files
 * older than 90 days.
 */
export function registerReportJobs(jobs: Jobs, deps: { files: FileStore; mailer: Mailer }) {
  const { database, log } = jobs;
  const runs = runsService(database.db, deps.files);
  const schedules = schedulesService(database.db);
  const boss = () => Promise.resolve(jobs.boss);
  jobs.onStart(async (b) => {
    await b.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 0, expireInSeconds: 3600 });
    await b.work<{ runId: string }>(RUN_QUEUE, async ([job]) => {
      const done = await runs.execute(job.data.runId);
      if (!done?.scheduleId) return;
      try {
        const sent = await schedules.mail(deps.mailer, done);
        log.info({ runId: job.data.runId, mails: sent }, 'scheduled report mailed');
      } catch (err) {
        await runs.repo.finish(job.data.runId, {
          status: 'failed',
          error: `The file was written but could not be mailed: ${err instanceof Error ? err.message : String(err)}`,
        });
        throw err;
      }
    });
  });
  jobs.cron(TICK_QUEUE, '* * * * *', () => schedules.tick(boss), { expireInSeconds: 300 });
  jobs.cron(PRUNE_QUEUE, '17 3 * * *', () => runs.prune(), { runAtStart: true });
}
