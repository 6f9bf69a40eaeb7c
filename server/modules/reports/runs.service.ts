import type PgBoss from 'pg-boss';
import { ReportParams } from '../../../src/contract/reports';
import { RECENT_RUNS, RUN_FILE_DAYS, type RunStart, type RunView } from '../../../src/contract/report-runs';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { BossProvider } from '../../lib/jobs';
import type { Actor } from '../../lib/resource';
import { reportFile } from './report-files';
import { foreignFilters } from './report-filters.repository';
import { reportsService } from './reports.service';
import { runsRepository, type NewRun } from './runs.repository';

/** The pg-boss queue of report runs: a job is `{ runId }`; the run's row says the rest. */
export const RUN_QUEUE = 'report-run';

/** The queue exists once per boss (pg-boss 10 refuses jobs for a queue it does not know). */
const queues = new WeakSet<PgBoss>();
export async function sendRun(boss: PgBoss, runId: string) {
  if (!queues.has(boss)) {
    await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 0, expireInSeconds: 3600 });
    queues.add(boss);
  }
  // The key keeps a resent run (the tick's sweep) from queueing twice; the claim makes it run once anyway.
  await boss.send(RUN_QUEUE, { runId }, { singletonKey: runId });
}

/** Largest file a run may write (a 20,000-row PDF is about 1 MiB). */
const MAX_RUN_FILE_BYTES = 1 << 30;

/** What a finished run hands on (a scheduled run mails its file). */
export interface FinishedRun {
  view: RunView;
  accountId: number;
  scheduleId: string | null;
  /** The stored file; `read` loads its bytes (a mail attachment is sent whole). */
  file: { name: string; contentType: string; size: number; read: () => Promise<Buffer> };
}

/** Who reads runs: `all` (a history reader) sees every run of the account, others their own. */
export type RunReader = Actor & { all: boolean };
const ownerFilter = (actor: RunReader) => (actor.all ? undefined : actor.userId);

/**
 * Report runs into files (ADR 033): `queue` writes the run's row and sends its job; `execute` (the
 * job) claims the row once, runs the report, writes the file into the file store with its progress
 * on the row, and marks it done or failed.
 */
export function runsService(db: DbOrTx, files: FileStore, now: () => Date = () => new Date()) {
  const repo = runsRepository(db);
  const reports = reportsService(db, now);
  return {
    repo,

    async queue(boss: BossProvider, run: NewRun): Promise<string | null> {
      const id = await repo.insert(run);
      if (id) await sendRun(await boss(), id);
      return id;
    },

    async start(actor: Actor, input: Omit<RunStart, 'params'> & { params: ReportParams }, boss: BossProvider) {
      // A report the account does not offer, or a custom one not for this user, does not exist for it (ADR 035, 045).
      await reports.assertRunnable(actor.accountId, input.report, actor);
      // Another account's store (or tank…) is refused now, not by a failed run later (ADR 074).
      const foreign = await foreignFilters(db, actor.accountId, ReportParams.parse(input.params));
      if (foreign) throw badRequest('The report parameters are not valid.', foreign);
      const id = await this.queue(boss, {
        accountId: actor.accountId,
        userId: actor.userId,
        reportId: input.report,
        params: input.params as Record<string, unknown>,
        format: input.format,
        trigger: 'manual',
      });
      return (await repo.get(actor.accountId, id!))!.view;
    },

    async get(actor: RunReader, id: string): Promise<RunView> {
      const r = await repo.get(actor.accountId, id, ownerFilter(actor));
      if (!r) throw notFound('There is no such run.');
      return r.view;
    },

    recent: (actor: Actor) => repo.recent(actor.accountId, actor.userId, RECENT_RUNS),

    /** The run's file; 410 once the nightly prune has removed it, 409 before the run is done. */
    async file(actor: RunReader, id: string) {
      const r = await repo.get(actor.accountId, id, ownerFilter(actor));
      if (!r) throw notFound('There is no such run.');
      if (r.row.status !== 'done') throw new AppError(409, 'run_not_done', 'The run has not finished yet.');
      const data = r.row.fileKey ? await files.get(actor.accountId, r.row.fileKey) : null;
      if (!data)
        throw new AppError(410, 'file_removed', `Files of runs are kept ${RUN_FILE_DAYS} days; run the report again.`);
      return { data, name: r.row.fileName ?? `${r.row.reportId}.${r.row.format}`, format: r.row.format };
    },

    async execute(id: string): Promise<FinishedRun | null> {
      const row = await repo.claim(id);
      if (!row) return null;
      try {
        const result = await reports.run(row.accountId, row.reportId, ReportParams.parse(row.params));
        let file;
        try {
          const heading = await reports.heading(result);
          await repo.resolved(id, {
            periodFrom: result.run.from,
            periodTo: result.run.to,
            parameters: heading.parameters,
            rowsTotal: result.run.rowCount,
          });
          const logo = heading.logoFile ? await files.get(row.accountId, heading.logoFile) : null;
          file = reportFile(result, row.format, { ...heading, logo }, (n) => repo.progress(id, n), now());
        } catch (e) {
          await result.close();
          throw e;
        }
        // Written as it is made, rows read from the cursor as the store takes the bytes (ADR 058).
        const fileKey = `reports/${id}/${file.fileName}`;
        const stored = await files.putStream(row.accountId, fileKey, file.stream, MAX_RUN_FILE_BYTES);
        await repo.finish(id, {
          status: 'done',
          rowCount: result.run.rowCount,
          fileKey,
          fileName: file.fileName,
          fileSize: stored.size,
        });
        return {
          view: (await repo.get(row.accountId, id))!.view,
          accountId: row.accountId,
          scheduleId: row.scheduleId,
          file: {
            name: file.fileName,
            contentType: file.contentType,
            size: stored.size,
            read: async () => (await files.get(row.accountId, fileKey)) ?? Buffer.alloc(0),
          },
        };
      } catch (err) {
        await repo.finish(id, { status: 'failed', error: err instanceof Error ? err.message : String(err) });
        throw err;
      }
    },

    /** Removes files older than RUN_FILE_DAYS (the rows stay, without a file). */
    async prune(): Promise<number> {
      const before = new Date(now().getTime() - RUN_FILE_DAYS * 86_400_000);
      let removed = 0;
      for (;;) {
        const batch = await repo.expiredFiles(before);
        if (!batch.length) return removed;
        for (const f of batch) await files.removePrefix(f.accountId, `reports/${f.id}`);
        await repo.filesRemoved(batch.map((f) => f.id));
        removed += batch.length;
      }
    },
  };
}
