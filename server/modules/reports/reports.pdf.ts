import { decimalsOf, isNumericKind, type ColumnSpec } from '../../../src/contract/columns';
import { lineCells, type ReportLine } from '../../../src/contract/reports';
import { pdfTableStream, type PdfLine } from '../../lib/pdf-table';
import { drawChart } from './reports-pdf-chart';
import type { ReportResult } from './reports.service';

/**
 * One formatter per number of decimals: `toLocaleString` with options builds a new `Intl.NumberFormat`
 * for every cell, which was the larger part of a 20,000-row PDF's time (ADR 058).
 */
const formats = new Map<number | undefined, Intl.NumberFormat>();
const fixed = (v: number, dp: number | undefined) => {
  let f = formats.get(dp);
  if (!f) {
    f = new Intl.NumberFormat(
      'en-US',
      // A figure that rounds to zero reads "0", never "-0".
      dp === undefined
        ? { signDisplay: 'negative' }
        : { minimumFractionDigits: dp, maximumFractionDigits: dp, signDisplay: 'negative' },
    );
    formats.set(dp, f);
  }
  return f.format(v);
};

/** A cell as the screen's preview shows it: codes with their names, figures with fixed decimals. */
function text(c: ColumnSpec, values: Record<string, unknown>): string {
  const v = values[c.key];
  if (c.kind === 'code' && c.name) {
    const name = values[c.name];
    return [v, name].filter((x) => x !== null && x !== undefined && x !== '').join(' — ');
  }
  if (v === null || v === undefined) return '';
  if (isNumericKind(c.kind) && typeof v === 'number') return fixed(v, decimalsOf(c));
  return String(v);
}

async function* pdfLines(r: ReportResult, lines: AsyncIterable<ReportLine>): AsyncIterable<PdfLine> {
  for await (const l of lines) yield { strong: l.kind !== 'row', cells: lineCells(r.decl, l, text) };
}

/** A report file's heading (`reportsService.heading`): the letterhead, the currency, the parameters. */
export interface ReportHeading {
  /** The letterhead's name (the card's company name, else the account's). */
  account: string;
  /** Its lines under the title: legal name and numbers, contact (ADR 080). */
  letterhead?: string[];
  /** The account's ISO currency: money columns are titled with it ("Cost (ZAR)"). */
  currency?: string;
  parameters: string;
  logo?: Buffer | null;
}

/** A column's title; a money column's carries the account's currency. */
export const columnTitle = (c: ColumnSpec, currency?: string) =>
  c.kind === 'money' && currency ? `${c.title} (${currency})` : c.title;

/**
 * The run as an A4 landscape PDF: the account's logo, letterhead and company name, the title, the
 * parameters in words, the report's chart (ADR 064), the table, "Page N of M" (ADR 080).
 * `lines` are the run's lines as the caller feeds them (the run job counts them as they go).
 */
export function reportPdf(
  r: ReportResult,
  { account, letterhead, currency, parameters, logo }: ReportHeading,
  lines: AsyncIterable<ReportLine>,
) {
  return pdfTableStream({
    account,
    letterhead,
    logo: logo ?? undefined,
    title: r.decl.title,
    parameters,
    generatedAt: `${new Date(r.run.generatedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    columns: r.decl.columns.map((c) => ({
      header: columnTitle(c, currency),
      align: isNumericKind(c.kind) ? 'right' : 'left',
      weight: c.kind === 'code' && c.name ? 3 : isNumericKind(c.kind) ? 1.2 : 2,
    })),
    lines: pdfLines(r, lines),
    // The report's chart above the table when it has one and rows (ADR 064); a chart that cannot be made
    // leaves the file without it rather than failing the run (the rows are the report).
    above: async () => {
      const chart = await r.chart().catch(() => null);
      return chart ? (doc, x, y, width) => drawChart(doc, chart, x, y, width) : null;
    },
  });
}
