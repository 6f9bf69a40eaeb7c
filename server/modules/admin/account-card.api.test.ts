import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14, ADR 038: `/AccountCard` — the account's own card and logo (checked by content and size). */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let admin: Session;
const URL = '/api/v1/admin/account-card';

// A deployment with a default style and one more tile host its CSP allows (the account-style tests).
const SERVER_STYLE = 'https://maps.example.org/default/style.json';
const TILES = 'https://tiles.example.net';

beforeAll(async () => {
  srv = await startServer({ mapStyleUrl: SERVER_STYLE, mapTileOrigins: TILES });
  admin = await session(srv.url, ...DEMO.admin);
});
afterAll(async () => {
  await srv?.close();
});

const address = { street: '1 Quay Road', city: 'Durban', postalCode: '4001', country: 'South Africa' };
const card = {
  companyName: 'Demo Fuels (Pty) Ltd',
  registrationNumber: '2019/123456/07',
  vatNumber: '4123456789',
  phone: '+27 31 555 0100',
  email: 'office@demofuels.example',
  website: 'https://demofuels.example',
  billingAddress: address,
  siteAddress: { ...address, street: '5 Depot Lane' },
  contacts: [{ name: 'Alex Admin', role: 'Fleet manager', email: 'admin@fams.example', phone: '' }],
};
const upload = (s: Session, body: Buffer, type = 'image/png') =>
  fetch(`${srv.url}${URL}/logo`, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': type },
    body: new Uint8Array(body),
  });

describe('account card', () => {
  it('keeps the company details and contacts of the token’s account only', async () => {
    const empty = await admin.get(URL);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ accountName: 'Demo Fuels', companyName: '', hasLogo: false, contacts: [] });
    const saved = await admin.send('PUT', URL, card);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject(card);
    const bad = await admin.send('PUT', URL, {
      ...card,
      email: 'not-mail',
      contacts: [{ ...card.contacts[0], name: '' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['contacts.0.name', 'email']);
    // The letterhead's parts (ADR 080): each refused with a message naming the field.
    const letterhead = await admin.send('PUT', URL, {
      ...card,
      phone: 'call us',
      website: 'demo fuels dot com',
      postalAddress: '1\n2\n3\n4\n5\n6\n7',
      bank: { bankName: '', accountName: '', accountNumber: '12/34#', other: '' },
    });
    expect(letterhead.status).toBe(400);
    expect(letterhead.body.fieldErrors).toEqual({
      phone: ['Phone: digits, spaces and + ( ) - . / only (an extension as "ext 12")'],
      website: ['Website: an address without spaces, e.g. www.example.com'],
      postalAddress: ['Postal address: at most 6 lines'],
      'bank.accountNumber': ['Account number: letters, digits, spaces and hyphens only'],
    });
    const full = {
      ...card,
      legalName: 'Demo Fuels Holdings (Pty) Ltd',
      postalAddress: '  PO Box 123\n\nDurban 4000 ',
      bank: {
        bankName: 'First Harbour Bank',
        accountName: 'Demo Fuels',
        accountNumber: '62-1234-5678',
        other: 'IBAN ZA00 1234',
      },
    };
    const withLetterhead = await admin.send('PUT', URL, full);
    expect(withLetterhead.status, JSON.stringify(withLetterhead.body)).toBe(200);
    expect(withLetterhead.body).toMatchObject({ ...full, postalAddress: 'PO Box 123\nDurban 4000' });
    expect((await admin.get(URL)).body).toMatchObject({ ...full, postalAddress: 'PO Box 123\nDurban 4000' });
    // Other roles are refused; ThebigBoss in another account sees that account's (empty) card, never this one.
    const multi = await session(srv.url, ...DEMO.multi, 'North Haulage');
    expect((await multi.get(URL)).status).toBe(403);
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.get(URL)).status).toBe(403);
    const boss = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await boss.get(URL)).body).toMatchObject({ accountName: 'North Haulage', companyName: '' });
  });

  it('takes a PNG/JPEG/WebP logo checked by its content and size; refuses anything else', async () => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const ok = await upload(admin, png);
    expect(ok.status).toBe(200);
    expect((await ok.json()).hasLogo).toBe(true);
    const got = await fetch(`${srv.url}${URL}/logo`, { headers: admin.headers });
    expect(got.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([600, 200]);

    // A text file declared as an image: refused by its content.
    const text = await upload(admin, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(text.status).toBe(415);
    expect((await text.json()).message).toContain('PNG, JPEG or WebP');
    // A PNG header over garbage: refused, not stored.
    const forged = await upload(admin, Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]));
    expect(forged.status).toBe(422);
    const huge = await upload(admin, Buffer.alloc(1024 * 1024 + 10, 1));
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('too_large');
    // The stored logo is still the good one, and report PDFs carry it with the card's company name.
    expect((await fetch(`${srv.url}${URL}/logo`, { headers: admin.headers })).status).toBe(200);
    const pdf = await fetch(`${srv.url}/api/v1/reports/not-fuelled/export?days=1&format=pdf`, {
      headers: admin.headers,
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
    const parser = new PDFParse({ data: bytes });
    const heading = (await parser.getText()).text;
    await parser.destroy();
    expect(heading).toContain('Demo Fuels (Pty) Ltd');
    // The letterhead's legal name and numbers, and its contact line (ADR 080).
    expect(heading).toContain('Demo Fuels Holdings (Pty) Ltd · Reg. 2019/123456/07 · VAT 4123456789');
    expect(heading).toContain('Tel. +27 31 555 0100 · office@demofuels.example · https://demofuels.example');
    const removed = await admin.send('DELETE', `${URL}/logo`);
    expect(removed.body.hasLogo).toBe(false);
    expect((await fetch(`${srv.url}${URL}/logo`, { headers: admin.headers })).status).toBe(404);
  });
});

describe('the account’s map style (ADR 051)', () => {
  const STYLE = '/api/v1/admin/account-card/map-style';
  it('is the account’s own over MAP_STYLE_URL on the GPS map and /StoreLocator; only hosts the CSP allows', async () => {
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await admin.get(STYLE)).body).toEqual({
      styleUrl: null,
      serverDefault: SERVER_STYLE,
      allowedOrigins: ['https://maps.example.org', TILES],
    });
    expect((await admin.get('/api/v1/admin/store-locator')).body.styleUrl).toBe(SERVER_STYLE);

    // A host the server's CSP does not allow would give a map the browser refuses: 422, nothing saved.
    const foreign = await admin.send('PUT', STYLE, { styleUrl: 'https://evil.example.com/style.json' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors.styleUrl[0]).toContain(TILES);
    for (const bad of ['ftp://tiles.example.net/s.json', 'not a url', 42]) {
      const r = await admin.send('PUT', STYLE, { styleUrl: bad });
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors.styleUrl).toBeDefined();
    }
    expect((await admin.get(STYLE)).body.styleUrl).toBeNull();

    const mine = `${TILES}/satellite/style.json`;
    const saved = await admin.send('PUT', STYLE, { styleUrl: mine });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.styleUrl).toBe(mine);
    expect((await admin.get('/api/v1/admin/store-locator')).body.styleUrl).toBe(mine);
    expect((await admin.get('/api/v1/views/map')).body.styleUrl).toBe(mine);
    // Another account keeps the server's default.
    expect((await north.get('/api/v1/admin/store-locator')).body.styleUrl).toBe(SERVER_STYLE);
    expect((await north.get(STYLE)).body.styleUrl).toBeNull();
    const audit = await srv.database.pool.query(
      `select before, after from audit_log where entity = 'account_map_style' and account_id = $1`,
      [admin.item.account.accountId],
    );
    expect(audit.rows).toEqual([{ before: { styleUrl: null }, after: { styleUrl: mine } }]);

    // Empty: back to the server's default.
    expect((await admin.send('PUT', STYLE, { styleUrl: '' })).body.styleUrl).toBeNull();
    expect((await admin.get('/api/v1/views/map')).body.styleUrl).toBe(SERVER_STYLE);
  });

  it('is for admins', async () => {
    for (const who of [DEMO.manager, DEMO.editor, DEMO.driver]) {
      const s = await session(srv.url, who[0], who[1]);
      expect((await s.get(STYLE)).status).toBe(403);
      expect((await s.send('PUT', STYLE, { styleUrl: '' })).status).toBe(403);
    }
  });
});
