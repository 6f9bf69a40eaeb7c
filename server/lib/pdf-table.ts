import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';

export interface PdfColumn {
  header: string;
  align: 'left' | 'right';
  /** Relative width: the columns share the page's width in these proportions. */
  weight: number;
}

export interface PdfLine {
  cells: string[];
  /** Subtotals and the total are bold on a grey band. */
  strong?: boolean;
}

export interface PdfTable {
  account: string;
  /** The letterhead's lines under the title (ADR 080): the legal name and numbers, the contact line. */
  letterhead?: string[];
  /** The account's logo (PNG, from `/AccountCard`), top right of the first page. */
  logo?: Buffer;
  title: string;
  /** The run's parameters in words ("1 Oct 2026 to 31 Oct 2026 · Store CPT01"). */
  parameters: string;
  generatedAt: string;
  columns: PdfColumn[];
  lines: Iterable<PdfLine> | AsyncIterable<PdfLine>;
  /**
   * Drawn on the first page between the heading and the table (a report's chart): called with the
   * document and the box's top left and width, it returns the height it used.
   */
  above?: () => Promise<((doc: PDFKit.PDFDocument, x: number, y: number, width: number) => number) | null>;
}

// A4 landscape in points, with the margins the text keeps from the edges.
const PAGE = { width: 841.89, height: 595.28, margin: 36 } as const;
const ROW = 15;
const LOGO = { width: 140, height: 40 } as const;
const FONT = 8;

/**
 * Footers that name the page count ("Page 3 of 12") in a document written page by page (ADR 080).
 * Buffering every page to number them at the end (pdfkit's `bufferPages`) would hold a 20,000-row report
 * in memory (ADR 058). Instead each page draws a form XObject of its own — a small PDF object the page
 * refers to by name but whose content is written at the end, when the count is known, exactly as
 * iText's page templates do. Each page's content (and its rows) is still written out when the next page
 * starts; only the footers' empty forms wait. The text is right-aligned in its box, in Helvetica.
 */
export function pageFooters(doc: PDFKit.PDFDocument, size: number, color: [number, number, number]) {
  const pending: { form: PDFKit.PDFKitReference; width: number; text: (count: number) => string }[] = [];
  return {
    /** Draws the current page's footer box at (x, y) (its top), `width` wide; `text` is called at the end. */
    stamp(x: number, y: number, width: number, text: (count: number) => string) {
      doc.font('Helvetica').fontSize(size);
      const font = (doc as unknown as { _font: { id: string; ref(): PDFKit.PDFKitReference } })._font;
      const form = doc.ref({
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, -size, width, size * 1.2],
        Resources: { Font: { [font.id]: font.ref() } },
      });
      const name = `Foot${pending.length + 1}`;
      (doc.page as unknown as { xobjects: Record<string, PDFKit.PDFKitReference> }).xobjects[name] = form;
      const baseline = y + size * 0.8; // pdfkit's text top → its baseline for Helvetica
      // pdfkit's page space is flipped (y down); the form's own space is PDF's (y up).
      doc.save();
      doc.transform(1, 0, 0, -1, x, baseline);
      doc.addContent(`/${name} Do`);
      doc.restore();
      pending.push({ form, width, text });
    },
    /** Writes every footer with the final count; call before `doc.end()`. */
    end() {
      const count = pending.length;
      doc.font('Helvetica').fontSize(size);
      const font = (
        doc as unknown as { _font: { id: string; encode(t: string): [string[], { advanceWidth: number }[]] } }
      )._font;
      for (const p of pending) {
        const text = p.text(count);
        const [codes, positions] = font.encode(text);
        const w = (positions.reduce((n, g) => n + g.advanceWidth, 0) * size) / 1000;
        const hex = codes.map((c) => c.padStart(2, '0')).join('');
        const rgb = color.map((c) => (c / 255).toFixed(3)).join(' ');
        p.form.end(`BT /${font.id} ${size} Tf ${rgb} rg ${Math.max(0, p.width - w).toFixed(2)} 0 Td <${hex}> Tj ET`);
      }
    },
  };
}

/**
 * A report as a PDF table (A4 landscape): the letterhead (logo, company and legal name, contact), title,
 * parameters and run time on the first page; the column headers repeated on every page; "Page N of M" at
 * the foot of each (`pageFooters`). pdfkit writes each page out when the next one starts, so a 20,000-row
 * report does not hold the document in memory.
 */
export function pdfTableStream(t: PdfTable): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    info: { Title: t.title, Author: t.account, Creator: 'FAMS' },
  });
  const inner = PAGE.width - 2 * PAGE.margin;
  const total = t.columns.reduce((n, c) => n + c.weight, 0);
  const widths = t.columns.map((c) => (c.weight / total) * inner);
  const bottom = PAGE.height - PAGE.margin - 14;
  let page = 1;
  let y = 0;
  const footers = pageFooters(doc, 7, [0x55, 0x55, 0x55]);

  const footer = () => {
    const n = page;
    footers.stamp(
      PAGE.margin,
      PAGE.height - PAGE.margin - 8,
      inner,
      (count) => `${t.account} · ${t.title} · Page ${n} of ${count}`,
    );
  };
  const lefts = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((n, w) => n + w, 0));
  // Widths of characters in the table's two fonts, measured once each: pdfkit's `widthOfString` looks up
  // a kerning pair for every pair of characters, the larger part of a 20,000-row report's time. Without
  // kerning a width is a hair wider, which only leaves a hair more room (ADR 058).
  const charWidths = new Map<string, number>();
  let bold = false;
  const widthOf = (text: string) => {
    let w = 0;
    for (const ch of text) {
      const k = bold ? `b${ch}` : ch;
      let cw = charWidths.get(k);
      if (cw === undefined) charWidths.set(k, (cw = doc.widthOfString(ch)));
      w += cw;
    }
    return w;
  };
  /** A cell's text cut to its width with "…", and its width. Drawn without a width (no line wrapper). */
  const fit = (text: string, width: number): [string, number] => {
    const w = widthOf(text);
    if (w <= width) return [text, w];
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (widthOf(`${text.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    const cut = `${text.slice(0, lo).trimEnd()}…`;
    return [cut, widthOf(cut)];
  };
  const row = (cells: string[], opts: { bold?: boolean; band?: string } = {}) => {
    if (opts.band) doc.rect(PAGE.margin, y - 3, inner, ROW).fill(opts.band);
    bold = !!opts.bold;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT)
      .fillColor('#111111');
    cells.forEach((cell, i) => {
      if (!cell) return;
      const room = widths[i] - 4;
      const [text, w] = fit(cell.replace(/\n/g, ' '), room);
      const x = lefts[i] + 2 + (t.columns[i].align === 'right' ? room - w : 0);
      doc.text(text, x, y, { lineBreak: false });
    });
    y += ROW;
  };
  const header = () => {
    row(
      t.columns.map((c) => c.header),
      { bold: true, band: '#e5e7eb' },
    );
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    y = PAGE.margin;
    header();
  };

  // The first page's heading; the logo fits a box at the top right, beside the title.
  if (t.logo) {
    try {
      doc.image(t.logo, PAGE.width - PAGE.margin - LOGO.width, PAGE.margin, {
        fit: [LOGO.width, LOGO.height],
        align: 'right',
      });
    } catch {
      // A logo pdfkit cannot read leaves the heading without it rather than failing the report.
    }
  }
  const beside = inner - (t.logo ? LOGO.width + 12 : 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#111111')
    .text(t.title, PAGE.margin, PAGE.margin, { width: beside });
  doc.font('Helvetica').fontSize(9).fillColor('#333333').text(t.account, { width: beside });
  for (const line of t.letterhead ?? []) doc.text(line, { width: beside });
  doc.text(t.parameters, { width: beside }).text(`Run ${t.generatedAt}`, { width: beside });
  y = Math.max(doc.y, t.logo ? PAGE.margin + LOGO.height : 0) + 10;

  (async () => {
    const draw = await t.above?.();
    if (draw) y += draw(doc, PAGE.margin, y, inner) + 8;
    header();
    let any = false;
    for await (const line of t.lines) {
      any = true;
      if (y + ROW > bottom) newPage();
      row(line.cells, line.strong ? { bold: true, band: '#f3f4f6' } : {});
    }
    if (!any) row(['Nothing in this period.']);
    footer();
    footers.end();
    doc.end();
  })().catch((err: Error) => doc.destroy(err));
  return doc;
}
