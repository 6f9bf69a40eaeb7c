import type { ColumnSpec } from './columns';
import type { ReportDeclaration } from './report-catalog';

/** How a report's rows become lines with subtotals and a total (issue 13, ADR 050), for the screen and the files. */

/** A line of a run: a row, a subtotal after a group, or the total. */
export interface ReportLine {
  kind: 'row' | 'subtotal' | 'total';
  values: Record<string, unknown>;
  /** A subtotal's grouping level: 0 the outermost (`subtotalBy[0]`), deeper levels nest inside it. */
  level?: number;
}

/**
 * Rows (sorted by the subtotal levels) → rows with subtotals and a total last. At each change of a
 * level's value (or of an outer level's) the groups from the innermost out to that level close: a
 * store → product report gets "D50 subtotal" lines inside each store and the store's subtotal after
 * them (an inner group of one row gets none: it would repeat the row). Sums are exact to the
 * declared decimals (litres 0.001 … summed in integers of the smallest unit), so a subtotal never
 * shows a float's tail. A report without sums gets no total line.
 */
export function withTotals(
  decl: Pick<ReportDeclaration, 'subtotalBy' | 'sums' | 'columns'>,
  rows: Iterable<Record<string, unknown>>,
): ReportLine[] {
  const t = totaller(decl);
  const lines: ReportLine[] = [];
  for (const r of rows) lines.push(...t.push(r));
  lines.push(...t.end());
  return lines;
}

/**
 * `withTotals` one row at a time (ADR 058): `push` gives the lines a row closes (subtotals of the groups
 * it ends, then the row), `end` the last subtotals and the total. Holds only the open groups' sums, so a
 * run read from a cursor is written with flat memory.
 */
export function totaller(decl: Pick<ReportDeclaration, 'subtotalBy' | 'sums' | 'columns'>) {
  if (!decl.sums.length)
    return { push: (values: Record<string, unknown>): ReportLine[] => [{ kind: 'row', values }], end: () => [] };
  const scale = new Map(
    decl.sums.map((k) => {
      const c = decl.columns.find((x) => x.key === k);
      const dp = c?.decimals ?? (c?.kind === 'money' ? 2 : c?.kind === 'litres' ? 3 : 0);
      return [k, 10 ** dp] as const;
    }),
  );
  const zero = () => Object.fromEntries(decl.sums.map((k) => [k, 0])) as Record<string, number>;
  const add = (acc: Record<string, number>, r: Record<string, unknown>) => {
    for (const k of decl.sums) acc[k] += Math.round(Number(r[k] ?? 0) * scale.get(k)!);
  };
  const out = (acc: Record<string, number>) => Object.fromEntries(decl.sums.map((k) => [k, acc[k] / scale.get(k)!]));
  const levels = decl.subtotalBy ?? [];
  // Each level's key column and the name column shown beside its code.
  const keysOf = levels.map((by) => {
    const name = decl.columns.find((c) => c.key === by)?.name;
    return name ? [by, name] : [by];
  });
  const total = zero();
  const groups: Record<string, number>[] = [];
  const counts: number[] = [];
  let first: Record<string, unknown> = {};
  /**
   * Closes the groups from the innermost out to `level`. An inner level's group of one row gets no
   * subtotal: it would repeat that row (a store's only diesel tank); the outermost level always does.
   */
  const closeTo = (level: number, lines: ReportLine[]) => {
    for (let i = groups.length - 1; i >= level; i--) {
      if (i > 0 && counts[i] === 1) continue;
      const ids = Object.fromEntries(keysOf.slice(0, i + 1).flatMap((ks) => ks.map((k) => [k, first[k]])));
      lines.push({ kind: 'subtotal', level: i, values: { ...ids, ...out(groups[i]) } });
    }
    groups.length = Math.min(groups.length, level);
    counts.length = groups.length;
  };
  return {
    push(r: Record<string, unknown>): ReportLine[] {
      const lines: ReportLine[] = [];
      const changed = groups.length ? levels.findIndex((by) => r[by] !== first[by]) : 0;
      if (levels.length && changed >= 0) {
        closeTo(changed, lines);
        while (groups.length < levels.length) {
          groups.push(zero());
          counts.push(0);
        }
        first = r;
      }
      groups.forEach((g, i) => {
        add(g, r);
        counts[i]++;
      });
      add(total, r);
      lines.push({ kind: 'row', values: r });
      return lines;
    },
    end(): ReportLine[] {
      const lines: ReportLine[] = [];
      closeTo(0, lines);
      lines.push({ kind: 'total', values: out(total) });
      return lines;
    },
  };
}

/** Batches of rows (a cursor's) → the run's lines, as `withTotals` gives them. */
export async function* linesOf(
  decl: Pick<ReportDeclaration, 'subtotalBy' | 'sums' | 'columns'>,
  batches: AsyncIterable<Record<string, unknown>[]>,
): AsyncGenerator<ReportLine> {
  const t = totaller(decl);
  for await (const batch of batches) for (const r of batch) yield* t.push(r);
  yield* t.end();
}

/** The column a subtotal line reads "<value> subtotal" in: its level's. */
export const subtotalColumn = (decl: Pick<ReportDeclaration, 'subtotalBy'>, line: ReportLine) =>
  decl.subtotalBy?.[line.level ?? 0];

/**
 * A line's cells as text, for the screen's preview and the PDF alike: `cell` formats a value as
 * the reader shows it; the total's first column reads "Total", a subtotal's break column
 * "<value> subtotal" (its outer levels' values beside it), and columns a subtotal or total does
 * not carry are empty.
 */
export function lineCells(
  decl: Pick<ReportDeclaration, 'columns' | 'subtotalBy'>,
  line: ReportLine,
  cell: (c: ColumnSpec, values: Record<string, unknown>) => string,
): string[] {
  const first = decl.columns[0].key;
  return decl.columns.map((c) => {
    if (line.kind === 'row') return cell(c, line.values);
    if (line.kind === 'total' && c.key === first) return 'Total';
    if (line.kind === 'subtotal' && c.key === subtotalColumn(decl, line)) return `${cell(c, line.values)} subtotal`;
    return c.key in line.values ? cell(c, line.values) : '';
  });
}
