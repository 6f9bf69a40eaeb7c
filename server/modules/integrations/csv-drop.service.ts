import type PgBoss from 'pg-boss';
import { DATASETS, type DatasetId } from '../../../src/contract/datasets';
import { DROP_RETRY, type IntegrationSettings } from '../../../src/contract/integrations';
import { nextOccurrence } from '../../../src/contract/report-schedule';
import type { Db, DbOrTx } from '../../db/client';
import type { FileStore } from '../../lib/files';
import type { BossProvider } from '../../lib/jobs';
import { csvStream, type ExportColumn } from '../../lib/resource/export';
import { accountZone } from '../../lib/resource/zone';
import { csvDropRepository, type RunToExecute } from './csv-drop.repository';
import { dropPage } from './csv-drop.sql';

export const DROP_QUEUE = 'csv-drop';
/** One file's rows are read this many at a time. */
const PAGE = 5000;
/** A drop's file may not grow past this (the file store refuses it; the run fails with the reason). */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

/**
 * When a drop runs next after `after`: hourly at the top of each hour (UTC, so the same instant in
 * every zone with whole-hour offsets), daily at its time in the account's zone.
 */
export function nextDrop(s: IntegrationSettings, after: Date, timeZone: string): Date {
  if (s.frequency === 'daily')
    return nextOccurrence({ frequency: 'daily', atTime: s.atTime ?? '00:00' }, after, timeZone);
  return new Date((Math.floor(after.getTime() / 3_600_000) + 1) * 3_600_000);
}

/** The file store key of one dataset's file of a run: `drops/<folder>/<dataset>-<window end>.csv`. */
export function dropKey(folder: string, dataset: DatasetId, windowTo: string): string {
  const stamp = windowTo.replace(/[-:]/g, '').replace(/\.(\d{3})\d*Z$/, '$1Z');
  return `drops/${folder}/${dataset}-${stamp}.csv`;
}

/** The feed's CSV columns (ADR 041): declared titles, instants as exact ISO text in UTC. */
const columnsOf = (dataset: DatasetId): ExportColumn[] =>
  DATASETS[dataset].fields.map((f) => ({
    header: f.title,
    kind: f.kind === 'datetime' || f.kind === 'code' ? 'text' : f.kind,
    decimals: f.decimals,
    value: (r) => r[f.key],
  }));

/** Sends a run's job; its id is the run's, so sending it again is a no-op. */
export async function sendDrop(boss: PgBoss, ids: readonly string[]) {
  if (!ids.length) return;
  await boss.insert(ids.map((id) => ({ id, name: DROP_QUEUE, data: { runId: id }, ...DROP_RETRY })));
}

export type DropOutcome = 'done' | 'retry' | 'failed' | 'gone';

/**
 * CSV drops (ADR 057): the minute tick schedules and opens runs, a pg-boss job per run writes its
 * files, retried with back-off; "Run now" opens one at once.
 */
export function csvDropService(db: Db, files: FileStore) {
  const repo = csvDropRepository(db);

  /** Opens a run now, whatever the schedule; nothing when one is open already. */
  async function runNow(tx: DbOrTx, accountId: number, id: string): Promise<string | undefined> {
    return csvDropRepository(tx).open(accountId, id, 'manual');
  }

  /**
   * Every minute: schedules drops not yet scheduled, opens a run of each due drop and moves its
   * next run on (a server down for hours runs one drop, covering the whole gap), and (re)sends the
   * jobs of runs still queued. Answers the runs opened.
   */
  async function tick(boss: BossProvider, now = new Date()): Promise<string[]> {
    for (const d of await repo.unscheduled())
      await repo.schedule(d.id, nextDrop(d.settings, now, await accountZone(db, d.accountId)));
    const opened = await db.transaction(async (tx) => {
      const r = csvDropRepository(tx);
      const ids: string[] = [];
      for (const d of await r.due(100)) {
        const id = await r.open(d.accountId, d.id, 'scheduled');
        if (id) ids.push(id);
        const after = d.nextRunAt && d.nextRunAt > now ? d.nextRunAt : now;
        await r.schedule(d.id, nextDrop(d.settings, after, await accountZone(tx, d.accountId)));
      }
      return ids;
    });
    const stale = await repo.queued(120);
    const all = [...new Set([...opened, ...stale])];
    if (all.length) await sendDrop(await boss(), all);
    return opened;
  }

  /** Writes one dataset's file of the run; answers its rows. */
  async function writeFile(run: RunToExecute, dataset: DatasetId, key: string): Promise<number> {
    let rows = 0;
    async function* pages() {
      let after: { stored: string; id: string } | undefined;
      for (;;) {
        const page = await dropPage(db, {
          accountId: run.accountId,
          dataset,
          from: run.windowFrom,
          to: run.windowTo,
          limit: PAGE,
          after,
        });
        rows += page.length;
        yield page;
        if (page.length < PAGE) return;
        const last = page[page.length - 1];
        after = { stored: String(last._stored), id: String(last._id) };
      }
    }
    await files.putStream(run.accountId, key, csvStream(columnsOf(dataset), pages()), MAX_FILE_BYTES);
    return rows;
  }

  /**
   * One attempt at a run: one CSV per dataset into the folder (the same keys on every attempt, so a
   * retry overwrites a half-done drop), then the run done and the watermark moved in one
   * transaction. A failure is logged on the run and the integration; `final` fails the run.
   */
  async function execute(runId: string, final: boolean): Promise<DropOutcome> {
    const run = await repo.run(runId);
    if (!run || run.status !== 'queued') return 'gone';
    const s = run.settings;
    try {
      if (!s.folder || !s.datasets?.length) throw new Error('The drop has no folder or no dataset');
      let rows = 0;
      const keys: string[] = [];
      for (const dataset of s.datasets) {
        const key = dropKey(s.folder, dataset, run.windowTo);
        rows += await writeFile(run, dataset, key);
        keys.push(key);
      }
      await db.transaction((tx) => csvDropRepository(tx).finish(run, rows, keys));
      return 'done';
    } catch (e) {
      // A file system error names the server's paths: the admin sees its code only.
      const code = (e as NodeJS.ErrnoException).code;
      const message = code
        ? `The file could not be written to the folder (${code})`
        : e instanceof Error
          ? e.message
          : String(e);
      await repo.fail(run, message.slice(0, 500), final);
      return final ? 'failed' : 'retry';
    }
  }

  return { runNow, tick, execute, runs: repo.runs, liveFeedKey: repo.liveFeedKey };
}
