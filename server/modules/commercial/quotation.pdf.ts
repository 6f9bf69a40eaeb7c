import PDFDocument from 'pdfkit';
import { formatCents, formatMoney } from '../../../src/contract/commercial/quote-math';
import { quoteLabel, type Quote } from '../../../src/contract/commercial/quotations';
import { letterheadLines, type Letterhead } from '../../lib/letterhead';

export interface QuotePdfInput {
  quote: Quote;
  /** The account card's letterhead (ADR 080), its logo (PNG) and the account's currency. */
  account: { letterhead: Letterhead; currency: string; logo: Buffer | null };
  customer: { name: string; billingAddress: string; vatNo: string | null; registrationNo: string | null };
  site: { name: string; address: string } | null;
}

// A4 portrait in points.
const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
/**
 * The lines' columns; money columns are titled with the currency ("Unit price (ZAR)") and the lines' figures
 * are plain, as on the screens (ADR 023); the totals carry the currency's sign (`pdfMoney`).
 */
const columns = (currency: string) =>
  [
    { header: 'Description', width: 0.36, align: 'left' },
    { header: 'Qty', width: 0.1, align: 'right' },
    { header: `Unit price (${currency})`, width: 0.16, align: 'right' },
    { header: 'Disc. %', width: 0.09, align: 'right' },
    { header: 'VAT %', width: 0.09, align: 'right' },
    { header: `Total (${currency})`, width: 0.2, align: 'right' },
  ] as const;
const ROW = 16;
const LOGO = { width: 150, height: 50 } as const;

/** Helvetica (a standard PDF font) draws Latin-1 and the WinAnsi extras (€, …); other signs (₹, ₦) would be blanks. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const drawable = (t: string) => [...t].every((ch) => ch.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRAS.includes(ch));

/** The account's currency sign on every amount; its ISO code where the font has no such sign. */
export function pdfMoney(cents: number, currency: string): string {
  const m = formatMoney(cents, currency);
  return drawable(m) ? m : `${cents < 0 ? '-' : ''}${currency} ${formatCents(Math.abs(cents))}`;
}

const qty = (q: number, unit: string) =>
  `${q.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit === 'each' ? '' : unit}`.trim();

/**
 * The quotation as an A4 PDF (pdfkit, the reports' library): the letterhead (logo, names, address,
 * numbers, contact), the customer and site, the lines, the totals, the terms, then the payment terms and
 * the bank details; "Page N of M" on every page. A quotation is small, so the pages are buffered to
 * number them.
 */
export function quotePdf(p: QuotePdfInput): Promise<Buffer> {
  const { quote: q } = p;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `Quotation ${quoteLabel(q)}`, Author: p.account.letterhead.name, Creator: 'FAMS' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const inner = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin - 20;
  const money = (c: number) => pdfMoney(c, p.account.currency);
  const lh = p.account.letterhead;
  const COLS = columns(p.account.currency);

  // The letterhead: logo top right, the names, address, numbers and contact top left beside it.
  let logoDrawn = false;
  if (p.account.logo) {
    try {
      doc.image(p.account.logo, PAGE.width - PAGE.margin - LOGO.width, PAGE.margin, {
        fit: [LOGO.width, LOGO.height],
        align: 'right',
      });
      logoDrawn = true;
    } catch {
      // A logo pdfkit cannot read leaves the heading without it rather than failing the quotation.
    }
  }
  const beside = inner - (logoDrawn ? LOGO.width + 12 : 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#111111')
    .text(lh.name, PAGE.margin, PAGE.margin, { width: beside });
  doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
  for (const line of letterheadLines(lh)) doc.text(line, { width: beside });
  doc.y = Math.max(doc.y, logoDrawn ? PAGE.margin + LOGO.height : 0) + 6;
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + inner, doc.y)
    .lineWidth(0.5)
    .strokeColor('#9ca3af')
    .stroke();
  doc.y += 8;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#111111')
    .text(`Quotation ${quoteLabel(q)}`, PAGE.margin, doc.y, { width: inner, align: 'right' })
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333333')
    .text(`Date ${q.issueDate} · Valid until ${q.validUntil} · Amounts in ${p.account.currency}`, {
      width: inner,
      align: 'right',
    });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text('To');
  doc.font('Helvetica').fontSize(9).text(p.customer.name);
  if (p.customer.billingAddress) doc.text(p.customer.billingAddress);
  const ids = [
    p.customer.registrationNo && `Reg. ${p.customer.registrationNo}`,
    p.customer.vatNo && `VAT ${p.customer.vatNo}`,
  ].filter(Boolean);
  if (ids.length) doc.text(ids.join(' · '));
  if (p.site) doc.moveDown(0.5).text(`Site: ${p.site.name}${p.site.address ? `, ${p.site.address}` : ''}`);
  doc.moveDown();

  let y = doc.y;
  const row = (cells: string[], bold = false, band?: string) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    if (band) doc.rect(PAGE.margin, y - 4, inner, ROW).fill(band);
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor('#111111');
    let x = PAGE.margin;
    cells.forEach((text, i) => {
      const w = COLS[i].width * inner;
      doc.text(text, x + 2, y, { width: w - 4, align: COLS[i].align, lineBreak: false, ellipsis: true, height: ROW });
      x += w;
    });
    y += ROW;
  };
  row(
    COLS.map((c) => c.header),
    true,
    '#e5e7eb',
  );
  for (const l of q.lines)
    row([
      l.description,
      qty(l.quantity, l.unit),
      formatCents(l.unitPriceCents),
      l.discountPct ? l.discountPct.toFixed(2) : '',
      l.vatPct.toFixed(2),
      formatCents(l.totalCents),
    ]);
  y += 6;
  const total = (label: string, cents: number, strong = false) =>
    row(['', '', '', '', label, money(cents)], strong, strong ? '#f3f4f6' : undefined);
  total('Subtotal', q.grossCents);
  if (q.discountCents) total('Discount', -q.discountCents);
  total('Net', q.netCents);
  total('VAT', q.vatCents);
  total('Total', q.totalCents, true);

  // Terms, then payment terms and the bank details: blocks that start a page when they do not fit.
  const block = (title: string, lines: string[]) => {
    if (!lines.length) return;
    doc.font('Helvetica').fontSize(9);
    const text = lines.join('\n');
    const need = 16 + doc.heightOfString(text, { width: inner });
    if (y + need > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#111111')
      .text(title, PAGE.margin, y + 12, { width: inner });
    doc.font('Helvetica').fontSize(9).fillColor('#333333').text(text, { width: inner });
    y = doc.y;
  };
  block('Terms', q.terms ? [q.terms] : []);
  block('Payment terms', q.paymentTerms ? [q.paymentTerms] : []);
  block('Bank details', lh.bank);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#555555')
      .text(
        `${lh.name} · Quotation ${quoteLabel(q)} · Page ${i + 1} of ${range.count}`,
        PAGE.margin,
        PAGE.height - PAGE.margin + 10,
        { width: inner, align: 'right', lineBreak: false },
      );
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
