import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { resourceSuite, type Session } from '../../../tests/api/resource-suite';
import { loadSecret } from '../auth/tokens';
import { signedLinks } from '../../lib/signed-links';

let srv: TestServer;
const s: Record<string, Session> = {};
let customerA: string;
let customerB: string;
let customerNoMail: string;

const API = '/api/v1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(512, 0)]);

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'editor', 'manager', 'driver'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  s.nhManager = await session(srv.url, ...DEMO.multi, 'North Haulage');
  const customer = async (name: string, email?: string) => {
    const c = await s.admin.send('POST', `${API}/customers`, {
      name,
      contacts: [{ name: 'Buyer', ...(email ? { email } : {}) }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    return c.body.id as string;
  };
  customerA = await customer('Doc Mining A', 'a@example.com');
  customerB = await customer('Doc Mining B', 'b@example.com');
  customerNoMail = await customer('Doc Mining No Mail');
});
afterAll(async () => {
  await srv?.close();
});

const upload = (who: Session, id: string, body: Buffer | ReadableStream, fileName = 'file.pdf') =>
  fetch(`${srv.url}${API}/documents/${id}/files?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/octet-stream' },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
const newDoc = async (extra: Record<string, unknown> = {}, who = s.admin) => {
  const res = await who.send('POST', `${API}/documents`, { title: `Doc ${Math.random()}`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
};
const withFile = async (extra: Record<string, unknown> = {}, who = s.admin) => {
  const d = await newDoc(extra, who);
  const up = await upload(who, d.id, PDF, 'sheet.pdf');
  expect(up.status, await up.clone().text()).toBe(201);
  return (await up.json()) as { id: string; version: number; currentVersion: number };
};
const filesOf = (id: string, accountId = s.admin.item.account.accountId) => {
  const dir = path.join(srv.dataDir, 'files', 'accounts', String(accountId), 'documents', id);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const tokenOf = (text: string) => /token=([\w.-]+)/.exec(text)?.[1] ?? '';

describe('documents (resource)', () => {
  resourceSuite({
    writer: () => s.admin,
    refused: () => s.editor,
    auditor: () => s.admin,
    stranger: () => s.stranger,
    path: '/documents',
    entity: 'document',
    uniqueField: 'title',
    create: (n) => ({ title: `Calibration ${n}`, category: 'Certificates', tags: ['tank', 'T1'] }),
    change: { expiresOn: '2031-01-31', tags: ['tank'] },
    invalid: {
      body: { title: '', expiresOn: '31/01/2031', tags: ['x'.repeat(41)], systemRoles: ['nobody'] },
      fields: ['title', 'expiresOn', 'tags.0', 'systemRoles.0'],
    },
    search: (n) => `Calibration ${n}`,
  });
});

describe('document files', () => {
  it('keeps every version listed and downloadable; the newest is current', async () => {
    const d = await withFile();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const v2 = await upload(s.admin, d.id, png, 'photo.png');
    expect(v2.status).toBe(201);
    const row = await v2.json();
    expect(row).toMatchObject({ currentVersion: 2, fileName: 'photo.png', mime: 'image/png', sizeBytes: png.length });
    expect(row.version).toBe(d.version + 1);
    const versions = await s.admin.get(`${API}/documents/${d.id}/versions`);
    expect(versions.body.items.map((v: any) => [v.versionNo, v.fileName, v.mime])).toEqual([
      [2, 'photo.png', 'image/png'],
      [1, 'sheet.pdf', 'application/pdf'],
    ]);
    const old = await fetch(`${srv.url}${API}/documents/${d.id}/file?v=1`, { headers: s.admin.headers });
    expect(old.status).toBe(200);
    expect(old.headers.get('content-type')).toBe('application/pdf');
    expect(old.headers.get('content-disposition')).toMatch(/^inline; filename="sheet.pdf"/);
    expect(Buffer.from(await old.arrayBuffer())).toEqual(PDF);
    const cur = await fetch(`${srv.url}${API}/documents/${d.id}/file?download=1`, { headers: s.admin.headers });
    expect(cur.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
    expect(Buffer.from(await cur.arrayBuffer())).toEqual(png);
  });

  it('accepts Office files by their content', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Prices').addRow(['Diesel', 21.5]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const d = await newDoc();
    const up = await upload(s.admin, d.id, xlsx, 'prices.xlsx');
    expect(up.status, await up.clone().text()).toBe(201);
    expect((await up.json()).mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('refuses a .pdf that is really an .exe, and text, by content (415, nothing kept)', async () => {
    const d = await newDoc();
    const exe = await upload(s.admin, d.id, EXE, 'manual.pdf');
    expect(exe.status).toBe(415);
    const body = await exe.json();
    expect(body).toMatchObject({ code: 'unsupported_type', title: 'File type not accepted' });
    expect(body.message).toContain('EXE');
    const txt = await upload(s.admin, d.id, Buffer.from('just some words\n'), 'notes.pdf');
    expect(txt.status).toBe(415);
    expect((await s.admin.get(`${API}/documents/${d.id}`)).body).toMatchObject({ currentVersion: null, version: 1 });
    expect(filesOf(d.id)).toEqual([]);
  });

  it('refuses a file over the size limit, declared or streamed (413, nothing kept)', async () => {
    const d = await newDoc();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024, 32)]);
    const declared = await upload(s.admin, d.id, big, 'big.pdf');
    expect(declared.status).toBe(413);
    expect((await declared.json()).code).toBe('too_large');
    // Chunked, without a length: the meter stops it.
    let sent = 0;
    const stream = new ReadableStream({
      pull(c) {
        if (sent > 21 * 1024 * 1024) return c.close();
        c.enqueue(new Uint8Array(sent === 0 ? PDF : Buffer.alloc(1024 * 1024, 32)));
        sent += sent === 0 ? PDF.length : 1024 * 1024;
      },
    });
    const streamed = await upload(s.admin, d.id, stream, 'big.pdf');
    expect(streamed.status).toBe(413);
    expect((await s.admin.get(`${API}/documents/${d.id}`)).body.currentVersion).toBeNull();
    expect(filesOf(d.id)).toEqual([]);
  });

  it('marks expired documents and flags those expiring within 30 days', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const a = await newDoc({ expiresOn: day(-1) });
    const b = await newDoc({ expiresOn: day(10) });
    const c = await newDoc({ expiresOn: day(90) });
    const e = (id: string) => s.admin.get(`${API}/documents/${id}`).then((r) => r.body.expiry);
    expect([await e(a.id), await e(b.id), await e(c.id)]).toEqual(['expired', 'expiring', 'valid']);
    const list = await s.admin.get(`${API}/documents?f.expiry=expired,expiring&pageSize=200`);
    const ids = list.body.items.map((x: any) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(c.id);
  });

  it('keeps other accounts and lower roles out (uploads, versions, files)', async () => {
    const d = await withFile();
    expect((await upload(s.editor, d.id, PDF)).status).toBe(403);
    expect((await s.editor.get(`${API}/documents/${d.id}/versions`)).status).toBe(403);
    // ThebigBoss of another account: the id is not found there.
    expect((await upload(s.stranger, d.id, PDF)).status).toBe(404);
    expect((await s.stranger.get(`${API}/documents/${d.id}/versions`)).status).toBe(404);
    expect((await s.stranger.get(`${API}/documents/${d.id}/file`)).status).toBe(404);
    expect((await s.nhManager.get(`${API}/documents/${d.id}/file`)).status).toBe(404);
    // Same account, not an admin, and the document is not a staff document.
    expect((await s.driver.get(`${API}/documents/${d.id}/file`)).status).toBe(404);
  });

  it('only a ThebigBoss publishes system documents', async () => {
    const res = await s.admin.send('POST', `${API}/documents`, { title: 'Not mine to publish', system: true });
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors.system).toBeDefined();
  });
});

describe('sharing with customers', () => {
  it('shares with several customers, mails each contact a signed link, and counts openings', async () => {
    const d = await withFile({ title: 'Safety data sheet diesel' });
    await srv.mailsSent();
    const before = srv.mails.length;
    const res = await s.admin.send('POST', `${API}/documents/share`, {
      documentIds: [d.id],
      customerIds: [customerA, customerB, customerNoMail],
      message: 'As discussed.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shared).toBe(3);
    expect(res.body.mailed.map((m: any) => m.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(res.body.notMailed).toEqual([{ customerId: customerNoMail, name: 'Doc Mining No Mail' }]);
    await srv.mailsSent();
    const mails = srv.mails.slice(before);
    expect(mails).toHaveLength(2);
    const mailA = mails.find((m) => m.to === 'a@example.com')!;
    expect(mailA.subject).toContain('Safety data sheet diesel');
    expect(mailA.text).toContain('As discussed.');
    const token = tokenOf(mailA.text);

    const perCustomer = () => s.admin.get(`${API}/document-shares?f.customerId=${customerA}&f.documentId=${d.id}`);
    expect((await perCustomer()).body.items[0]).toMatchObject({ opened: false, openCount: 0, sentTo: 'a@example.com' });

    // No account needed: the link is the permission.
    const open = await fetch(`${srv.url}${API}/public/document?token=${token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('application/pdf');
    expect(open.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(PDF);
    await fetch(`${srv.url}${API}/public/document?token=${token}`).then((r) => r.arrayBuffer());
    const row = (await perCustomer()).body.items[0];
    expect(row).toMatchObject({ opened: true, openCount: 2, customerName: 'Doc Mining A' });
    expect(row.firstOpenedAt).not.toBeNull();
    const b = await s.admin.get(`${API}/document-shares?f.customerId=${customerB}&f.documentId=${d.id}`);
    expect(b.body.items[0].opened).toBe(false);
    expect((await s.admin.get(`${API}/documents/${d.id}`)).body).toMatchObject({ shareCount: 3, openedCount: 1 });
  });

  it('refuses tampered, forged, expired and withdrawn links and records nothing', async () => {
    const d = await withFile();
    await srv.mailsSent();
    const before = srv.mails.length;
    await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: [customerA] });
    await srv.mailsSent();
    const token = tokenOf(srv.mails[before].text);
    const shareRow = async () =>
      (await s.admin.get(`${API}/document-shares?f.customerId=${customerA}&f.documentId=${d.id}&deleted=include`)).body
        .items[0];
    const { id: shareId } = await shareRow();
    const get = (t: string, html = false) =>
      fetch(`${srv.url}${API}/public/document?token=${t}`, html ? { headers: { accept: 'text/html' } } : {});

    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const t = await get(tampered);
    expect(t.status).toBe(403);
    expect((await t.json()).code).toBe('link_invalid');
    const page = await get(tampered, true);
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('This link is not valid');

    const acc = s.admin.item.account.accountId;
    const forged = await signedLinks(new TextEncoder().encode('not the secret')).sign(
      'document',
      { sub: shareId, acc },
      new Date(Date.now() + 3600_000),
    );
    expect((await get(forged)).status).toBe(403);
    const links = signedLinks(loadSecret(srv.dataDir));
    const expired = await links.sign('document', { sub: shareId, acc }, new Date(Date.now() - 1000));
    const ex = await get(expired);
    expect(ex.status).toBe(410);
    expect((await ex.json()).code).toBe('link_expired');
    // A quotation link's token does not open a document.
    const quote = await links.sign('quotation', { sub: shareId, acc }, new Date(Date.now() + 3600_000));
    expect((await get(quote)).status).toBe(403);
    expect(await shareRow()).toMatchObject({ openCount: 0, firstOpenedAt: null });

    // Withdrawn: the genuine link stops working.
    expect((await s.admin.send('DELETE', `${API}/document-shares/${shareId}`)).status).toBe(200);
    expect((await get(token)).status).toBe(403);
    expect(await shareRow()).toMatchObject({ openCount: 0 });
    // Sharing again brings it back, with a new link.
    await srv.mailsSent();
    const again = srv.mails.length;
    await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: [customerA] });
    await srv.mailsSent();
    expect((await get(tokenOf(srv.mails[again].text))).status).toBe(200);
    // A deleted document's link is refused.
    const doc = (await s.admin.get(`${API}/documents/${d.id}`)).body;
    await s.admin.send('DELETE', `${API}/documents/${d.id}?version=${doc.version}`);
    expect((await get(tokenOf(srv.mails[again].text))).status).toBe(403);
  });

  it("shares with all customers; refuses documents without a file and other accounts' ids", async () => {
    const d = await withFile();
    const all = await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: 'all' });
    expect(all.status).toBe(200);
    expect(all.body.shared).toBeGreaterThanOrEqual(3);
    const empty = await newDoc();
    const noFile = await s.admin.send('POST', `${API}/documents/share`, {
      documentIds: [empty.id],
      customerIds: [customerA],
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.fieldErrors.documentIds[0]).toContain('No file');
    await srv.mailsSent();
    const before = srv.mails.length;
    const stranger = await s.stranger.send('POST', `${API}/documents/share`, {
      documentIds: [d.id],
      customerIds: 'all',
    });
    expect(stranger.status).toBe(422);
    await srv.mailsSent();
    expect(srv.mails.length).toBe(before);
    const theirs = await s.stranger.get(`${API}/document-shares?f.documentId=${d.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
    expect((await s.stranger.send('DELETE', `${API}/document-shares/${crypto.randomUUID()}`)).status).toBe(404);
    expect(
      (await s.editor.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: 'all' })).status,
    ).toBe(403);
    expect((await s.editor.get(`${API}/document-shares`)).status).toBe(403);
  });
});

describe('/Documents (everybody)', () => {
  it('shows staff documents of the account and system documents by role, searchable', async () => {
    const staff = await withFile({ title: 'Driver handbook', category: 'Guides', staffVisible: true });
    const hidden = await withFile({ title: 'Customer contract XYZ' });
    const forDrivers = await withFile({ title: 'Quick dispense guide', system: true, systemRoles: ['basic'] }, s.boss);
    const forAdmins = await withFile({ title: 'Admin guide', system: true, systemRoles: ['admin'] }, s.boss);
    const lib = async (who: Session, q = '') =>
      ((await who.get(`${API}/documents/library${q ? `?q=${encodeURIComponent(q)}` : ''}`)).body.items as any[]).map(
        (x) => x.id,
      );
    const driver = await lib(s.driver);
    expect(driver).toEqual(expect.arrayContaining([staff.id, forDrivers.id]));
    expect(driver).not.toContain(hidden.id);
    expect(driver).not.toContain(forAdmins.id);
    expect(await lib(s.driver, 'handbook')).toEqual([staff.id]);
    // Another account: only the system document published to its role (manager ≠ basic: none).
    const nh = await lib(s.nhManager);
    expect(nh).not.toContain(staff.id);
    expect(nh).not.toContain(forDrivers.id);
    expect(await lib(s.stranger)).toEqual(expect.arrayContaining([forDrivers.id, forAdmins.id]));

    const open = (who: Session, id: string) => fetch(`${srv.url}${API}/documents/${id}/file`, { headers: who.headers });
    const r = await open(s.driver, forDrivers.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await open(s.driver, staff.id)).status).toBe(200);
    expect((await open(s.driver, forAdmins.id)).status).toBe(404);
    expect((await open(s.nhManager, staff.id)).status).toBe(404);
    expect((await open(s.stranger, forDrivers.id)).status).toBe(200);
    // Old versions are for the owning account's admins.
    expect((await fetch(`${srv.url}${API}/documents/${staff.id}/file?v=1`, { headers: s.driver.headers })).status).toBe(
      200,
    );
    await upload(s.admin, staff.id, PDF);
    expect((await fetch(`${srv.url}${API}/documents/${staff.id}/file?v=1`, { headers: s.driver.headers })).status).toBe(
      404,
    );
    // An admin cannot take over a system document.
    const sys = (await s.admin.get(`${API}/documents/${forDrivers.id}`)).body;
    const edit = await s.admin.send('PUT', `${API}/documents/${forDrivers.id}`, {
      title: 'Mine now',
      system: false,
      version: sys.version,
    });
    expect(edit.status).toBe(422);
  });
});

describe('expiring documents (the dashboard card)', () => {
  it("lists the account's documents expiring within 30 days or lately expired, soonest first, admins only", async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const soon = await newDoc({ title: `Calibration soon ${Math.random()}`, expiresOn: day(10) });
    const lapsed = await newDoc({ title: `Calibration lapsed ${Math.random()}`, expiresOn: day(-3) });
    const later = await newDoc({ title: `Calibration later ${Math.random()}`, expiresOn: day(90) });
    const gone = await newDoc({ title: `Calibration deleted ${Math.random()}`, expiresOn: day(5) });
    expect((await s.admin.send('DELETE', `${API}/documents/${gone.id}?version=${gone.version}`)).status).toBe(200);
    const other = await newDoc({ title: `Other account ${Math.random()}`, expiresOn: day(5) }, s.stranger);

    const res = await s.admin.get(`${API}/documents/expiring`);
    expect(res.status).toBe(200);
    expect(res.body.withinDays).toBe(30);
    const ids = res.body.documents.map((x: any) => x.id);
    expect(ids).toEqual(expect.arrayContaining([soon.id, lapsed.id]));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(other.id);
    expect(ids.indexOf(lapsed.id)).toBeLessThan(ids.indexOf(soon.id));
    expect(res.body.documents.find((x: any) => x.id === soon.id)).toMatchObject({ daysLeft: 10, expiresOn: day(10) });
    expect(res.body.documents.find((x: any) => x.id === lapsed.id).daysLeft).toBe(-3);

    for (const who of [s.editor, s.manager, s.driver])
      expect((await who.get(`${API}/documents/expiring`)).status).toBe(403);
    expect((await s.stranger.get(`${API}/documents/expiring`)).body.documents.map((x: any) => x.id)).toEqual(
      expect.arrayContaining([other.id]),
    );
  });
});

describe('an edit that only adds a new file', () => {
  it('makes the file the next version, alone or after an unchanged save of the record', async () => {
    const d = await withFile({ title: `Calibration T7 ${Math.random()}`, expiresOn: '2031-01-31' });
    // The form's path when only a file is chosen: the upload alone.
    const v2 = await upload(s.admin, d.id, PDF, 'calibration-2026.pdf');
    expect(v2.status).toBe(201);
    const row2 = await v2.json();
    expect(row2).toMatchObject({ currentVersion: 2, fileName: 'calibration-2026.pdf', expiresOn: '2031-01-31' });
    // An unchanged record save (an older client) followed by the file: both succeed, nothing else changes.
    const { id: _id, version, createdAt: _c, updatedAt: _u, deletedAt: _d, ...rest } = row2;
    const keep = {
      title: rest.title,
      category: rest.category,
      tags: rest.tags,
      expiresOn: rest.expiresOn,
      description: rest.description,
      staffVisible: rest.staffVisible,
      system: rest.system,
      systemRoles: rest.systemRoles,
    };
    const same = await s.admin.send('PUT', `${API}/documents/${d.id}`, { ...keep, version });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const v3 = await upload(s.admin, d.id, PDF, 'calibration-2026b.pdf');
    expect(v3.status).toBe(201);
    expect(await v3.json()).toMatchObject({ currentVersion: 3, fileName: 'calibration-2026b.pdf', title: keep.title });
    const versions = await s.admin.get(`${API}/documents/${d.id}/versions`);
    expect(versions.body.items.map((x: any) => x.versionNo)).toEqual([3, 2, 1]);
    expect(filesOf(d.id)).toHaveLength(3);
  });
});
