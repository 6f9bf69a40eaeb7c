import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { satisfies } from '../../../src/contract/access';
import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_TARGET_INFO,
  isRecordTarget,
  type ImportJob,
  type ImportMapping,
  type ImportPreview,
  type ImportTarget,
  type PreviewRow,
  type UploadQuery,
} from '../../../src/contract/imports';
import type { Db } from '../../db/client';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { iso, type Actor } from '../../lib/resource';
import type { SetupServices } from '../setup/setup.services';
import type { ImportFiles } from './files';
import { importsRepository, type JobRow } from './imports.repository';
import { lookups } from './lookups';
import { checkMapping, suggestMapping } from './mapping';
import { readHeader, readSheet, type SheetRow } from './reader';
import type { ImportRunner } from './runner';
import { TARGETS } from './targets';
import { importChunk, type Outcome, type RowOutcome } from './upsert';
import { importRecordChunk } from './records/record-chunk';
import { RECORD_TARGETS } from './records/targets';

interface Deps {
  db: Db;
  files: ImportFiles;
  services: SetupServices;
  runner: ImportRunner;
}

type JobWithName = JobRow & { createdByName?: string | null };

/** The API view of a job row. */
export function toJob(j: JobWithName | Record<string, unknown>): ImportJob {
  const r = j as JobWithName;
  const progress =
    r.status === 'done' ? 100 : r.fileSize > 0 ? Math.min(99, Math.floor((r.bytesRead / r.fileSize) * 100)) : 0;
  return {
    id: r.id,
    target: r.target,
    fileName: r.fileName,
    fileSize: r.fileSize,
    format: r.format,
    status: r.status,
    columns: r.columns,
    mapping: r.mapping,
    rowsRead: r.rowsRead,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
    progress,
    errors: r.errors,
    message: r.message,
    createdBy: r.createdByName ?? null,
    createdAt: iso(r.createdAt),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  };
}

const PREVIEW_STATUS: Record<Outcome, PreviewRow['status']> = {
  created: 'create',
  updated: 'update',
  unchanged: 'unchanged',
  failed: 'error',
};

/** Thrown to roll a preview's dry run back after reading what it would do. */
class DryRun extends Error {}

/** Importing a target needs the rule of the target's own screen too (stores and tanks: admin, …). */
function checkTarget(actor: Actor, target: ImportTarget) {
  const info = IMPORT_TARGET_INFO[target];
  if (!satisfies(actor.roles, info.rule)) {
    throw new AppError(
      403,
      'forbidden',
      `Importing ${info.label.toLowerCase()} needs the ${info.rule} rule (as on ${info.screen}).`,
    );
  }
}

export function importsService({ db, files, services, runner }: Deps) {
  const repo = importsRepository(db);

  async function job(actor: Actor, id: string) {
    const j = await repo.get(actor, id);
    if (!j) throw notFound('No such import.');
    return j;
  }

  async function editable(actor: Actor, id: string) {
    const j = await job(actor, id);
    checkTarget(actor, j.target);
    if (j.status !== 'uploaded')
      throw new AppError(
        409,
        'already_run',
        'This import has already been run. Upload the file again to import it once more.',
      );
    return j;
  }

  /** The first data rows of a job's file. */
  async function firstRows(j: JobRow, n: number): Promise<SheetRow[]> {
    const reader = readSheet(files.upload(j.id), j.format);
    try {
      await readHeader(reader.rows);
      const rows: SheetRow[] = [];
      for await (const r of reader.rows) {
        rows.push(r);
        if (rows.length >= n) break;
      }
      return rows;
    } finally {
      await reader.rows.return(undefined);
    }
  }

  return {
    /** Refuses a target the user may not write before a byte of the body is read. */
    checkTarget,

    async upload(actor: Actor, q: UploadQuery, body: Readable): Promise<ImportJob> {
      checkTarget(actor, q.target);
      const id = crypto.randomUUID();
      const size = await files.save(id, body);
      try {
        const kind = await files.sniff(id);
        if (kind === 'xls')
          throw new AppError(
            415,
            'unsupported_file',
            'This is an old Excel workbook (.xls). Save it as .xlsx or as CSV and upload that.',
          );
        if (kind === 'binary')
          throw new AppError(
            415,
            'unsupported_file',
            'The file is neither CSV text nor an XLSX workbook. Save it as .xlsx or as CSV (UTF-8) and upload that.',
          );
        const format = kind;
        const reader = readSheet(files.upload(id), format);
        let columns: string[] | null;
        try {
          // A damaged file is the reader's 422 `unreadable` (reader.ts).
          columns = await readHeader(reader.rows);
        } finally {
          await reader.rows.return(undefined).catch(() => undefined);
        }
        if (!columns?.length)
          throw unprocessable('no_header', 'The file has no header row. The first row must name the columns.');
        await repo.insert({
          id,
          accountId: actor.accountId,
          createdBy: actor.userId,
          target: q.target,
          fileName: q.fileName,
          fileSize: size,
          format,
          columns,
          mapping: suggestMapping(q.target, columns),
        });
      } catch (e) {
        await files.remove(id);
        throw e;
      }
      return toJob((await repo.get(actor, id))!);
    },

    async get(actor: Actor, id: string): Promise<ImportJob> {
      return toJob(await job(actor, id));
    },

    /**
     * What the first rows would do: the real import pipeline inside a transaction that is rolled
     * back, so duplicates, unknown codes and tag clashes show exactly as the run would meet them.
     */
    async preview(actor: Actor, id: string, mapping: ImportMapping): Promise<ImportPreview> {
      const j = await editable(actor, id);
      const mapped = checkMapping(j.target, j.columns, mapping);
      await repo.setMapping(actor, id, mapping);
      const rows = await firstRows(j, IMPORT_PREVIEW_ROWS);
      const columnIndex = new Map(j.columns.map((c, i) => [c, i]));
      let outcomes: RowOutcome[] = [];
      if (isRecordTarget(j.target)) {
        // History records: conversion, references and the contract's validation, read-only (ADR 037).
        const rctx = { actor, target: RECORD_TARGETS[j.target], mapping: mapped, columnIndex, db };
        outcomes = await importRecordChunk(rctx, rows, 'preview');
      } else {
        const target = TARGETS[j.target];
        await db
          .transaction(async (tx) => {
            outcomes = await importChunk(
              {
                actor,
                target,
                svc: target.service(services),
                mapping: mapped,
                columnIndex,
                lookups: lookups(actor),
                log: () => undefined,
              },
              tx,
              rows,
            );
            throw new DryRun();
          })
          .catch((e) => {
            if (!(e instanceof DryRun)) throw e;
          });
      }
      return {
        job: toJob((await repo.get(actor, id))!),
        rows: outcomes.map((o) => ({
          row: o.row,
          status: PREVIEW_STATUS[o.status],
          key: o.key,
          values: o.values,
          errors: o.errors,
        })),
      };
    },

    /** Queues the job; the answer comes at once and the client polls `get`. */
    async run(actor: Actor, id: string, mapping: ImportMapping): Promise<ImportJob> {
      const j = await editable(actor, id);
      checkMapping(j.target, j.columns, mapping);
      if (!(await repo.claim(actor, id, mapping)))
        throw new AppError(409, 'already_run', 'This import has already been started.');
      const claimed = (await repo.get(actor, id))!;
      runner.enqueue(claimed, actor);
      return toJob(claimed);
    },

    /** The result report as a file stream; only once the job has finished. */
    async report(actor: Actor, id: string): Promise<{ stream: Readable; name: string }> {
      const j = await job(actor, id);
      if (j.status !== 'done' && j.status !== 'failed')
        throw new AppError(409, 'not_finished', 'The report is ready when the import has finished.');
      const file = files.report(j.id);
      if (!fs.existsSync(file))
        throw notFound('This import has no report (it stopped before the first rows were written).');
      return {
        stream: fs.createReadStream(file),
        name: `${j.fileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_')}-report.csv`,
      };
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;
