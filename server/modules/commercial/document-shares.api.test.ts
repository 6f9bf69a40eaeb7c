import { describe, expect, it } from 'vitest';
import type { Session } from '../../../tests/api/resource-suite';
import { loadSecret } from '../auth/tokens';
import { signedLinks } from '../../lib/signed-links';
import { API, PDF, tokenOf, withDocumentsFixture } from './documents.fixture';

/** Documents shared with customers by signed link, and the library everybody reads (ADR 043). */
const fx = withDocumentsFixture();
const { s, upload, newDoc, withFile } = fx;

describe('sharing with customers', () => {
  it('shares with several customers, mails each contact a signed link, and counts openings', async () => {
    const d = await withFile({ title: 'Safety data sheet diesel' });
    await fx.srv.mailsSent();
    const before = fx.srv.mails.length;
    const res = await s.admin.send('POST', `${API}/documents/share`, {
      documentIds: [d.id],
      customerIds: [fx.customerA, fx.customerB, fx.customerNoMail],
      message: 'As discussed.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shared).toBe(3);
    expect(res.body.mailed.map((m: any) => m.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(res.body.notMailed).toEqual([{ customerId: fx.customerNoMail, name: 'Doc Mining No Mail' }]);
    await fx.srv.mailsSent();
    const mails = fx.srv.mails.slice(before);
    expect(mails).toHaveLength(2);
    const mailA = mails.find((m) => m.to === 'a@example.com')!;
    expect(mailA.subject).toContain('Safety data sheet diesel');
    expect(mailA.text).toContain('As discussed.');
    const token = tokenOf(mailA.text);

    const perCustomer = () => s.admin.get(`${API}/document-shares?f.customerId=${fx.customerA}&f.documentId=${d.id}`);
    expect((await perCustomer()).body.items[0]).toMatchObject({ opened: false, openCount: 0, sentTo: 'a@example.com' });

    // No account needed: the link is the permission.
    const open = await fetch(`${fx.srv.url}${API}/public/document?token=${token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('application/pdf');
    expect(open.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(PDF);
    await fetch(`${fx.srv.url}${API}/public/document?token=${token}`).then((r) => r.arrayBuffer());
    const row = (await perCustomer()).body.items[0];
    expect(row).toMatchObject({ opened: true, openCount: 2, customerName: 'Doc Mining A' });
    expect(row.firstOpenedAt).not.toBeNull();
    const b = await s.admin.get(`${API}/document-shares?f.customerId=${fx.customerB}&f.documentId=${d.id}`);
    expect(b.body.items[0].opened).toBe(false);
    expect((await s.admin.get(`${API}/documents/${d.id}`)).body).toMatchObject({ shareCount: 3, openedCount: 1 });
  });

  it('refuses tampered, forged, expired and withdrawn links and records nothing', async () => {
    const d = await withFile();
    await fx.srv.mailsSent();
    const before = fx.srv.mails.length;
    await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: [fx.customerA] });
    await fx.srv.mailsSent();
    const token = tokenOf(fx.srv.mails[before].text);
    const shareRow = async () =>
      (await s.admin.get(`${API}/document-shares?f.customerId=${fx.customerA}&f.documentId=${d.id}&deleted=include`))
        .body.items[0];
    const { id: shareId } = await shareRow();
    const get = (t: string, html = false) =>
      fetch(`${fx.srv.url}${API}/public/document?token=${t}`, html ? { headers: { accept: 'text/html' } } : {});

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
    const links = signedLinks(loadSecret(fx.srv.dataDir));
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
    await fx.srv.mailsSent();
    const again = fx.srv.mails.length;
    await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: [fx.customerA] });
    await fx.srv.mailsSent();
    expect((await get(tokenOf(fx.srv.mails[again].text))).status).toBe(200);
    // A deleted document's link is refused.
    const doc = (await s.admin.get(`${API}/documents/${d.id}`)).body;
    await s.admin.send('DELETE', `${API}/documents/${d.id}?version=${doc.version}`);
    expect((await get(tokenOf(fx.srv.mails[again].text))).status).toBe(403);
  });

  it("shares with all customers; refuses documents without a file and other accounts' ids", async () => {
    const d = await withFile();
    const all = await s.admin.send('POST', `${API}/documents/share`, { documentIds: [d.id], customerIds: 'all' });
    expect(all.status).toBe(200);
    expect(all.body.shared).toBeGreaterThanOrEqual(3);
    const empty = await newDoc();
    const noFile = await s.admin.send('POST', `${API}/documents/share`, {
      documentIds: [empty.id],
      customerIds: [fx.customerA],
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.fieldErrors.documentIds[0]).toContain('No file');
    await fx.srv.mailsSent();
    const before = fx.srv.mails.length;
    const stranger = await s.stranger.send('POST', `${API}/documents/share`, {
      documentIds: [d.id],
      customerIds: 'all',
    });
    expect(stranger.status).toBe(422);
    await fx.srv.mailsSent();
    expect(fx.srv.mails.length).toBe(before);
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

    const open = (who: Session, id: string) =>
      fetch(`${fx.srv.url}${API}/documents/${id}/file`, { headers: who.headers });
    const r = await open(s.driver, forDrivers.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await open(s.driver, staff.id)).status).toBe(200);
    expect((await open(s.driver, forAdmins.id)).status).toBe(404);
    expect((await open(s.nhManager, staff.id)).status).toBe(404);
    expect((await open(s.stranger, forDrivers.id)).status).toBe(200);
    // Old versions are for the owning account's admins.
    expect(
      (await fetch(`${fx.srv.url}${API}/documents/${staff.id}/file?v=1`, { headers: s.driver.headers })).status,
    ).toBe(200);
    await upload(s.admin, staff.id, PDF);
    expect(
      (await fetch(`${fx.srv.url}${API}/documents/${staff.id}/file?v=1`, { headers: s.driver.headers })).status,
    ).toBe(404);
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
