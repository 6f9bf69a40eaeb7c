import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '../../../src/contract/list';
import { badRequest } from '../errors';

/**
 * Streams a list's filtered set as CSV or XLSX while it is read a chunk at a time, so memory stays
 * flat however many rows there are. Columns are the row's field names, so an exported file can be
 * imported again. Arrays of plain values are joined with ` | `; nested objects are written as JSON.
 */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Cell = string | number | boolean | null;

export function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return v.join(' | ');
  return JSON.stringify(v);
}

/** Spreadsheet apps run cells starting with = + - @ as formulas; text like that is prefixed with '. */
function csvText(c: Cell): string {
  if (c === null) return '';
  let s = String(c);
  if (typeof c === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The columns to write: `columns=a,b` (checked against the row's fields) or every field, business fields first. */
export function exportColumns(allFields: readonly string[], meta: readonly string[], requested?: string): string[] {
  if (!requested) return [...allFields.filter((f) => !meta.includes(f)), ...allFields.filter((f) => meta.includes(f))];
  const cols = requested.split(',').map((c) => c.trim()).filter(Boolean);
  const unknown = cols.filter((c) => !allFields.includes(c));
  if (unknown.length) throw badRequest(`Unknown columns: ${unknown.join(', ')}.`, { columns: [`Columns: ${allFields.join(', ')}`] });
  return cols;
}

export function exportFileName(base: string, format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '_').replace(':', '');
  return `${base}-${stamp}.${format}`;
}

export function csvStream(columns: string[], chunks: AsyncIterable<Record<string, unknown>[]>): Readable {
  async function* lines() {
    // A BOM so spreadsheet apps read the file as UTF-8.
    yield `\uFEFF${columns.map((c) => csvText(c)).join(',')}\r\n`;
    for await (const rows of chunks) {
      if (rows.length) yield rows.map((r) => columns.map((c) => csvText(cellOf(r[c]))).join(',')).join('\r\n') + '\r\n';
    }
  }
  return Readable.from(lines());
}

export function xlsxStream(sheetName: string, columns: string[], chunks: AsyncIterable<Record<string, unknown>[]>): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c, key: c, width: Math.min(40, Math.max(10, c.length + 2)) }));
  ws.getRow(1).font = { bold: true };
  (async () => {
    for await (const rows of chunks) {
      for (const r of rows) ws.addRow(columns.map((c) => cellOf(r[c]))).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
