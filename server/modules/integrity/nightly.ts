import type { Jobs } from '../../lib/jobs';
import { runNightlyIntegrity } from './integrity.service';

const NIGHTLY_QUEUE = 'integrity-nightly';
/** Every 15 minutes: each account's run starts within that of 02:00 in its zone (once a day, ADR 029). */
const NIGHTLY_CRON = '*/15 * * * *';

/**
 * The nightly integrity runs as a pg-boss cron job on the server's one pg-boss (ADR 027). The body
 * is idempotent per account and local day (a unique index), so a restart or a second instance
 * never runs a day twice; a server that was down overnight catches up at start.
 */
export function registerIntegrityNightly(jobs: Jobs) {
  jobs.cron(NIGHTLY_QUEUE, NIGHTLY_CRON, () => runNightlyIntegrity(jobs.database.db, new Date(), jobs.log), {
    runAtStart: true,
  });
}
