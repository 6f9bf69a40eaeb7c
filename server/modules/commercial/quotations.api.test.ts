import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/contract/commercial/quote-math';
import { API, today, withCommercialFixture } from './commercial.fixture';

/** Quotations: totals in cents, gap-free numbering, bad input, tenants and roles, the PDF. */
const fx = withCommercialFixture();
const { s, create, quoteBody } = fx;

describe('quotations', () => {
  it('computes totals in cents and numbers them per account and year', async () => {
    const q = await create();
    expect(q.number).toMatch(new RegExp(`^Q-${today().slice(0, 4)}-\\d{4}$`));
    expect(q.status).toBe('draft');
    expect(q.totalCents).toBe(9_328_864);
    expect(q.vatCents).toBe(1_203_765);
    expect(q.lines.map((l: any) => l.totalCents)).toEqual([4_916_250, 4_312_615, 99_999]);
  });

  it('gives gap-free numbers under concurrent creates', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => create()));
    const seqs = made.map((q) => Number(q.number.slice(-4))).sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    // A refused create (bad site) takes no number.
    const bad = await s.admin.send('POST', `${API}/quotations`, { ...quoteBody(), siteId: crypto.randomUUID() });
    expect(bad.status).toBe(422);
    const next = await create();
    expect(Number(next.number.slice(-4))).toBe(seqs.at(-1)! + 1);
    // Another account counts on its own.
    const other = await s.stranger.get(`${API}/quotations?pageSize=200`);
    expect(other.body.items.map((x: any) => x.id)).not.toContain(next.id);
  });

  it("refuses bad input with field errors and another account's references", async () => {
    const bad = await s.admin.send('POST', `${API}/quotations`, {
      ...quoteBody(),
      lines: [{ description: '', quantity: 0, unitPriceCents: 1.5, vatPct: 200 }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(
      expect.arrayContaining(['lines.0.description', 'lines.0.quantity', 'lines.0.unitPriceCents', 'lines.0.vatPct']),
    );
    const dates = await s.admin.send('POST', `${API}/quotations`, { ...quoteBody(), validUntil: '2000-01-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.fieldErrors).toHaveProperty('validUntil');
    const foreign = await s.stranger.send('POST', `${API}/quotations`, { ...quoteBody(), siteId: null });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors).toHaveProperty('customerId');
  });

  it('keeps tenants apart and refuses roles below admin', async () => {
    const q = await create();
    expect((await s.stranger.get(`${API}/quotations/${q.id}`)).status).toBe(404);
    expect((await s.stranger.send('POST', `${API}/quotations/${q.id}/send`, { version: 1 })).status).toBe(404);
    expect((await s.stranger.get(`${API}/quotations/${q.id}/pdf`)).status).toBe(404);
    for (const who of [s.editor, s.manager]) {
      expect((await who.get(`${API}/quotations`)).status).toBe(403);
      expect((await who.send('POST', `${API}/quotations`, quoteBody())).status).toBe(403);
      expect((await who.get(`${API}/customers`)).status).toBe(403);
    }
  });

  it('the admin PDF download has the total', async () => {
    const q = await create();
    const res = await fetch(`${fx.srv.url}${API}/quotations/${q.id}/pdf`, { headers: s.admin.headers });
    expect(res.status).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) }).getText()).text;
    expect(text).toContain('93,288.64');
    expect(text).toContain('Delivery within 4 weeks.');
  });

  it("the PDF carries the account card's letterhead and logo, the payment terms and bank details, and the currency", async () => {
    const card = {
      companyName: 'Demo Fuels',
      legalName: 'Demo Fuels (Pty) Ltd',
      registrationNumber: '2019/123456/07',
      vatNumber: 'ZA4123456789',
      phone: '+27 31 555 0100',
      email: 'office@demofuels.example',
      website: 'www.demofuels.example',
      postalAddress: 'PO Box 123\nDurban\n4000\nSouth Africa',
      billingAddress: { street: '1 Quay Road', city: 'Durban', postalCode: '4001', country: 'South Africa' },
      siteAddress: { street: '', city: '', postalCode: '', country: '' },
      bank: {
        bankName: 'First Harbour Bank',
        accountName: 'Demo Fuels (Pty) Ltd',
        accountNumber: '62 1234 5678',
        other: 'Branch code 250655\nSWIFT FIRNZAJJ',
      },
      contacts: [],
    };
    const saved = await s.admin.send('PUT', `${API}/admin/account-card`, card);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const logo = await fetch(`${fx.srv.url}${API}/admin/account-card/logo`, {
      method: 'POST',
      headers: { ...s.admin.headers, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(logo.status).toBe(200);
    // The account's default payment terms: a quotation that leaves its own blank takes them when saved.
    const set = await s.admin.send('PUT', `${API}/quotations/settings`, { paymentTerms: '45 days from statement' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.paymentTerms).toBe('45 days from statement');
    const q = await create();
    expect(q.paymentTerms).toBe('45 days from statement');
    const pdfText = async (id: string) => {
      const res = await fetch(`${fx.srv.url}${API}/quotations/${id}/pdf`, { headers: s.admin.headers });
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
      const parser = new PDFParse({ data: bytes });
      const text = (await parser.getText()).text;
      await parser.destroy();
      return text;
    };
    const text = await pdfText(q.id);
    expect(text).toContain('Demo Fuels (Pty) Ltd');
    expect(text).toMatch(/PO Box 123\s+Durban\s+4000\s+South Africa/);
    expect(text).toContain('Reg. 2019/123456/07 · VAT ZA4123456789');
    expect(text).toContain('Tel. +27 31 555 0100 · office@demofuels.example · www.demofuels.example');
    expect(text).toMatch(/Payment terms\s+45 days from statement/);
    expect(text).toMatch(
      /Bank details\s+Bank: First Harbour Bank\s+Account name: Demo Fuels \(Pty\) Ltd\s+Account number: 62 1234 5678\s+Branch code 250655\s+SWIFT FIRNZAJJ/,
    );
    // The account's own currency (Demo Fuels: ZAR, ADR 079): the money columns name it, the totals carry its sign.
    const { currency } = (await s.admin.get(`${API}/auth/me`)).body.account;
    expect(currency).toBe('ZAR');
    expect(text).toContain(`Unit price (${currency})`);
    expect(text).toContain(`Total (${currency})`);
    expect(text).toContain(formatMoney(9_328_864, currency));
    expect(text).not.toMatch(/(^|[\s(])93,288\.64/m);

    // A quotation's own payment terms win over the default; a field error past the limit.
    const own = await create(s.admin, { ...quoteBody(), paymentTerms: 'Cash on delivery' });
    expect(own.paymentTerms).toBe('Cash on delivery');
    expect(await pdfText(own.id)).toMatch(/Payment terms\s+Cash on delivery/);
    const long = await s.admin.send('POST', `${API}/quotations`, { ...quoteBody(), paymentTerms: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toHaveProperty('paymentTerms');
    const badSetting = await s.admin.send('PUT', `${API}/quotations/settings`, { paymentTerms: 'x'.repeat(301) });
    expect(badSetting.status).toBe(400);
    expect(badSetting.body.fieldErrors.paymentTerms[0]).toContain('at most 300');
    expect((await s.admin.send('PUT', `${API}/quotations/settings`, { paymentTerms: '' })).status).toBe(200);
  });
});
