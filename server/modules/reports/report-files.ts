import type { Readable } from 'node:stream';
import { isCustomKey, subtotalColumn, type ReportFormat, type ReportLine } from '../../../src/contract/reports';
import { CONTENT_TYPES, csvStream, exportFileName, fromSpec, xlsxStream } from '../../lib/resource/export';
import { columnTitle, reportPdf, type ReportHeading } from './reports.pdf';
import type { ReportResult } from './reports.service';

/** Rows written between two progress reports of a run. */
const CHUNK = 500;

/**
 * Subtotal and total lines as file rows: the total's first column reads "Total", a subtotal's level
 * column "<value> subtotal" (outer levels keep their values); the figures stay typed numbers.
 */
function fileRow(decl: ReportResult['decl'], l: ReportLine): Record<string, unknown> {
  const first = decl.columns[0].key;
  if (l.kind === 'row') return l.values;
  if (l.kind === 'total') return { ...l.values, [first]: 'Total' };
  const by = subtotalColumn(decl, l) ?? first;
  return { ...l.values, [by]: `${String(l.values[by] ?? '')} subtotal`.trim() };
}

/** Bytes a file's reader may fall behind its writer before the writer waits (ADR 058). */
const BEHIND = 1 << 20;

/**
 * The run's lines as they come from its cursor, `CHUNK` at a time, with `progress` told the rows
 * written so far after each chunk and at the end (the run job stores it; the writer waits for it).
 * After each chunk it waits while the file's reader (`out()`) is more than `BEHIND` bytes behind, so
 * a slow reader (a download, the file store) holds back the cursor instead of the file piling up in
 * memory; a reader gone (destroyed) ends the lines, and so closes the cursor.
 */
async function* chunked<T>(
  lines: AsyncIterable<ReportLine>,
  map: (l: ReportLine) => T,
  out: () => Readable | undefined,
  progress?: (rowsWritten: number) => Promise<void> | void,
): AsyncGenerator<T[]> {
  let rows = 0;
  let chunk: T[] = [];
  const caughtUp = async () => {
    for (let s = out(); s && !s.destroyed && s.readableLength > BEHIND;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    return !out()?.destroyed;
  };
  for await (const l of lines) {
    chunk.push(map(l));
    if (l.kind === 'row' && ++rows % CHUNK === 0) {
      yield chunk;
      chunk = [];
      await progress?.(rows);
      if (!(await caughtUp())) return;
    }
  }
  if (chunk.length) yield chunk;
  await progress?.(rows);
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
 * direct download and the run job alike, written as the run's cursor is read (ADR 058). `progress` is
 * told the rows written so far, every `CHUNK` rows and at the end (the run job stores it).
 */
export function reportFile(
  r: ReportResult,
  format: ReportFormat,
  heading: ReportHeading,
  progress?: (rowsWritten: number) => Promise<void> | void,
  now = new Date(),
): ReportFile {
  const fileName = exportFileName(fileBase(r.decl), format, now);
  let stream: Readable | undefined;
  const out = () => stream;
  if (format === 'pdf') {
    async function* lines() {
      for await (const chunk of chunked(r.lines, (l) => l, out, progress)) yield* chunk;
    }
    stream = reportPdf(r, heading, lines());
    return { stream, contentType: 'application/pdf', fileName };
  }
  // Money columns name the account's currency in every format, as the PDF's do (ADR 080).
  const columns = r.decl.columns.map((c) => ({ ...c, title: columnTitle(c, heading.currency) })).flatMap(fromSpec);
  const chunks = chunked(r.lines, (l) => fileRow(r.decl, l), out, progress);
  stream = format === 'csv' ? csvStream(columns, chunks, r.zone) : xlsxStream(r.decl.title, columns, chunks, r.zone);
  return { stream, contentType: CONTENT_TYPES[format], fileName };
}
