import fs from 'node:fs';
import { once } from 'node:events';
import { IMPORT_MAX_LISTED_ERRORS, type RowError } from '../../../src/contract/imports';
import type { ChunkProgress } from './imports.repository';
import type { RowOutcome } from './upsert';

/** Spreadsheet apps run cells starting with = + - @ as formulas; such text is prefixed with '. */
function csvCell(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const REPORT_HEADER = ['row', 'status', 'key', 'column', 'message'];

/** The report's lines for one row: one per error, or one saying what happened. */
export function reportLines(o: RowOutcome): string {
  const lines = o.errors.length
    ? o.errors.map((e) => [o.row, o.status, o.key, e.column, e.message])
    : [[o.row, o.status, o.key, '', '']];
  return lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The result report (`row,status,key,column,message`), written a chunk at a time as rows finish. */
export async function reportWriter(file: string) {
  const out = fs.createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(`\uFEFF${REPORT_HEADER.join(',')}\r\n`);
  return {
    write: (rows: RowOutcome[]) => write(rows.map(reportLines).join('')),
    close: () =>
      new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve()))),
    abort: () => out.destroy(),
  };
}

/** A chunk's counts, and its errors while the job lists fewer than IMPORT_MAX_LISTED_ERRORS. */
export function tally(rows: RowOutcome[], listedSoFar: number, bytesRead: number): ChunkProgress {
  const p: ChunkProgress = {
    rows: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    bytesRead,
  };
  for (const r of rows) {
    p[r.status]++;
    for (const e of r.errors) {
      if (listedSoFar + p.errors.length < IMPORT_MAX_LISTED_ERRORS)
        p.errors.push({ row: r.row, column: e.column, message: e.message } satisfies RowError);
    }
  }
  return p;
}
