import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import type { BossProvider, Jobs } from './jobs';
import type { Mail, Mailer } from './mailer';

/**
 * Mail leaves from a job (DESIGN §5a): a request queues the message on the one pg-boss and answers;
 * the `mail` worker hands it to the mailer (`.eml` files, or SMTP_URL), retried with exponential
 * back-off. After the last retry the job is `failed`, which `/Diagnostic` lists (ThebigBoss) with
 * its error and a Retry. Queued inside the change's transaction (`tx`), a rolled-back change
 * never mails; a job cannot be lost between the commit and the send either (ADR 046).
 */
export const MAIL_QUEUE = 'mail';
/** 6 tries over about 31 minutes (30 s, 1 min, 2, 4, 8, 16 min): an SMTP outage of minutes is ridden out. */
export const MAIL_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/** The one way the modules send mail: `send(mail, tx)` queues it in the caller's transaction. */
export interface MailQueue {
  send(mail: Mail, tx?: DbOrTx): Promise<void>;
}

/** A job's data: attachments as base64 (the job is JSON). */
interface MailJob extends Omit<Mail, 'attachments'> {
  attachments?: { filename: string; contentType: string; base64: string }[];
}

const toJob = (m: Mail): MailJob => ({
  ...m,
  attachments: m.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    base64: a.content.toString('base64'),
  })),
});
const fromJob = (j: MailJob): Mail => ({
  ...j,
  attachments: j.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.base64, 'base64'),
  })),
});

/**
 * pg-boss's SQL (`$1`… placeholders) run through a Drizzle transaction: the job is inserted on the
 * transaction's connection, so it commits or rolls back with the change.
 */
export function executorOf(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((p, i) => chunks.push(i % 2 ? sql`${sql.param(values[Number(p) - 1])}` : sql.raw(p)));
      const res = await tx.execute(sql.join(chunks));
      return { rows: res.rows };
    },
  };
}

const queues = new WeakSet<PgBoss>();
async function ensureQueue(boss: PgBoss, retry: PgBoss.RetryOptions = MAIL_RETRY) {
  if (queues.has(boss)) return;
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, ...retry, expireInSeconds: 120 });
  queues.add(boss);
}

export function mailQueue(boss: BossProvider): MailQueue {
  return {
    async send(mail, tx) {
      const b = await boss();
      // Outside the transaction: creating the queue is DDL-like bookkeeping, once per boss.
      await ensureQueue(b);
      await b.send(MAIL_QUEUE, toJob(mail), tx ? { db: executorOf(tx) } : {});
    },
  };
}

/** The worker: one mail per job; a failure is thrown so pg-boss retries it (the error names the mail). */
export function registerMailJobs(
  jobs: Jobs,
  mailer: Mailer,
  opts: { retry?: PgBoss.RetryOptions; pollingIntervalSeconds?: number } = {},
) {
  jobs.onStart(async (boss) => {
    await ensureQueue(boss, opts.retry ?? MAIL_RETRY);
    await boss.work<MailJob>(
      MAIL_QUEUE,
      { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        try {
          await mailer.send(fromJob(job.data));
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          jobs.log.warn({ err, to: job.data.to }, 'mail not sent; pg-boss retries it');
          throw new Error(`Mail to ${job.data.to} ("${job.data.subject}") could not be sent: ${reason}`);
        }
      },
    );
  });
}
