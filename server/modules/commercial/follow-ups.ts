import { quoteLabel } from '../../../src/contract/commercial/quotations';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Jobs } from '../../lib/jobs';
import type { MailQueue } from '../../lib/mail-queue';
import { followUpsRepository } from './follow-ups.repository';
import { ENTITY } from './quotations.service';

/** Reminders and expiries handled per run; the next hourly run takes the rest. */
const BATCH = 500;
export const FOLLOW_UP_JOB = 'commercial-quote-follow-ups';

/**
 * The hourly quotation sweep (ADR 049), one pg-boss cron over every account:
 * - a sent quotation past its validity date is stored as `expired` (it already *reads* expired, ADR 039;
 *   storing it keeps the audit log and exports honest), audited as done by the system;
 * - a sent quotation unanswered for the account's follow-up days gets a reminder, e-mailed to its owner
 *   (who created it) through the mail queue, then one every `followUpEveryDays`, at most `followUpMax`
 *   (ADR 059), unless its reminders are turned off. Reminder n+1 is claimed by a conditional update
 *   (`reminder_count = n`) in the mail's own transaction, so two runs (two instances, a retried job)
 *   never mail the same reminder twice.
 */
export function quoteFollowUps(db: Db, mailer: MailQueue, publicUrl?: string) {
  async function expire(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await followUpsRepository(tx).expireOverdue(BATCH);
      for (const r of rows)
        await audit(tx, {
          accountId: r.accountId,
          userId: null,
          action: 'expire',
          entity: ENTITY,
          entityId: r.id,
          before: { status: 'sent' },
          after: { status: 'expired', by: 'validity date passed' },
        });
      return rows.length;
    });
  }

  async function remind(): Promise<number> {
    const due = await followUpsRepository(db).due(BATCH);
    let sent = 0;
    for (const d of due) {
      const done = await db.transaction(async (tx) => {
        const repo = followUpsRepository(tx);
        const row = await repo.lockForReminder(d.accountId, d.id, d.count);
        // Nobody to remind (the creator is gone): it stays due on the screen; nothing is mailed.
        if (!row?.email) return false;
        if (!(await repo.markReminded(d.accountId, d.id, d.count)).length) return false;
        const n = d.count + 1;
        // Absolute: the configured origin (ADR 074), else the one stored when the quotation was sent (ADR 059).
        const origin = publicUrl ?? row.sentOrigin ?? '';
        const label = quoteLabel(row);
        const customer = row.customer ?? 'the customer';
        await mailer.send(
          {
            to: row.email,
            subject: `Follow up quotation ${label} (${customer})${n > 1 ? `: reminder ${n}` : ''}`,
            text: [
              `Hello ${row.owner},`,
              '',
              `Quotation ${label} to ${customer} was sent on ${row.sentAt?.toISOString().slice(0, 10)}` +
                ` to ${row.sentTo ?? customer} and has had no answer for ${row.days} days or more.`,
              `It is valid until ${row.validUntil}. A call now may win it.`,
              '',
              `Quotations due for follow-up: ${origin}/quotations?f.followUp=due`,
              '',
              row.account,
            ].join('\n'),
          },
          tx,
        );
        await audit(tx, {
          accountId: d.accountId,
          userId: null,
          action: 'follow_up_reminder',
          entity: ENTITY,
          entityId: d.id,
          after: { to: row.email, reminder: n },
        });
        return true;
      });
      if (done) sent++;
    }
    return sent;
  }

  return {
    expire,
    remind,
    /** One run: expiries first, so an expired quotation is never reminded. */
    async run() {
      const expired = await expire();
      const reminded = await remind();
      return expired + reminded;
    },
  };
}

/** Hourly on one instance (pg-boss singleton cron); also once shortly after start. */
export function registerQuoteFollowUps(jobs: Jobs, mailer: MailQueue, publicUrl?: string) {
  const sweep = quoteFollowUps(jobs.database.db, mailer, publicUrl);
  jobs.cron(FOLLOW_UP_JOB, '17 * * * *', sweep.run, { runAtStart: true, expireInSeconds: 600 });
}
