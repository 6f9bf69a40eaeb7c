import type PgBoss from 'pg-boss';
import { satisfies } from '../../../src/contract/access';
import { lastDigest, nextDigest } from '../../../src/contract/exception-rules';
import { EXCEPTION_LISTS, exceptionLabel } from '../../../src/contract/exceptions';
import { screenFor } from '../../../src/contract/screens';
import type { Database } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { MailQueue } from '../../lib/mail-queue';
import { notifyRepository, type MailLine } from './notify.repository';

/**
 * Exception e-mail (ADR 027), always from pg-boss jobs, never inline where exceptions are raised:
 *  - `exception-mail` (cron, every minute, singleton): every exception raised since a subscriber
 *    chose "immediately" and not mailed yet → one mail per user and account listing them;
 *  - `exception-digest-plan` (cron, every 10 min): per account with digest subscribers, queues
 *    `exception-digest` {accountId, day} for the next 07:00 in the account's zone (`startAfter`)
 *    and for the last one if it was missed; queue policy `short` keeps one queued job per
 *    account and day (singleton key);
 *  - `exception-digest`: the previous local day's new exceptions per subscriber, claimed in
 *    `exception_digests` so a day is never sent twice.
 * The mails themselves are queued on the one mail queue (`MailQueue.send(mail, tx)`, ADR 046) in
 * the transaction that claims them: a claim commits with its queued mail or not at all, and the
 * mail queue's retries and `/Diagnostic`'s failed-mail list cover them (ADR 051).
 * A user gets mail only while their roles still open `/Exceptions`.
 */
export const MAIL_QUEUE = 'exception-mail';
export const DIGEST_PLAN_QUEUE = 'exception-digest-plan';
export const DIGEST_QUEUE = 'exception-digest';

const rule = () => screenFor(EXCEPTION_LISTS.open.screen)!.rule;

const timeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const lineText = (l: MailLine) =>
  `- ${timeIn(l.raisedAt, l.timeZone)}  ${exceptionLabel(l.code)} (${l.severity})\n  ${l.message}`;

/** Lines grouped by (account, user), only for users whose roles still open the exceptions screen. */
function byRecipient(lines: MailLine[]): MailLine[][] {
  const groups = new Map<string, MailLine[]>();
  for (const l of lines) {
    if (!satisfies(l.roles, rule())) continue;
    const key = `${l.accountId}:${l.userId}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  return [...groups.values()];
}

/** Queues the immediate mails due now; returns how many mails were queued. */
export async function sendImmediateMails(database: Database, mailer: MailQueue): Promise<number> {
  return database.db.transaction(async (tx) => {
    const groups = byRecipient(await notifyRepository(tx).claimImmediate());
    for (const lines of groups) {
      const first = lines[0];
      await mailer.send(
        {
          to: first.email,
          subject:
            lines.length === 1
              ? `FAMS ${first.accountName}: ${exceptionLabel(first.code)}`
              : `FAMS ${first.accountName}: ${lines.length} new exceptions`,
          text: [
            `New exceptions in ${first.accountName} (times in ${first.timeZone}):`,
            '',
            ...lines.map(lineText),
            '',
            'Open FAMS → Exceptions to work them. You get this mail because you chose "Immediately" for these types.',
          ].join('\n'),
        },
        tx,
      );
    }
    return groups.length;
  });
}

/** Queues an account's digest of a local day (once); returns how many mails were queued. */
export async function sendDigest(
  database: Database,
  mailer: MailQueue,
  accountId: number,
  day: string,
): Promise<number> {
  return database.db.transaction(async (tx) => {
    const lines = await notifyRepository(tx).claimDigest(accountId, day);
    if (!lines) return 0;
    const groups = byRecipient(lines);
    for (const g of groups) {
      const first = g[0];
      await mailer.send(
        {
          to: first.email,
          subject: `FAMS ${first.accountName}: ${g.length} new exception${g.length === 1 ? '' : 's'} on ${day}`,
          text: [
            `Daily digest for ${day} (${first.timeZone}), ${first.accountName}:`,
            '',
            ...g.map(lineText),
            '',
            'Open FAMS → Exceptions to work them. You get this digest because you chose "Daily digest" for these types.',
          ].join('\n'),
        },
        tx,
      );
    }
    return groups.length;
  });
}

/** Queues each account's next digest (and a missed last one); returns how many sends were made. */
export async function planDigests(database: Database, boss: PgBoss, now = new Date()): Promise<number> {
  let sent = 0;
  for (const a of await notifyRepository(database.db).digestAccounts()) {
    const last = lastDigest(now, a.timeZone);
    const next = nextDigest(now, a.timeZone);
    const plans = [
      // A digest missed while no server ran (within a day) goes out now.
      ...(!a.sentDays.includes(last.day) && now.getTime() - last.at.getTime() < 86_400_000 ? [last] : []),
      next,
    ];
    for (const p of plans) {
      await boss.send(
        DIGEST_QUEUE,
        { accountId: a.accountId, day: p.day },
        { startAfter: p.at, singletonKey: `${a.accountId}:${p.day}` },
      );
      sent++;
    }
  }
  return sent;
}

/** Registers the mail jobs on the server's pg-boss. */
export function registerExceptionMailJobs(jobs: Jobs, mailer: MailQueue) {
  const { database, log } = jobs;
  jobs.cron(MAIL_QUEUE, '* * * * *', () => sendImmediateMails(database, mailer), { expireInSeconds: 300 });
  jobs.cron(DIGEST_PLAN_QUEUE, '*/10 * * * *', async () => void (await planDigests(database, jobs.boss)), {
    runAtStart: true,
    expireInSeconds: 300,
  });
  jobs.onStart(async (boss) => {
    // `short`: one queued job per singleton key (account and day), however often it is planned.
    await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: 'short', retryLimit: 3, retryDelay: 300 });
    await boss.work<{ accountId: number; day: string }>(DIGEST_QUEUE, async ([job]) => {
      const n = await sendDigest(database, mailer, job.data.accountId, job.data.day);
      if (n) log.info({ accountId: job.data.accountId, day: job.data.day, mails: n }, 'exception digest sent');
    });
  });
}
