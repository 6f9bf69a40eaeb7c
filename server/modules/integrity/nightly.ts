import type { Jobs } from '../../lib/jobs';
import { dailyReportMailRepository } from '../daily-report/mail.repository';
import { notifyRepository } from '../exceptions/notify.repository';
import { runNightlyIntegrity } from './integrity.service';

const NIGHTLY_QUEUE = 'integrity-nightly';
/** Every 15 minutes: each account's run starts within that of 02:00 in its zone (once a day, ADR 029). */
const NIGHTLY_CRON = '*/15 * * * *';
/** How long the records of sent mail are kept (they only stop a mail going twice). */
export const SENT_MAIL_RETENTION_DAYS = 90;

/**
 * The account's nightly housekeeping after its integrity run: the records of exception mails,
 * digests and daily report mails older than the retention go (ADR 032). One indexed delete each.
 */
export async function pruneSentMail(db: Jobs['database']['db'], accountId: number, now: Date) {
  const before = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000);
  return (
    (await notifyRepository(db).pruneSent(accountId, before)) +
    (await dailyReportMailRepository(db).prune(accountId, before))
  );
}

/**
 * The nightly integrity runs as a pg-boss cron job on the server's one pg-boss (ADR 027). The body
 * is idempotent per account and local day (a unique index), so a restart or a second instance
 * never runs a day twice; a server that was down overnight catches up at start. Each tick also
 * marks interrupted runs as failed (ADR 032), so a crash never leaves one "Running".
 */
export function registerIntegrityNightly(jobs: Jobs) {
  const { db } = jobs.database;
  jobs.cron(
    NIGHTLY_QUEUE,
    NIGHTLY_CRON,
    () => {
      const now = new Date();
      return runNightlyIntegrity(db, now, jobs.log, (accountId) => pruneSentMail(db, accountId, now));
    },
    { runAtStart: true },
  );
}
