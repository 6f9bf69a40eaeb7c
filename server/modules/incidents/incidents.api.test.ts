import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INCIDENT_COLUMNS, PHOTO_MAX_BYTES, PHOTO_MAX_PX, THUMB_PX } from '../../../src/contract/incidents';
import type { ColumnSpec } from '../../../src/contract/columns';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';

/**
 * `/incidents` against a real server: CRUD with versions, the workflow (bad steps → 409), links to
 * exceptions, photos (accepted by content, refused by type/size/damage, thumbnail, files cleaned),
 * audit, rules per role and tenant isolation (records and photo URLs).
 */
let srv: TestServer;
const s = {} as Record<'admin' | 'editor' | 'manager' | 'stranger', Session>;
const f = {} as Record<'store' | 'store2' | 'tank' | 'tank2' | 'exception' | 'foreignException', string>;
let acc: number;
const I = '/api/v1/incidents';

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

async function raw(who: Session, method: string, p: string, body?: Buffer, type = 'application/octet-stream') {
  const res = await fetch(srv.url + p, {
    method,
    headers: { ...who.headers, ...(body ? { 'content-type': type } : {}) },
    body: body ? new Uint8Array(body) : undefined,
  });
  const buf = Buffer.from(await res.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(buf.toString('utf8'));
  } catch {
    /* bytes */
  }
  return { status: res.status, headers: res.headers, buf, body: json };
}

const incident = (extra: Record<string, unknown> = {}) => ({
  kind: 'incident',
  type: 'spill',
  severity: 'high',
  storeId: f.store,
  tankId: f.tank,
  occurredAt: '2026-03-01T08:15:00Z',
  title: 'Diesel spill at the fill point',
  description: 'About 20 L on the slab; absorbent used.',
  ...extra,
});
async function create(extra: Record<string, unknown> = {}) {
  const r = await s.admin.send('POST', I, incident(extra));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const filesOf = (id: string) => path.join(srv.dataDir, 'files', 'accounts', String(acc), 'incidents', id);

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'editor', 'manager'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  acc = s.admin.item.account.accountId;
  const stores = (await s.admin.get('/api/v1/stores?sort=code')).body.items;
  f.store = stores[0].id;
  f.store2 = stores[1].id;
  const tanks = (await s.admin.get(`/api/v1/tanks?f.storeId=${f.store}`)).body.items;
  f.tank = tanks[0].id;
  f.tank2 = (await s.admin.get(`/api/v1/tanks?f.storeId=${f.store2}`)).body.items[0].id;
  const exec = (q: ReturnType<typeof sql>) => srv.database.db.execute(q);
  const other = s.stranger.item.account.accountId;
  const ids = await exec(sql`insert into exceptions (account_id, code, entity, message, store_id) values
    (${acc}, 'water', 'tank', 'Water 12 mm', ${f.store}), (${other}, 'water', 'tank', 'Not yours', null) returning id, account_id`);
  const rows = ids.rows as { id: string; account_id: string }[];
  f.exception = rows.find((r) => Number(r.account_id) === acc)!.id;
  f.foreignException = rows.find((r) => Number(r.account_id) === other)!.id;
});
afterAll(async () => {
  await srv?.close();
});

describe('incidents: records', () => {
  it('creates, reads, lists with filters and search, and updates with the version', async () => {
    const row = await create();
    expect(row).toMatchObject({ status: 'open', version: 1, kind: 'incident', photos: [], photoCount: 0 });
    expect(row.storeCode).toBeTruthy();
    expect(row.tankCode).toBeTruthy();
    expect((await s.admin.get(`${I}/${row.id}`)).body).toEqual(row);

    const list = await s.admin.get(`${I}?f.type=spill&f.status=open&f.severity=high&f.storeId=${f.store}&q=slab`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: any) => x.id)).toContain(row.id);
    const none = await s.admin.get(`${I}?f.type=leak&q=slab`);
    expect(none.body.items.map((x: any) => x.id)).not.toContain(row.id);
    // Dates are the store's local days (store 1 is UTC+2 in the demo? whichever: the day of the instant there).
    const day = await s.admin.get(`${I}?f.from=2026-03-01&f.to=2026-03-01&pageSize=200`);
    expect(day.body.items.map((x: any) => x.id)).toContain(row.id);
    const later = await s.admin.get(`${I}?f.from=2026-03-05&pageSize=200`);
    expect(later.body.items.map((x: any) => x.id)).not.toContain(row.id);
    expect((await s.admin.get(`${I}?f.status=nope`)).status).toBe(400);

    const upd = await s.admin.send('PUT', `${I}/${row.id}`, incident({ severity: 'critical', version: 1 }));
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toMatchObject({ severity: 'critical', version: 2 });
    const stale = await s.admin.send('PUT', `${I}/${row.id}`, incident({ version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
  });

  it('records a call-out with its times and cost; refuses times out of order and a nameless call-out', async () => {
    const row = await create({
      kind: 'callout',
      type: 'pump_fault',
      severity: 'medium',
      title: 'Pump 2 not delivering',
      technician: 'J. Mokoena',
      company: 'PumpServ',
      calledAt: '2026-03-01T07:00:00Z',
      arrivedAt: '2026-03-01T09:30:00Z',
      leftAt: '2026-03-01T11:00:00Z',
      cost: 1450.5,
    });
    expect(row).toMatchObject({ kind: 'callout', technician: 'J. Mokoena', cost: 1450.5 });
    expect(row.arrivedAt).toBe('2026-03-01T09:30:00.000Z');
    const bad = await s.admin.send(
      'POST',
      I,
      incident({ kind: 'callout', technician: null, calledAt: '2026-03-01T10:00:00Z', leftAt: '2026-03-01T09:00:00Z' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty(['leftAt']);
    expect(bad.body.fieldErrors).toHaveProperty(['technician']);
  });

  it('answers clear 4xx for invalid input and references, and writes nothing', async () => {
    const before = (await s.admin.get(`${I}?pageSize=1`)).body.total;
    const bad = await s.admin.send('POST', I, { kind: 'fire', type: 'spill', severity: 'x', title: '', extra: 1 });
    expect(bad.status).toBe(400);
    for (const k of ['kind', 'severity', 'storeId', 'title', 'occurredAt', 'extra'])
      expect(bad.body.fieldErrors, k).toHaveProperty([k]);
    const wrongTank = await s.admin.send('POST', I, incident({ tankId: f.tank2 }));
    expect(wrongTank.status).toBe(422);
    expect(wrongTank.body.fieldErrors).toHaveProperty(['tankId']);
    const foreign = await s.admin.send('POST', I, incident({ exceptionIds: [f.foreignException] }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors).toHaveProperty(['exceptionIds']);
    const noStore = await s.admin.send('POST', I, incident({ storeId: '00000000-0000-4000-8000-000000000000' }));
    expect(noStore.status).toBe(422);
    expect((await s.admin.get(`${I}?pageSize=1`)).body.total).toBe(before);
  });

  it('links exceptions of the account and shows them', async () => {
    const row = await create({ type: 'contamination', exceptionIds: [f.exception, f.exception] });
    expect(row.exceptionIds).toEqual([f.exception]);
    expect(row.exceptions).toEqual([
      expect.objectContaining({ id: f.exception, code: 'water', message: 'Water 12 mm' }),
    ]);
    // The other way round: the exception's detail links the incident.
    const detail = await s.admin.get(`/api/v1/exceptions/${f.exception}`);
    expect(detail.body.incidents).toContainEqual({
      label: `Incident: ${row.title} (Open)`,
      screen: '/IncidentReport',
      search: { edit: row.id },
    });
  });

  it('exports CSV with the screen’s column titles', async () => {
    await create({ title: 'Export me' });
    const r = await raw(s.admin, 'GET', `${I}/export?format=csv&q=Export%20me`);
    expect(r.status).toBe(200);
    const header = r.buf
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0];
    for (const c of (INCIDENT_COLUMNS as readonly ColumnSpec[]).filter((c) => !c.hidden))
      expect(header).toContain(c.title);
    expect(r.buf.toString('utf8')).toContain('Export me');
  });
});

describe('incidents: workflow', () => {
  it('goes open → in progress → closed → open; any other step is 409 and changes nothing', async () => {
    const row = await create();
    const step = (name: string, version: number) => s.admin.send('POST', `${I}/${row.id}/${name}`, { version });
    expect((await step('reopen', 1)).status).toBe(409);
    const started = await step('start', 1);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'in_progress', version: 2 });
    const again = await step('start', 2);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('incident_state');
    expect((await step('close', 1)).body.code).toBe('stale');
    const closed = await step('close', 2);
    expect(closed.body).toMatchObject({ status: 'closed', version: 3 });
    expect(closed.body.closedAt).toBeTruthy();
    expect((await step('close', 3)).status).toBe(409);
    const edit = await s.admin.send('PUT', `${I}/${row.id}`, incident({ version: 3 }));
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('incident_state');
    const photo = await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await png(40, 30), 'image/png');
    expect(photo.status).toBe(409);
    expect((await s.admin.get(`${I}/${row.id}`)).body.version).toBe(3);
    const reopened = await step('reopen', 3);
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null });
    expect((await step('close', 4)).body.status).toBe('closed'); // straight from open
    expect((await s.admin.send('POST', `${I}/${row.id}/start`, {})).status).toBe(400);

    const audit = await s.admin.get(`/api/v1/audit-logs?f.entity=incident&f.entityId=${row.id}&sort=at&pageSize=50`);
    expect(audit.body.items.map((a: any) => a.action)).toEqual(['create', 'start', 'close', 'reopen', 'close']);
  });
});

describe('incidents: photos', () => {
  it('stores a PNG with a thumbnail, serves both, and removes the files with the photo', async () => {
    const row = await create();
    const up = await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await png(800, 600), 'image/png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.photos).toHaveLength(1);
    const p = up.body.photos[0];
    expect(p).toMatchObject({ contentType: 'image/png', width: 800, height: 600 });
    expect(up.body.version).toBe(1); // photos do not change the incident's fields

    const full = await raw(s.admin, 'GET', `${I}/${row.id}/photos/${p.id}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect((await sharp(full.buf).metadata()).width).toBe(800);
    const thumb = await raw(s.admin, 'GET', `${I}/${row.id}/photos/${p.id}/thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const tm = await sharp(thumb.buf).metadata();
    expect(tm.format).toBe('jpeg');
    expect(Math.max(tm.width!, tm.height!)).toBe(THUMB_PX);
    expect(fs.readdirSync(filesOf(row.id))).toHaveLength(2);

    const audit = await s.admin.get(`/api/v1/audit-logs?f.entity=incident_photo&f.entityId=${p.id}`);
    expect(audit.body.items.map((a: any) => a.action)).toEqual(['create']);

    const del = await s.admin.send('DELETE', `${I}/${row.id}/photos/${p.id}`);
    expect(del.status).toBe(200);
    expect(del.body.photos).toEqual([]);
    expect(fs.readdirSync(filesOf(row.id))).toHaveLength(0);
    expect((await raw(s.admin, 'GET', `${I}/${row.id}/photos/${p.id}`)).status).toBe(404);
  });

  it('resizes a large JPEG to the stored maximum, whatever type the client declared', async () => {
    const row = await create();
    const up = await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await jpeg(3000, 1500), 'application/octet-stream');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.photos[0]).toMatchObject({
      contentType: 'image/jpeg',
      width: PHOTO_MAX_PX,
      height: PHOTO_MAX_PX / 2,
    });
  });

  it('refuses what is not a JPEG/PNG/WebP (415), a damaged image (422), too large (413), empty (400)', async () => {
    const row = await create();
    const url = `${I}/${row.id}/photos`;
    const text = await raw(s.admin, 'POST', url, Buffer.from('hello, not an image at all'), 'image/png');
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/JPG, PNG, WEBP/);
    const gif = await raw(s.admin, 'POST', url, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif');
    expect(gif.status).toBe(415);
    const good = await png(50, 50);
    const broken = await raw(s.admin, 'POST', url, good.subarray(0, 60), 'image/png');
    expect(broken.status).toBe(422);
    const big = Buffer.concat([good, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooBig = await raw(s.admin, 'POST', url, big, 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/larger than 10 MB/);
    const empty = await raw(s.admin, 'POST', url, Buffer.alloc(0), 'image/png');
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    const json = await s.admin.send('POST', url, { photo: 'x' });
    expect(json.status).toBe(415);
    // Nothing was kept: no row, no file.
    expect((await s.admin.get(`${I}/${row.id}`)).body).toMatchObject({ photoCount: 0, version: 1 });
    expect(fs.existsSync(filesOf(row.id)) ? fs.readdirSync(filesOf(row.id)) : []).toEqual([]);
    const missing = await raw(s.admin, 'POST', `${I}/00000000-0000-4000-8000-000000000000/photos`, good, 'image/png');
    expect(missing.status).toBe(404);
  });

  it('deleting an incident removes its photos and files; restoring brings the record back', async () => {
    const row = await create();
    const up = await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await png(60, 60), 'image/png');
    expect(up.status).toBe(201);
    expect(fs.existsSync(filesOf(row.id))).toBe(true);
    const del = await s.admin.send('DELETE', `${I}/${row.id}?version=1`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(fs.existsSync(filesOf(row.id))).toBe(false);
    expect((await raw(s.admin, 'GET', `${I}/${row.id}/photos/${up.body.photos[0].id}/thumb`)).status).toBe(404);
    const restored = await s.admin.send('POST', `${I}/${row.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deletedAt: null, photoCount: 0 });
  });
});

describe('incidents: access', () => {
  it('is the admin rule: an editor or manager gets 403 everywhere', async () => {
    const row = await create();
    const p = (await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await png(20, 20), 'image/png')).body.photos[0];
    for (const who of [s.editor, s.manager]) {
      expect((await who.get(I)).status).toBe(403);
      expect((await who.send('POST', I, incident())).status).toBe(403);
      expect((await who.send('POST', `${I}/${row.id}/start`, { version: 1 })).status).toBe(403);
      expect((await raw(who, 'GET', `${I}/${row.id}/photos/${p.id}/thumb`)).status).toBe(403);
      expect((await raw(who, 'POST', `${I}/${row.id}/photos`, await png(20, 20), 'image/png')).status).toBe(403);
      expect((await who.get(`/api/v1/daily-report?day=2026-03-01`)).status).toBe(403);
    }
  });

  it("keeps another account's incidents and photo URLs out of reach", async () => {
    const row = await create({ title: 'Tenant secret' });
    const p = (await raw(s.admin, 'POST', `${I}/${row.id}/photos`, await png(20, 20), 'image/png')).body.photos[0];
    const x = s.stranger;
    expect((await x.get(`${I}/${row.id}`)).status).toBe(404);
    expect((await x.get(`${I}?q=Tenant%20secret`)).body.items).toEqual([]);
    expect((await raw(x, 'GET', `${I}/${row.id}/photos/${p.id}`)).status).toBe(404);
    expect((await raw(x, 'GET', `${I}/${row.id}/photos/${p.id}/thumb`)).status).toBe(404);
    expect((await raw(x, 'POST', `${I}/${row.id}/photos`, await png(20, 20), 'image/png')).status).toBe(404);
    expect((await x.send('DELETE', `${I}/${row.id}/photos/${p.id}`)).status).toBe(404);
    expect((await x.send('POST', `${I}/${row.id}/close`, { version: 1 })).status).toBe(404);
    expect((await x.send('PUT', `${I}/${row.id}`, incident({ version: 1 }))).status).toBe(404);
    expect((await x.send('DELETE', `${I}/${row.id}?version=1`)).status).toBe(404);
    // The stranger's own incident cannot point at this account's store or exceptions.
    const theirs = await x.send('POST', I, incident({ tankId: null, exceptionIds: [f.exception] }));
    expect(theirs.status).toBe(422);
    const after = await s.admin.get(`${I}/${row.id}`);
    expect(after.body).toMatchObject({ version: 1, photoCount: 1, status: 'open', deletedAt: null });
  });
});
