import ExcelJS from 'exceljs';
import fs from 'node:fs';
import Papa from 'papaparse';
import type { Duplex } from 'node:stream';
import { AppError, unprocessable } from '../../lib/errors';

/** One record of the file: `row` is its number as a spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface SheetReader {
  /** The header first, then every data row; blank rows are skipped but keep their numbers. */
  rows: AsyncGenerator<SheetRow>;
  /** Bytes of the file read so far (progress). */
  bytesRead(): number;
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Reads a CSV or XLSX file as a stream of rows: memory holds one buffer and the rows not yet
 * consumed, never the file. CSV: papaparse as a Node stream with back-pressure, the delimiter
 * guessed (`,` or `;` from spreadsheet exports), UTF-8 decoded across chunk edges. XLSX: the
 * first worksheet through exceljs' streaming reader (it keeps the shared-strings table in memory;
 * ADR 008).
 */
export function readSheet(file: string, format: 'csv' | 'xlsx'): SheetReader {
  const input = fs.createReadStream(
    file,
    format === 'csv' ? { encoding: 'utf8', highWaterMark: 64 * 1024 } : { highWaterMark: 64 * 1024 },
  );
  return { rows: format === 'csv' ? csvRows(input) : xlsxRows(input), bytesRead: () => input.bytesRead };
}

async function* csvRows(input: fs.ReadStream): AsyncGenerator<SheetRow> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false }) as Duplex;
  input.pipe(parser);
  input.on('error', (e) => parser.destroy(e));
  let n = 0;
  try {
    for await (const rec of parser as AsyncIterable<string[]>) {
      n++;
      if (n === 1 && rec[0]?.charCodeAt(0) === 0xfeff) rec[0] = rec[0].slice(1);
      if (!blank(rec)) yield { row: n, cells: rec };
    }
  } catch (e) {
    throw unreadable('csv', e);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/**
 * A cell value as the text a user typed: dates as YYYY-MM-DD (date-times YYYY-MM-DDTHH:MM:SS),
 * formulas as their result.
 */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) {
    // Workbook dates carry no zone (the library reads them as UTC): the wall-clock text, no `Z`,
    // so a history record's time is read as the store's time (ADR 037).
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, iso.endsWith('.000Z') ? 19 : 23);
  }
  if (typeof v === 'object') {
    const o = v as {
      richText?: { text: string }[];
      result?: unknown;
      text?: unknown;
      error?: string;
      formula?: string;
    };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o || o.formula) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    if (o.error) return '';
  }
  return String(v);
}

async function* xlsxRows(input: fs.ReadStream): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim());
        if (!blank(cells)) yield { row: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (e) {
    throw unreadable('xlsx', e);
  } finally {
    input.destroy();
  }
}

/**
 * A reader's failure as the 422 the uploader can act on: a damaged or cut-short file is the
 * sender's problem, never a server error (ADR 074). The zip or parser message stays in the cause.
 */
function unreadable(format: 'csv' | 'xlsx', cause: unknown) {
  if (cause instanceof AppError) return cause;
  const e = unprocessable(
    'unreadable',
    format === 'xlsx'
      ? 'The file could not be read as an XLSX workbook: it may be damaged or cut short. Save it again as .xlsx or CSV and upload that.'
      : 'The file could not be read as CSV text. Save it again as CSV (UTF-8) and upload that.',
  );
  e.cause = cause;
  return e;
}

/**
 * The header row, the reader positioned after it. Headers are the mapping's keys, so blanks are
 * named by position and repeats get a number (`Code`, `Code (2)`).
 */
export async function readHeader(rows: AsyncGenerator<SheetRow>): Promise<string[] | null> {
  const first = await rows.next();
  if (first.done) return null;
  const seen = new Map<string, number>();
  return first.value.cells.map((c, i) => {
    const name = c.trim() || `Column ${i + 1}`;
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
