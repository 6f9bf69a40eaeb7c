import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resourceSuite } from '../../../tests/api/resource-suite';
import { API, EXE, PDF, withDocumentsFixture } from './documents.fixture';

/** Documents: the record, its files (versions, type by content, size), expiry (ADR 043, 049). */
const fx = withDocumentsFixture();
const { s, upload, newDoc, withFile, filesOf } = fx;

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
    const old = await fetch(`${fx.srv.url}${API}/documents/${d.id}/file?v=1`, { headers: s.admin.headers });
    expect(old.status).toBe(200);
    expect(old.headers.get('content-type')).toBe('application/pdf');
    // A PDF can carry JavaScript: always a download, never opened in place (ADR 074).
    expect(old.headers.get('content-disposition')).toMatch(/^attachment; filename="sheet.pdf"/);
    expect(old.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(Buffer.from(await old.arrayBuffer())).toEqual(PDF);
    const cur = await fetch(`${fx.srv.url}${API}/documents/${d.id}/file?download=1`, { headers: s.admin.headers });
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
