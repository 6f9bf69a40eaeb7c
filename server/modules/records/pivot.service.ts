import {
  DIMENSION_LABELS,
  MAX_PIVOT_CELLS,
  MEASURE_LABELS,
  pivotCellsOk,
  roundMeasure,
  type PivotDimension,
  type PivotQuery,
  type PivotResult,
} from '../../../src/contract/records';
import type { DbOrTx } from '../../db/client';
import { unprocessable } from '../../lib/errors';
import { pivotRepository, type PivotFigure } from './pivot.repository';

type Parsed = Omit<PivotQuery, 'measure'> & { measure: NonNullable<PivotQuery['measure']> };

const TIME: readonly PivotDimension[] = ['day', 'week', 'month'];
const NONE = '(none)';

/**
 * `/QuickPivot`: dispenses by a row and a column dimension. The database does the arithmetic in
 * one GROUP BY with grouping sets (cells and every total at once, so the totals are exact sums
 * and never re-added from rounded cells); this service only names and orders the headers and
 * lays the figures out as a grid.
 */
export function pivotService(db: DbOrTx) {
  const repo = pivotRepository(db);

  async function headers(dimension: PivotDimension, accountId: number, keys: (string | null)[]) {
    const labels = TIME.includes(dimension)
      ? new Map<string, string>()
      : await repo.labels(
          dimension,
          accountId,
          keys.filter((k): k is string => k !== null),
        );
    const out = keys.map((key) => ({
      key,
      label: key === null ? NONE : (labels.get(key) ?? (TIME.includes(dimension) ? key : '(deleted)')),
    }));
    // Time keys sort as text; names sort by what the user reads, "(none)" last.
    return out.sort((a, b) =>
      a.key === null
        ? 1
        : b.key === null
          ? -1
          : TIME.includes(dimension)
            ? a.key.localeCompare(b.key)
            : a.label.localeCompare(b.label),
    );
  }

  return {
    async pivot(accountId: number, q: Parsed): Promise<PivotResult> {
      const cols = q.cols ?? null;
      const figures = await repo.figures(q.rows, cols, q.measure, {
        accountId,
        from: q.from,
        to: q.to,
        storeId: q.storeId,
        productId: q.productId,
      });
      const of = (g: number) => figures.filter((f) => f.g === g);
      // Row totals (g 1) list every row key once; column totals (g 2) every column key.
      const rowKeys = (cols ? of(1) : of(0)).map((f) => f.r);
      const colKeys = cols ? of(2).map((f) => f.c) : [];
      const cells = rowKeys.length * Math.max(colKeys.length, 1);
      if (!pivotCellsOk(rowKeys.length, colKeys.length)) {
        throw unprocessable(
          'too_many_cells',
          `This pivot would have ${rowKeys.length.toLocaleString('en')} rows × ${Math.max(colKeys.length, 1).toLocaleString('en')} columns = ${cells.toLocaleString('en')} cells; at most ${MAX_PIVOT_CELLS.toLocaleString('en')} are shown. Narrow the date range or the filters, or choose coarser rows or columns (e.g. month instead of day).`,
          { cols: ['Too many cells: choose a coarser dimension or narrow the filters'] },
        );
      }
      const value = (f: PivotFigure | undefined) => (f ? roundMeasure(q.measure, Number(f.v)) : null);
      const rows = await headers(q.rows, accountId, rowKeys);
      const colHeaders = cols ? await headers(cols, accountId, colKeys) : [];
      const cellMap = new Map(of(0).map((f) => [`${f.r}\u0000${f.c}`, f]));
      const rowTotal = new Map((cols ? of(1) : of(0)).map((f) => [f.r, f]));
      const colTotal = new Map(of(2).map((f) => [f.c, f]));
      return {
        measure: q.measure,
        rowDimension: q.rows,
        colDimension: cols,
        rows,
        cols: colHeaders,
        cells: cols
          ? rows.map((r) => colHeaders.map((c) => value(cellMap.get(`${r.key}\u0000${c.key}`))))
          : rows.map(() => []),
        rowTotals: rows.map((r) => value(rowTotal.get(r.key)) ?? 0),
        colTotals: colHeaders.map((c) => value(colTotal.get(c.key)) ?? 0),
        grand: value(of(3)[0]) ?? 0,
      };
    },
  };
}
export type PivotService = ReturnType<typeof pivotService>;

/** The pivot as a flat table for CSV/XLSX: one line per row, a column per column key, totals last. */
export function pivotTable(p: PivotResult): { columns: string[]; rows: Record<string, string | number | null>[] } {
  const first = DIMENSION_LABELS[p.rowDimension];
  const used = new Set([first, 'Total']);
  const colNames = p.cols.map((c) => {
    let name = c.label;
    for (let i = 2; used.has(name); i++) name = `${c.label} (${i})`;
    used.add(name);
    return name;
  });
  const total = p.cols.length ? 'Total' : MEASURE_LABELS[p.measure];
  const rows = p.rows.map((r, i) => ({
    [first]: r.label,
    ...Object.fromEntries(colNames.map((n, j) => [n, p.cells[i][j]])),
    [total]: p.rowTotals[i],
  }));
  rows.push({ [first]: 'Total', ...Object.fromEntries(colNames.map((n, j) => [n, p.colTotals[j]])), [total]: p.grand });
  return { columns: [first, ...colNames, total], rows };
}
