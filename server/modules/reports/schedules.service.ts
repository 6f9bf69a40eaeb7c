import { calendarText, nextOccurrence } from '../../../src/contract/report-schedule';
import type { ReportFormat } from '../../../src/contract/reports';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { resourceService, type Actor } from '../../lib/resource';
import { accountZone } from '../../lib/resource/zone';
import { runsRepository } from './runs.repository';
import type { BossProvider } from '../../lib/jobs';
import { sendRun, type FinishedRun } from './runs.service';
import { schedulesRepository } from './schedules.repository';
import { schedulesResource } from './schedules.resource';

/**
 * Schedules (ADR 033): the resource, "run now", the minute tick that claims due occurrences, and
 * the mail of a scheduled run's file. An occurrence is claimed by inserting its run with
 * `(schedule_id, occurrence)` unique, in the same transaction that moves `next_run_at` on, so a
 * second tick, another instance or a restart never runs it twice.
 */
export function schedulesService(db: Db) {
  const resource = resourceService(db, schedulesResource);
  const runs = runsRepository(db);
  const repo = schedulesRepository(db);
  return {
    ...resource,

    /** The account's users, by name (the form's recipients). */
    recipients: (accountId: number) => repo.recipients(accountId),

    async runNow(actor: Actor, id: string, boss: BossProvider) {
      const s = await resource.get(actor, id);
      const runId = await db.transaction(async (tx) => {
        const rid = await runsRepository(tx).insert({
          accountId: actor.accountId,
          userId: actor.userId,
          reportId: s.report,
          params: s.params,
          format: s.format,
          trigger: 'scheduled',
          scheduleId: s.id,
        });
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'run',
          entity: schedulesResource.info.entity,
          entityId: s.id,
          after: { runId: rid },
        });
        return rid!;
      });
      await sendRun(await boss(), runId);
      return (await runs.get(actor.accountId, runId))!.view;
    },

    /** Claims every due occurrence and queues its run; returns the runs queued. */
    async tick(boss: BossProvider, now = new Date()): Promise<number> {
      const queued = await db.transaction(async (tx) => {
        const claim = schedulesRepository(tx);
        const due = await claim.due(now);
        const ids: string[] = [];
        for (const s of due) {
          const id = await runsRepository(tx).insert({
            accountId: s.accountId,
            userId: null,
            reportId: s.reportId,
            params: s.params,
            format: s.format as ReportFormat,
            trigger: 'scheduled',
            scheduleId: s.id,
            occurrence: s.nextRunAt!,
          });
          if (id) ids.push(id);
          // Missed occurrences (a server down for days) are not caught up one by one: the next is after now.
          const after = s.nextRunAt!.getTime() > now.getTime() ? s.nextRunAt! : now;
          const next = nextOccurrence(s, after, await accountZone(tx, s.accountId));
          await claim.advance(s.id, next);
        }
        return ids;
      });
      const stale = await repo.staleQueuedRuns();
      await repo.failOverlongRuns();
      const b = queued.length || stale.length ? await boss() : null;
      for (const id of [...queued, ...stale]) await sendRun(b!, id);
      return queued.length;
    },

    /** Mails a scheduled run's file to its recipients: users and addresses still of the account's members. */
    async mail(mailer: Mailer, run: FinishedRun): Promise<number> {
      if (!run.scheduleId) return 0;
      const s = await repo.get(run.accountId, run.scheduleId);
      if (!s) throw notFound('The schedule of this run no longer exists.');
      // Addresses saved before ADR 074, or of people who left since, get nothing: members only.
      const to = await repo.recipientAddresses(run.accountId, s.recipientUserIds, s.recipientEmails);
      const zone = await accountZone(db, run.accountId);
      const v = run.view;
      const content = to.length ? await run.file.read() : Buffer.alloc(0);
      for (const address of to)
        await mailer.send({
          to: address,
          subject: `${v.title}: ${s.name}`,
          text: [
            `${v.title}`,
            v.parameters ?? '',
            `${v.rowCount ?? 0} rows; the file is attached (${run.file.name}).`,
            '',
            `Schedule "${s.name}": ${calendarText(s, zone)}.`,
            'Report schedules are managed on /ReportSchedule in FAMS.',
          ].join('\n'),
          attachments: [{ filename: run.file.name, content, contentType: run.file.contentType }],
        });
      return to.length;
    },
  };
}
