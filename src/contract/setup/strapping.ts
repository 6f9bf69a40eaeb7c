import { z } from 'zod';
import { atScale } from '../safe-input';
import { litres } from './fields';

export { volumeAtHeight } from './strapping-volume';

/**
 * Strapping chart (calibration table): dip height in mm → volume in litres. Shared by the tank
 * form (row editor and pasted CSV), the import, and the server.
 */
export const MAX_STRAPPING_ROWS = 2000;

export const StrappingPoint = z.strictObject({
  heightMm: atScale(
    z.number({ error: 'Height must be a number' }).min(0, 'Must be 0 or more').max(100_000, 'At most 100 000 mm'),
    'Height',
    1,
  ),
  litres: litres('Litres'),
});
export type StrappingPoint = z.infer<typeof StrappingPoint>;

export const StrappingChart = z.array(StrappingPoint).max(MAX_STRAPPING_ROWS, `At most ${MAX_STRAPPING_ROWS} rows`);

export interface ChartIssue {
  /** Relative to the chart: `[3, 'litres']` is row 3's litres; `[]` the chart as a whole. */
  path: (string | number)[];
  message: string;
}

/**
 * The rules of a usable chart: at least 2 rows, heights strictly increasing, volumes never
 * decreasing, the last volume not above the tank's capacity. Each issue names the offending row.
 */
export function strappingChartIssues(rows: readonly StrappingPoint[], capacity?: number | null): ChartIssue[] {
  const issues: ChartIssue[] = [];
  if (rows.length === 0) return issues;
  if (rows.length < 2) issues.push({ path: [], message: 'A strapping chart needs at least 2 rows' });
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1];
    const row = rows[i];
    if (!(row.heightMm > prev.heightMm)) {
      issues.push({
        path: [i, 'heightMm'],
        message: `Height must be greater than the row above (${prev.heightMm} mm)`,
      });
    }
    if (row.litres < prev.litres) {
      issues.push({ path: [i, 'litres'], message: `Volume must not be less than the row above (${prev.litres} L)` });
    }
  }
  const last = rows.length - 1;
  if (capacity != null && rows[last].litres > capacity) {
    issues.push({ path: [last, 'litres'], message: `The last volume must not exceed the capacity (${capacity} L)` });
  }
  return issues;
}

export interface StrappingCsvResult {
  rows: StrappingPoint[];
  /** 1-based line numbers of the pasted text. */
  errors: { line: number; message: string }[];
}

/** A number written with a decimal point or (when `;` or tab separates) a decimal comma. */
function parseNumber(cell: string, commaDecimal: boolean): number | null {
  let s = cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\s/g, '');
  if (commaDecimal) s = s.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  return Number(s);
}

/**
 * Parses pasted `height,litres` lines (separator `,`, `;` or tab; a header line is optional;
 * blank lines are skipped). Rows that parse are returned; the others are reported by line. The
 * result still needs `strappingChartIssues` for the ordering rules.
 */
export function parseStrappingCsv(text: string): StrappingCsvResult {
  const rows: StrappingPoint[] = [];
  const errors: StrappingCsvResult['errors'] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let sawData = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const sep = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
    const cells = line.split(sep).map((c) => c.trim());
    while (cells.length > 2 && cells[cells.length - 1] === '') cells.pop();
    const commaDecimal = sep !== ',';
    const h = cells.length === 2 ? parseNumber(cells[0], commaDecimal) : null;
    const v = cells.length === 2 ? parseNumber(cells[1], commaDecimal) : null;
    if (!sawData && h === null && v === null && cells.every((c) => /[a-z]/i.test(c))) return; // header
    sawData = true;
    if (cells.length !== 2) {
      errors.push({ line: i + 1, message: `Expected 2 values (height, litres), found ${cells.length}` });
      return;
    }
    if (h === null) {
      errors.push({ line: i + 1, message: `Height "${cells[0]}" is not a number` });
      return;
    }
    if (v === null) {
      errors.push({ line: i + 1, message: `Litres "${cells[1]}" is not a number` });
      return;
    }
    const point = StrappingPoint.safeParse({ heightMm: h, litres: v });
    if (!point.success) {
      errors.push({
        line: i + 1,
        message: point.error.issues.map((x) => `${String(x.path[0])}: ${x.message}`).join('; '),
      });
      return;
    }
    rows.push(point.data);
  });
  if (rows.length > MAX_STRAPPING_ROWS) errors.push({ line: 0, message: `At most ${MAX_STRAPPING_ROWS} rows` });
  return { rows, errors };
}
