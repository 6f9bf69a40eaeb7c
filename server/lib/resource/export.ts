import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import {
  decimalsOf,
  humanize,
  labelOf,
  listItems,
  nameTitle,
  yesNo,
  type ColumnKind,
  type ColumnSpec,
} from '../../../src/contract/columns';
import type { ExportFormat } from '../../../src/contract/list';
import { badRequest } from '../errors';

/**
 * Streams a list's filtered set as CSV or XLSX while it is read a chunk at a time, so memory stays
 * flat however many rows there are. Columns come from the list's declared columns
 * (`src/contract/columns.ts`, the same the screen's table shows, ADR 023): the header is the
 * column's title, a code is followed by its name, litres and money have fixed decimals, instants
 * are written as local times of the export's time zone (XLSX: real date cells with a date format).
 */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Cell = string | number | boolean | null;

/** How one column of a file is written. */
export interface ExportColumn {
  header: string;
  /** `auto`: a field no list declares; an ISO instant still becomes a local time. */
  kind: ColumnKind | 'auto';
  decimals?: number;
  value: (row: Record<string, unknown>) => unknown;
  /** Date-times on the row's own clock (store-local screens): the row's zone. */
  zone?: (row: Record<string, unknown>) => unknown;
}

export function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x)))
    return v.join(' | ');
  return JSON.stringify(v);
}

/** An export column of a declared column (its name column is a second one). */
export function fromSpec(c: ColumnSpec): ExportColumn[] {
  const cols: ExportColumn[] = [
    {
      header: c.title,
      kind: c.kind,
      decimals: decimalsOf(c),
      value:
        c.kind === 'enum'
          ? (r) => (r[c.key] === null || r[c.key] === undefined ? null : labelOf(c, r[c.key], r))
          : c.kind === 'list' && c.labels
            ? (r) => (Array.isArray(r[c.key]) ? listItems(c, r[c.key] as unknown[]) : r[c.key])
            : (r) => r[c.key],
      zone: c.zone ? (r) => r[c.zone!] : undefined,
    },
  ];
  if (c.kind === 'code' && c.name) cols.push({ header: nameTitle(c.title), kind: 'text', value: (r) => r[c.name!] });
  return cols;
}

/** A column the export writes by name and shape (pivot grids, day tables). */
export const plainColumn = (
  key: string,
  header = key,
  kind: ExportColumn['kind'] = 'auto',
  decimals?: number,
): ExportColumn => ({ header, kind, decimals, value: (r) => r[key] });

/**
 * The columns to write. `requested` (`columns=a,b`, the table's visible columns in their order)
 * names declared columns or other row fields; without it, every declared column. A list that
 * declares no columns writes its row fields with readable titles (business fields first).
 */
export function exportColumns(
  specs: readonly ColumnSpec[] | undefined,
  allFields: readonly string[],
  meta: readonly string[],
  requested?: string,
): ExportColumn[] {
  const byKey = new Map((specs ?? []).map((c) => [c.key, c]));
  const known = new Set([...allFields, ...byKey.keys()]);
  const fallback = (k: string): ExportColumn[] => [plainColumn(k, humanize(k))];
  const of = (k: string) => {
    const s = byKey.get(k);
    return s ? fromSpec(s) : fallback(k);
  };
  if (!requested) {
    if (specs?.length) return specs.flatMap(fromSpec);
    return [...allFields.filter((f) => !meta.includes(f)), ...allFields.filter((f) => meta.includes(f))].flatMap(
      fallback,
    );
  }
  const cols = requested
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = cols.filter((c) => !known.has(c));
  if (unknown.length)
    throw badRequest(`Unknown columns: ${unknown.join(', ')}.`, { columns: [`Columns: ${[...known].join(', ')}`] });
  return cols.flatMap(of);
}

export function exportFileName(base: string, format: ExportFormat | 'pdf', now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '_').replace(':', '');
  return `${base}-${stamp}.${format}`;
}

/** The zone exports write local times in: a valid IANA name, else 400. */
export function checkZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw badRequest(`"${zone}" is not a time zone.`, { tz: ['An IANA time zone, e.g. Africa/Johannesburg'] });
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

type Wall = (at: Date, zone?: unknown) => Date;

/**
 * Wall-clock time of an instant in the export's zone (or a row's own, when the column says so),
 * as a Date whose UTC fields are that wall time: what a spreadsheet date cell holds.
 */
export function wallClocks(zone: string): Wall {
  const clocks = new Map<string, (at: Date) => Date>();
  const of = (z: string) => {
    let f = clocks.get(z);
    if (!f) {
      try {
        f = wallClock(z);
      } catch {
        f = wallClock(zone);
      }
      clocks.set(z, f);
    }
    return f;
  };
  return (at, rowZone) => of(typeof rowZone === 'string' && rowZone ? rowZone : zone)(at);
}

export function wallClock(zone: string): (at: Date) => Date {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at) => {
    const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
    return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const wallText = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

type Typed =
  | { t: 'text'; v: string }
  | { t: 'number'; v: number; decimals?: number }
  | { t: 'datetime'; v: Date }
  | { t: 'date'; v: Date }
  | { t: 'empty' };

/** One cell, typed for either writer. */
function typed(col: ExportColumn, row: Record<string, unknown>, wall: Wall): Typed {
  const raw = col.value(row);
  if (raw === null || raw === undefined || raw === '') return { t: 'empty' };
  const kind = col.kind;
  if (
    kind === 'litres' ||
    kind === 'number' ||
    kind === 'money' ||
    kind === 'percent' ||
    (kind === 'auto' && typeof raw === 'number')
  ) {
    const n = typeof raw === 'number' ? raw : Number(raw);
    return Number.isFinite(n) ? { t: 'number', v: n, decimals: col.decimals } : { t: 'text', v: String(raw) };
  }
  if (typeof raw === 'boolean') return { t: 'text', v: yesNo(raw) };
  if (
    (kind === 'datetime' || kind === 'auto') &&
    (raw instanceof Date || (typeof raw === 'string' && ISO_INSTANT.test(raw)))
  ) {
    const at = raw instanceof Date ? raw : new Date(raw);
    if (!Number.isNaN(at.getTime())) return { t: 'datetime', v: wall(at, col.zone?.(row)) };
  }
  if (kind === 'date' && typeof raw === 'string') {
    const m = DAY.exec(raw);
    if (m) return { t: 'date', v: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) };
  }
  const c = cellOf(raw);
  return c === null ? { t: 'empty' } : { t: 'text', v: String(c) };
}

/** Spreadsheet apps run cells starting with = + - @ as formulas; text like that is prefixed with '. */
function csvText(s: string, guard: boolean): string {
  if (guard && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function csvCell(c: Typed): string {
  switch (c.t) {
    case 'empty':
      return '';
    // Plain digits and a point (no grouping): every spreadsheet app and script reads it as a number.
    case 'number':
      return c.decimals === undefined ? String(c.v) : c.v.toFixed(c.decimals);
    case 'datetime':
      return wallText(c.v);
    case 'date':
      return wallText(c.v).slice(0, 10);
    case 'text':
      return csvText(c.v, true);
  }
}

export function csvStream(
  columns: ExportColumn[],
  chunks: AsyncIterable<Record<string, unknown>[]>,
  zone = 'UTC',
): Readable {
  const wall = wallClocks(zone);
  async function* lines() {
    // A BOM so spreadsheet apps read the file as UTF-8.
    yield `\uFEFF${columns.map((c) => csvText(c.header, true)).join(',')}\r\n`;
    for await (const rows of chunks) {
      if (rows.length)
        yield rows.map((r) => columns.map((c) => csvCell(typed(c, r, wall))).join(',')).join('\r\n') + '\r\n';
    }
  }
  return Readable.from(lines());
}

const numFmt = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');
export const XLSX_DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd';

export function xlsxStream(
  sheetName: string,
  columns: ExportColumn[],
  chunks: AsyncIterable<Record<string, unknown>[]>,
  zone = 'UTC',
): Readable {
  const wall = wallClocks(zone);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.kind === 'datetime' ? 20 : Math.min(40, Math.max(10, c.header.length + 2)),
    style:
      c.kind === 'datetime'
        ? { numFmt: XLSX_DATETIME_FORMAT }
        : c.kind === 'date'
          ? { numFmt: XLSX_DATE_FORMAT }
          : c.decimals !== undefined
            ? { numFmt: numFmt(c.decimals) }
            : {},
  }));
  ws.getRow(1).font = { bold: true };
  (async () => {
    for await (const rows of chunks) {
      for (const r of rows) {
        const row = ws.addRow(
          columns.map((c) => {
            const t = typed(c, r, wall);
            return t.t === 'empty' ? null : t.v;
          }),
        );
        // A field no list declares can still hold an instant: give that cell a date format.
        columns.forEach((c, i) => {
          if (c.kind !== 'auto') return;
          const v = row.getCell(i + 1).value;
          if (v instanceof Date) row.getCell(i + 1).numFmt = XLSX_DATETIME_FORMAT;
        });
        row.commit();
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
