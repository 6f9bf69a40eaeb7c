import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/resource';
import type { SetupServices } from '../setup/setup.services';
import type { ImportFiles } from './files';
import { importsRepository, type JobRow } from './imports.repository';
import { lookups } from './lookups';
import { checkMapping } from './mapping';
import { readHeader, readSheet, type SheetRow } from './reader';
import { reportWriter, tally } from './report';
import { TARGETS } from './targets';
import type { ImportContext } from './context';
import { importChunk, stable, type RowOutcome } from './upsert';
import { isRecordTarget } from '../../../src/contract/imports';
import { importRecordChunk, type RecordContext } from './records/record-chunk';
import { RECORD_TARGETS } from './records/targets';

/** Rows per transaction: big enough to amortise the commit, small enough to keep memory flat. */
export const CHUNK_ROWS = 500;
/** Imports one process runs at once; more wait as `queued` (each holds a pooled connection while it writes). */
const MAX_RUNNING = 2;
const HEARTBEAT_MS = 10_000;
/** A job whose heartbeat is older than this is no longer held by any process. */
export const STALE_MS = 60_000;
export const STOPPED_MESSAGE =
  'The server stopped while this import was running. The rows counted here were imported; ' +
  'upload the file again to import the rest (rows already imported will be unchanged).';

interface Deps {
  db: Db;
  files: ImportFiles;
  services: SetupServices;
  log: FastifyBaseLogger;
  singleInstance: boolean;
}

/**
 * Runs imports in the background of this process (ADR 008: the import job row is its own queue;
 * pg-boss, used for gauge polling since ADR 009, could take it over). The job row is the truth: counts are committed
 * with each chunk, a heartbeat shows the
 * job is held, and a sweep fails jobs nobody holds any more (a crashed or killed server), at
 * start-up and every heartbeat.
 */
export function importRunner({ db, files, services, log, singleInstance }: Deps) {
  const queue: { job: JobRow; actor: Actor }[] = [];
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  const repo = () => importsRepository(db);

  const timer = setInterval(() => {
    void (async () => {
      await repo().heartbeat([...running.keys(), ...queue.map((q) => q.job.id)]);
      await repo().sweep(STALE_MS, STOPPED_MESSAGE);
    })().catch((err) => log.warn({ err }, 'import heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();

  type Count = (q: DbOrTx, outcomes: RowOutcome[]) => Promise<void>;

  /**
   * Writes one chunk and its counts, answering the rows' outcomes. Master data: one transaction for
   * the rows and the counts (upsert.ts). History records: one `ingestBatch` (its own transaction, as a
   * device's batch), the counts right after it (ADR 037).
   */
  function chunkWriter(job: JobRow, actor: Actor, header: string[], count: Count) {
    const mapping = checkMapping(job.target, job.columns, job.mapping);
    const columnIndex = new Map(header.map((h, i) => [h, i]));
    if (isRecordTarget(job.target)) {
      const rctx: RecordContext = { actor, target: RECORD_TARGETS[job.target], mapping, columnIndex, db };
      return async (chunk: SheetRow[]) => {
        const o = await importRecordChunk(rctx, chunk, 'run');
        await count(db, o);
        return o;
      };
    }
    const target = TARGETS[job.target];
    const ctx: ImportContext = {
      actor,
      target,
      svc: target.service(services),
      mapping,
      columnIndex,
      lookups: lookups(actor),
      log: (err, row) => log.error({ err, job: job.id, row }, 'import row failed unexpectedly'),
    };
    return (chunk: SheetRow[]) =>
      db.transaction(async (tx) => {
        const o = await importChunk(ctx, tx, chunk);
        await count(tx, o);
        return o;
      });
  }

  async function execute(job: JobRow, actor: Actor) {
    await repo().start(job.id);
    const reader = readSheet(files.upload(job.id), job.format);
    const header = await readHeader(reader.rows);
    if (!header || stable(header) !== stable(job.columns))
      throw new Error('The file no longer has the columns it was uploaded with.');
    const report = await reportWriter(files.report(job.id));
    const totals = { rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0, listed: 0 };
    const write = chunkWriter(job, actor, header, async (q, o) => {
      const p = tally(o, totals.listed, reader.bytesRead());
      await importsRepository(q).progress(job.id, p);
      for (const k of ['rows', 'created', 'updated', 'unchanged', 'failed'] as const) totals[k] += p[k];
      totals.listed += p.errors.length;
    });
    const flush = async (chunk: SheetRow[]) => report.write(await write(chunk));
    try {
      let chunk: SheetRow[] = [];
      for await (const row of reader.rows) {
        chunk.push(row);
        if (chunk.length < CHUNK_ROWS) continue;
        await flush(chunk);
        chunk = [];
        if (stopping) throw new Error(STOPPED_MESSAGE);
      }
      if (chunk.length) await flush(chunk);
      await report.close();
    } catch (e) {
      report.abort();
      throw e;
    }
    await db.transaction(async (tx) => {
      const r = importsRepository(tx);
      await r.finish(job.id, 'done', null, job.fileSize);
      const { listed: _l, ...counts } = totals;
      await r.audit(actor, job.id, { target: job.target, fileName: job.fileName, ...counts });
    });
  }

  async function runOne(job: JobRow, actor: Actor) {
    try {
      await execute(job, actor);
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : 'The import failed.';
      if (message !== STOPPED_MESSAGE) log.error({ err: e, job: job.id }, 'import failed');
      await repo()
        .finish(job.id, 'failed', message)
        .catch((err) => log.error({ err }, 'could not mark the import failed'));
    }
  }

  function pump() {
    while (!stopping && running.size < MAX_RUNNING && queue.length) {
      const { job, actor } = queue.shift()!;
      running.set(
        job.id,
        runOne(job, actor).finally(() => {
          running.delete(job.id);
          pump();
        }),
      );
    }
  }

  return {
    /** Jobs a previous process left queued or running are failed (all of them when this server is the only one). */
    recover: () => repo().sweep(singleInstance ? 0 : STALE_MS, STOPPED_MESSAGE),
    enqueue(job: JobRow, actor: Actor) {
      queue.push({ job, actor });
      pump();
    },
    /** The job's promise while it runs here (tests and shutdown wait on it). */
    running: (id: string) => running.get(id),
    /** Stops after the chunk in hand; what was committed stays, the jobs are marked failed. */
    async close() {
      stopping = true;
      clearInterval(timer);
      await Promise.allSettled(running.values());
      for (const { job } of queue.splice(0))
        await repo()
          .finish(job.id, 'failed', STOPPED_MESSAGE)
          .catch(() => undefined);
    },
  };
}
export type ImportRunner = ReturnType<typeof importRunner>;
