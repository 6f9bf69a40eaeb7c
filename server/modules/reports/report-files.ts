import type { Readable } from 'node:stream';
import { isCustomKey, subtotalColumn, type ReportFormat, type ReportLine } from '../../../src/contract/reports';
import { CONTENT_TYPES, csvStream, exportFileName, fromSpec, xlsxStream } from '../../lib/resource/export';
import { reportPdf } from './reports.pdf';
import type { ReportResult } from './reports.service';

/** Lines written between two progress reports of a run. */
const CHUNK = 500;

/**
 * Subtotal and total lines as file rows: the total's first column reads "Total", a subtotal's level
 * column "<value> subtotal" (outer levels keep their values); the figures stay typed numbers.
 */
function fileRows(r: ReportResult): Record<string, unknown>[] {
  const first = r.decl.columns[0].key;
  return r.lines.map((l: ReportLine) => {
    if (l.kind === 'row') return l.values;
    if (l.kind === 'total') return { ...l.values, [first]: 'Total' };
    const by = subtotalColumn(r.decl, l) ?? first;
    return { ...l.values, [by]: `${String(l.values[by] ?? '')} subtotal`.trim() };
  });
}

/** A standard report's id, or a custom report's title as a file-name slug (its key has a colon). */
const fileBase = (d: ReportResult['decl']) =>
  isCustomKey(d.id)
    ? d.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'custom-report'
    : d.id;

export interface ReportFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/**
 * One run as a file — CSV and XLSX through the lists' writers, PDF through pdf-table — for the
 * direct download and the run job alike. `progress` is told the lines written so far, every
 * `CHUNK` lines and at the end (the run job stores it; the writers wait for it).
 */
export function reportFile(
  r: ReportResult,
  format: ReportFormat,
  heading: { account: string; parameters: string; logo?: Buffer | null },
  progress?: (linesWritten: number) => Promise<void> | void,
  now = new Date(),
): ReportFile {
  const fileName = exportFileName(fileBase(r.decl), format, now);
  if (format === 'pdf') {
    const all = r.lines;
    async function* lines() {
      for (let i = 0; i < all.length; i += CHUNK) {
        yield* all.slice(i, i + CHUNK);
        await progress?.(Math.min(all.length, i + CHUNK));
      }
      if (!all.length) await progress?.(0);
    }
    return {
      stream: reportPdf(r, heading, lines()),
      contentType: 'application/pdf',
      fileName,
    };
  }
  const rows = fileRows(r);
  async function* chunks() {
    for (let i = 0; i < rows.length; i += CHUNK) {
      yield rows.slice(i, i + CHUNK);
      await progress?.(Math.min(rows.length, i + CHUNK));
    }
    if (!rows.length) await progress?.(0);
  }
  const columns = r.decl.columns.flatMap(fromSpec);
  return {
    stream:
      format === 'csv' ? csvStream(columns, chunks(), r.zone) : xlsxStream(r.decl.title, columns, chunks(), r.zone),
    contentType: CONTENT_TYPES[format],
    fileName,
  };
}

/** The bytes of a stream (a run's file goes to the file store whole). */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(parts);
}
