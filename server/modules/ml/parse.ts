import { ML_FIELDS, ML_MAX_ROWS, type MlKind } from '../../../src/contract/ml';
import { fieldError } from '../../lib/resource';
import { norm } from '../imports/mapping';
import { readHeader, type SheetRow } from '../imports/reader';
import type { DispenseRow, ReadingRow } from './score';

/** Reasons kept on the report for skipped rows (the count covers them all). */
const MAX_REASONS = 20;

export interface Parsed<T> {
  rows: T[];
  read: number;
  skipped: number;
  reasons: string[];
}

/**
 * The file's columns for the kind, by header (the imports' matching: name, label or alias without
 * case or punctuation). A missing required column is 422 `bad_columns` naming it and the headers found.
 */
export function columnsFor(kind: MlKind, header: readonly string[]): Record<string, number> {
  const at = new Map(header.map((h, i) => [norm(h), i] as const));
  const out: Record<string, number> = {};
  const missing: Record<string, string[]> = {};
  for (const f of ML_FIELDS[kind]) {
    const i = [f.name, f.label, ...f.aliases].map(norm).find((n) => at.has(n));
    if (i !== undefined) out[f.name] = at.get(i)!;
    else if (f.required)
      missing[`columns.${f.name}`] = [
        `No column for ${f.label} (headers found: ${header.slice(0, 12).join(', ') || 'none'})`,
      ];
  }
  if (Object.keys(missing).length)
    throw fieldError('bad_columns', missing, `The file lacks columns for ${kind}: see which below.`);
  return out;
}

/** A number as spreadsheets write it: `1234.5`, `1 234,5`, `1,234.5`. */
export function numberOf(text: string): number | null {
  let s = text.trim().replace(/[\s\u00a0']/g, '');
  if (!s) return null;
  if (s.includes(',') && !s.includes('.')) s = s.replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(s)) return NaN;
  return Number(s);
}

/**
 * A time as the file gives it: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` or ISO with `T`; `DD/MM/YYYY`
 * [HH:MM]. Read as a wall clock (no zone: history files carry the site's local time); `ms` orders
 * rows and measures the windows.
 */
export function timeOf(text: string): { at: string; ms: number } | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  const dmy = iso ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!iso && !dmy) return null;
  const [y, mo, d, h, mi, se] = iso
    ? iso.slice(1, 7)
    : [dmy![3], dmy![2].padStart(2, '0'), dmy![1].padStart(2, '0'), dmy![4]?.padStart(2, '0'), dmy![5], dmy![6]];
  const day = `${y}-${mo}-${d}`;
  const at = h === undefined ? day : `${day}T${h}:${mi}:${se ?? '00'}`;
  const full = h === undefined ? `${day}T00:00:00` : at;
  const ms = Date.parse(`${full}Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 19) !== full) return null;
  if (Number(y) < 2000 || Number(y) > 2199) return null;
  return { at, ms };
}

const hoursWords = new Set(['h', 'hr', 'hrs', 'hour', 'hours', 'hourmeter']);

async function collect<T>(
  rows: AsyncGenerator<SheetRow>,
  kind: MlKind,
  build: (cell: (name: string) => string, row: number) => T | string,
): Promise<Parsed<T>> {
  const header = await readHeader(rows);
  if (!header) throw fieldError('bad_columns', { file: ['The file is empty'] }, 'The file is empty.');
  const cols = columnsFor(kind, header);
  const out: Parsed<T> = { rows: [], read: 0, skipped: 0, reasons: [] };
  for await (const r of rows) {
    if (++out.read > ML_MAX_ROWS)
      throw fieldError(
        'too_many_rows',
        { file: [`At most ${ML_MAX_ROWS} rows`] },
        `The file has more than ${ML_MAX_ROWS} rows.`,
      );
    const cell = (name: string) => (cols[name] === undefined ? '' : (r.cells[cols[name]] ?? '').trim());
    const built = build(cell, r.row);
    if (typeof built === 'string') {
      out.skipped++;
      if (out.reasons.length < MAX_REASONS) out.reasons.push(`Row ${r.row}: ${built}`);
    } else out.rows.push(built);
  }
  return out;
}

export function parseDispenses(rows: AsyncGenerator<SheetRow>): Promise<Parsed<DispenseRow>> {
  return collect<DispenseRow>(rows, 'dispenses', (cell, row) => {
    const equipment = cell('equipment');
    const t = timeOf(cell('at'));
    const litres = numberOf(cell('litres'));
    const meter = numberOf(cell('meter'));
    if (!equipment) return 'no equipment';
    if (!t) return `“${cell('at')}” is not a date and time`;
    if (litres === null || !Number.isFinite(litres) || litres <= 0) return `“${cell('litres')}” is not a volume`;
    if (meter !== null && !Number.isFinite(meter)) return `“${cell('meter')}” is not a meter reading`;
    const meterType = hoursWords.has(norm(cell('meterType'))) ? 'hours' : 'km';
    return { row, equipment, product: cell('product'), ...t, litres, meter, meterType };
  });
}

export function parseReadings(rows: AsyncGenerator<SheetRow>): Promise<Parsed<ReadingRow>> {
  return collect<ReadingRow>(rows, 'readings', (cell, row) => {
    const tank = cell('tank');
    const t = timeOf(cell('at'));
    const volume = numberOf(cell('volume'));
    const deliveries = numberOf(cell('deliveries')) ?? 0;
    const dispensed = numberOf(cell('dispensed')) ?? 0;
    if (!tank) return 'no tank';
    if (!t) return `“${cell('at')}” is not a date`;
    if (volume === null || !Number.isFinite(volume) || volume < 0) return `“${cell('volume')}” is not a volume`;
    if (!Number.isFinite(deliveries) || !Number.isFinite(dispensed)) return 'deliveries or dispensed is not a number';
    return { row, tank, ...t, volume, deliveries, dispensed };
  });
}
