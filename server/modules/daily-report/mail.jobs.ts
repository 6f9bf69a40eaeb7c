import type { Logger } from 'pino';
import { satisfies } from '../../../src/contract/access';
import { screenFor } from '../../../src/contract/screens';
import type { Database } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { MailQueue } from '../../lib/mail-queue';
import { renderDailyReportMail } from './daily-report.mail';
import { dailyReportMailRepository } from './mail.repository';

export const DAILY_REPORT_MAIL_QUEUE = 'daily-report-mail';
/** Every 15 minutes: each subscriber's mail leaves within that of the mail hour in the account's zone. */
const CRON = '*/15 * * * *';

const rule = () => screenFor('/DailyReportofCall')!.rule;

/**
 * Queues every daily report mail that is due (ADR 032): for each subscriber whose account-local time
 * is past `DAILY_REPORT_MAIL_HOUR`, yesterday's report of their stores. Each mail is claimed in
 * `daily_report_mails` inside the transaction that queues it on the one mail queue (ADR 051), so a
 * user gets a day once however often (or on however many instances) the job runs, and the queue's
 * retries and `/Diagnostic`'s failed-mail list cover its delivery; a failure while rendering rolls its
 * claim back and the next run retries it, without holding up the others. Users whose roles no longer
 * open the screen get nothing. A server that was down in the morning catches up the same day.
 * Returns the number of mails queued.
 */
export async function sendDailyReports(database: Database, mailer: MailQueue, now = new Date(), log?: Logger) {
  let sent = 0;
  for (const due of await dailyReportMailRepository(database.db).due(now)) {
    if (due.noStoreLeft || !satisfies(due.roles, rule())) continue;
    try {
      const done = await database.db.transaction(async (tx) => {
        if (!(await dailyReportMailRepository(tx).claim(due.accountId, due.userId, due.day))) return false;
        // Read on the pool, not the claim's connection: the report's queries run side by side, and a
        // transaction's one connection takes one query at a time (pg 9 refuses more).
        const mail = await renderDailyReportMail(database.db, due.accountId, due.day, {
          user: { name: due.name },
          storeIds: due.storeIds,
          now,
        });
        await mailer.send({ to: due.email, ...mail }, tx);
        return true;
      });
      if (done) sent++;
    } catch (err) {
      log?.error({ err, accountId: due.accountId, userId: due.userId, day: due.day }, 'daily report mail failed');
    }
  }
  return sent;
}

/** Registers the morning mail on the server's one pg-boss (ADR 027's `jobs.cron`). */
export function registerDailyReportMail(jobs: Jobs, mailer: MailQueue) {
  jobs.cron(DAILY_REPORT_MAIL_QUEUE, CRON, () => sendDailyReports(jobs.database, mailer, new Date(), jobs.log), {
    runAtStart: true,
  });
}
