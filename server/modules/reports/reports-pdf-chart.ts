import type { ReportRun } from '../../../src/contract/reports';

type Chart = NonNullable<ReportRun['chart']>;

/** The chart's height on the page, legend and axis titles included (points). */
export const CHART_HEIGHT = 190;
const COLOUR = '#2563eb';
const AXIS = '#6b7280';
const GRID = '#e5e7eb';
const TEXT = '#374151';
const TICK_FONT = 6.5;

/** Tick labels as the screen's chart reads them (`compact` in ChartCard): 950, 1.5k, 12k, 1.2M. */
export function compactTick(v: number): string {
  const a = Math.abs(v);
  const one = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  if (a >= 1_000_000) return `${one(Math.round(v / 100_000) / 10)}M`;
  if (a >= 10_000) return `${Math.round(v / 1000)}k`;
  if (a >= 1000) return `${one(Math.round(v / 100) / 10)}k`;
  return a < 10 && !Number.isInteger(v) ? v.toFixed(1) : String(Math.round(v));
}

/** About `count` round ticks (1, 2, 5 × 10ⁿ steps) covering [lo, hi], zero included. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  const min = Math.min(0, lo);
  const max = Math.max(0, hi);
  if (max === min) return [0, 1];
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  // Whole multiples of the step, cleaned of binary fractions (3 × 0.2 is 0.6000000000000001).
  for (let k = Math.floor(min / step); k <= Math.ceil(max / step - 1e-9); k++)
    ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

/** A day `2026-10-05` reads `10-05` under the line, as on the screen. */
const xTick = (x: string) => (/^\d{4}-\d{2}-\d{2}$/.test(x) ? x.slice(5) : x);

/**
 * Draws a report's chart (the same spec the screen's `ReportChart` draws, ADR 058) into a PDF at (x, y),
 * `width` wide and `CHART_HEIGHT` high, with pdfkit's vector drawing: its title, a legend, the y axis with
 * its title and round ticks (gridlines), bars per group or a line per day, the x tick labels (turned when
 * they do not fit side by side; every n-th day on a long line) and the x axis title. Bars stay in the order
 * the run gives (largest first for the reports that sort so); negative values (a variance) hang below zero.
 */
export function drawChart(doc: PDFKit.PDFDocument, chart: Chart, x: number, y: number, width: number): number {
  const title = `${chart.y} per ${chart.x.toLowerCase()}`;
  doc.save();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text(title, x, y, { lineBreak: false });
  // Legend, top right: the series' swatch and name.
  doc.font('Helvetica').fontSize(8);
  const legendW = doc.widthOfString(chart.y);
  const legendX = x + width - legendW - 14;
  if (chart.kind === 'bar') doc.rect(legendX, y + 2, 9, 7).fill(COLOUR);
  else
    doc
      .moveTo(legendX, y + 5.5)
      .lineTo(legendX + 10, y + 5.5)
      .lineWidth(1.5)
      .stroke(COLOUR);
  doc.fillColor(TEXT).text(chart.y, legendX + 14, y + 1, { lineBreak: false });

  const ys = chart.points.map((p) => p.y);
  const ticks = niceTicks(Math.min(...ys), Math.max(...ys));
  const lo = ticks[0];
  const hi = ticks.at(-1)!;
  doc.fontSize(TICK_FONT);
  const tickW = Math.max(...ticks.map((t) => doc.widthOfString(compactTick(t))));
  const left = x + 14 + tickW + 6;
  const right = x + width - 4;
  // Turned x labels (bars too narrow for them side by side) take more room under the plot.
  const labels = chart.points.map((p) => xTick(p.x));
  const widest = Math.max(...labels.map((l) => doc.widthOfString(l)));
  const slot = (right - left) / chart.points.length;
  const turned = chart.kind === 'bar' && widest + 4 > slot;
  const plot = { left, top: y + 28, right, bottom: y + CHART_HEIGHT - (turned ? 52 : 28) };
  const plotW = plot.right - plot.left;
  const plotH = plot.bottom - plot.top;
  const yOf = (v: number) => plot.bottom - ((v - lo) / (hi - lo)) * plotH;

  // The y axis' title, turned, beside its ticks; the ticks with their gridlines.
  doc.fontSize(7.5).fillColor(TEXT);
  const yTitleW = doc.widthOfString(chart.y);
  doc.save();
  doc.rotate(-90, { origin: [x, plot.bottom] });
  doc.text(chart.y, x + (plotH - yTitleW) / 2, plot.bottom, { lineBreak: false });
  doc.restore();
  doc.fontSize(TICK_FONT);
  for (const t of ticks) {
    const ty = yOf(t);
    doc
      .moveTo(plot.left, ty)
      .lineTo(plot.right, ty)
      .lineWidth(0.5)
      .stroke(t === 0 ? AXIS : GRID);
    const label = compactTick(t);
    doc.fillColor(AXIS).text(label, plot.left - 4 - doc.widthOfString(label), ty - 2.5, { lineBreak: false });
  }
  doc.moveTo(plot.left, plot.top).lineTo(plot.left, plot.bottom).lineWidth(0.7).stroke(AXIS);

  const n = chart.points.length;
  const centre = (i: number) => plot.left + slot * (i + 0.5);
  if (chart.kind === 'bar') {
    const barW = Math.min(40, slot * 0.7);
    chart.points.forEach((p, i) => {
      const top = yOf(Math.max(0, p.y));
      const h = Math.abs(yOf(p.y) - yOf(0));
      if (h > 0) doc.rect(centre(i) - barW / 2, top, barW, Math.max(h, 0.5)).fill(COLOUR);
    });
  } else {
    chart.points.forEach((p, i) => (i === 0 ? doc.moveTo(centre(i), yOf(p.y)) : doc.lineTo(centre(i), yOf(p.y))));
    doc.lineWidth(1.5).lineJoin('round').stroke(COLOUR);
    if (n <= 40) for (const [i, p] of chart.points.entries()) doc.circle(centre(i), yOf(p.y), 1.6).fill(COLOUR);
  }

  // x tick labels: side by side when they fit, else turned; a long line labels every n-th day.
  doc.fontSize(TICK_FONT).fillColor(AXIS);
  const every = chart.kind === 'line' ? Math.max(1, Math.ceil((widest + 6) / slot)) : 1;
  labels.forEach((l, i) => {
    if (i % every) return;
    const fitted = fit(doc, l, turned ? 44 : slot * every - 2);
    const w = doc.widthOfString(fitted);
    if (!turned) {
      doc.text(fitted, centre(i) - w / 2, plot.bottom + 4, { lineBreak: false });
      return;
    }
    doc.save();
    doc.rotate(-45, { origin: [centre(i), plot.bottom + 4] });
    doc.text(fitted, centre(i) - w, plot.bottom + 2, { lineBreak: false });
    doc.restore();
  });
  // The x axis' title, centred under the labels.
  doc.fontSize(7.5).fillColor(TEXT);
  const xTitleW = doc.widthOfString(chart.x);
  doc.text(chart.x, plot.left + (plotW - xTitleW) / 2, y + CHART_HEIGHT - 12, { lineBreak: false });
  doc.restore();
  return CHART_HEIGHT;
}

/** A label cut to `width` with "…". */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
