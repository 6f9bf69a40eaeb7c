import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { SETUP_COLUMNS } from '../../../src/contract/setup/columns';
import type { Session } from '../../../tests/api/resource-suite';

let srv: TestServer;
const s: Record<string, Session> = {};

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'driver', 'boss'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.nh = await session(srv.url, ...DEMO.multi, 'North Haulage');
  s.nhBoss = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const ids = (r: any) => r.body.items.map((x: any) => x.id);

describe('list protocol (on the seeded 180 equipment)', () => {
  it('pages with a total and a stable order', async () => {
    const p1 = await s.manager.get('/api/v1/equipment?pageSize=50');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ total: 180, page: 1, pageSize: 50 });
    expect(p1.body.items[0].fleetNo).toBe('DF-0001');
    const p4 = await s.manager.get('/api/v1/equipment?pageSize=50&page=4');
    expect(p4.body.items).toHaveLength(30);
    expect(p4.body.next).toBeNull();
    const all = new Set([
      ...ids(p1),
      ...ids(await s.manager.get('/api/v1/equipment?pageSize=50&page=2')),
      ...ids(await s.manager.get('/api/v1/equipment?pageSize=50&page=3')),
      ...ids(p4),
    ]);
    expect(all.size).toBe(180);
  });

  it('walks every row once with the keyset cursor, on a sort with ties and nulls', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r: any = await s.manager.get(
        `/api/v1/equipment?pageSize=40&sort=-registration,currentMeter${after ? `&after=${after}` : ''}`,
      );
      expect(r.status).toBe(200);
      seen.push(...ids(r));
      after = r.body.next;
      pages++;
    } while (after && pages < 10);
    expect(seen).toHaveLength(180);
    expect(new Set(seen).size).toBe(180);
    // Same order as offset paging.
    const offset = [...ids(await s.manager.get('/api/v1/equipment?pageSize=200&sort=-registration,currentMeter'))];
    expect(seen).toEqual(offset);
  });

  it('rejects a cursor made for another sort, an unknown sort, filter or parameter', async () => {
    const r = await s.manager.get('/api/v1/equipment?pageSize=5&sort=fleetNo');
    const bad = await s.manager.get(`/api/v1/equipment?pageSize=5&sort=registration&after=${r.body.next}`);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('after');
    expect((await s.manager.get('/api/v1/equipment?after=garbage')).status).toBe(400);
    expect((await s.manager.get('/api/v1/equipment?sort=pinHash')).body.fieldErrors).toHaveProperty('sort');
    expect((await s.manager.get('/api/v1/equipment?f.secret=1')).body.fieldErrors).toHaveProperty(['f.secret']);
    expect((await s.manager.get('/api/v1/equipment?f.active=maybe')).body.fieldErrors).toHaveProperty(['f.active']);
    expect((await s.manager.get('/api/v1/equipment?f.typeId=123')).status).toBe(400);
    expect((await s.manager.get('/api/v1/equipment?color=red')).body.fieldErrors).toHaveProperty('color');
    expect((await s.manager.get('/api/v1/equipment?pageSize=500')).status).toBe(400);
  });

  it('sorts both ways', async () => {
    const asc = await s.manager.get('/api/v1/equipment?sort=currentMeter&pageSize=200');
    const meters = asc.body.items.map((x: any) => x.currentMeter);
    // Equipment without a meter (ADR 076: the demo's two generators) has none: after the rest.
    const known = meters.filter((m: number | null) => m !== null);
    expect(meters).toEqual([...[...known].sort((a, b) => a - b), ...meters.filter((m: number | null) => m === null)]);
    expect(known.length).toBeLessThan(meters.length);
    const desc = await s.manager.get('/api/v1/equipment?sort=-fleetNo&pageSize=1');
    expect(desc.body.items[0].fleetNo).toBe('DF-0180');
  });

  it('searches every word across the search fields, case-insensitively', async () => {
    const r = await s.manager.get('/api/v1/equipment?q=caterpillar%20320&pageSize=200');
    expect(r.body.total).toBeGreaterThan(0);
    for (const e of r.body.items) expect(e.description.toLowerCase()).toContain('caterpillar 320');
    const none = await s.manager.get('/api/v1/equipment?q=%25');
    expect(none.body.total).toBe(0);
    const tag = (await s.manager.get('/api/v1/equipment?pageSize=200')).body.items.find((e: any) => e.tags.length)
      .tags[0];
    expect((await s.manager.get(`/api/v1/equipment?q=${tag.toLowerCase()}`)).body.total).toBe(1);
    expect((await s.manager.get(`/api/v1/equipment?f.tag=${tag}`)).body.total).toBe(1);
  });

  it('filters exactly, "any of" with commas and null for "none"', async () => {
    const ref = (await s.driver.get('/api/v1/reference')).body;
    const [a, b] = ref.costCentres;
    const one = await s.manager.get(`/api/v1/equipment?f.costCentreId=${a.id}&pageSize=200`);
    const two = await s.manager.get(`/api/v1/equipment?f.costCentreId=${a.id},${b.id}&pageSize=200`);
    expect(one.body.items.every((e: any) => e.costCentreId === a.id)).toBe(true);
    expect(two.body.total).toBe(
      one.body.total + (await s.manager.get(`/api/v1/equipment?f.costCentreId=${b.id}`)).body.total,
    );
    const inactive = await s.manager.get('/api/v1/equipment?f.active=false');
    expect(inactive.body.total).toBeGreaterThan(0);
    expect(inactive.body.items.every((e: any) => !e.active)).toBe(true);
    const noReg = await s.manager.get('/api/v1/equipment?f.meterType=null&pageSize=1');
    expect(noReg.body.total).toBe(180);
  });
});

describe('export', () => {
  it('streams the filtered set as CSV with the titles the table shows', async () => {
    const res = await fetch(`${srv.url}/api/v1/equipment/export?format=csv&f.active=true&sort=fleetNo`, {
      headers: s.manager.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="equipment-\d{4}-\d{2}-\d{2}_\d{4}\.csv"$/,
    );
    const parsed = Papa.parse<Record<string, string>>((await res.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    const total = (await s.manager.get('/api/v1/equipment?f.active=true')).body.total;
    expect(parsed.data).toHaveLength(total);
    expect(parsed.meta.fields).toEqual(SETUP_COLUMNS.equipment.map((c) => c.title));
    expect(parsed.data[0]['Fleet no.']).toBe('DF-0001');
    expect(parsed.data.every((r) => r.Active === 'Yes')).toBe(true);
  });

  it('exports chosen columns as XLSX that reads back', async () => {
    const res = await fetch(
      `${srv.url}/api/v1/stores/export?format=xlsx&columns=code,name,variant,openingHours&sort=code`,
      { headers: s.admin.headers },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/stores-.*\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    const rows = ws
      .getSheetValues()
      .filter(Boolean)
      .map((r: any) => r.slice(1));
    expect(rows[0]).toEqual(['Code', 'Name', 'Variant', 'Opening hours']);
    expect(rows).toHaveLength(7);
    expect(rows[1].slice(0, 3)).toEqual(['CPT01', 'Cape Town Workshop', 'FAMS']);
    expect(JSON.parse(rows[1][3])[1]).toEqual({ open: '06:00', close: '18:00' });
  });

  it('validates before streaming and keeps to the rule and the account', async () => {
    expect((await s.manager.get('/api/v1/equipment/export?format=pdf')).status).toBe(400);
    expect((await s.manager.get('/api/v1/equipment/export?format=csv&columns=fleetNo,pinHash')).status).toBe(400);
    expect((await s.manager.get('/api/v1/equipment/export?format=csv&f.nope=1')).status).toBe(400);
    expect((await s.editor.get('/api/v1/equipment/export?format=csv')).status).toBe(403);
    const nh = await s.nh.get('/api/v1/equipment/export?format=csv');
    expect(nh.status).toBe(200);
    expect(nh.body).toContain('NH-0001');
    expect(nh.body).not.toContain('DF-0');
  });
});

describe('audit logs', () => {
  it("lists the account's writes with user names, filterable by entity, user, action and date", async () => {
    const c = await s.editor.send('POST', '/api/v1/cost-centres', { code: 'AUD1', name: 'Audited' });
    await s.editor.send('PUT', `/api/v1/cost-centres/${c.body.id}`, {
      code: 'AUD1',
      name: 'Audited twice',
      version: 1,
    });
    const today = new Date().toISOString().slice(0, 10);
    const r = await s.admin.get(
      `/api/v1/audit-logs?f.entity=cost_centre&f.action=update&f.from=${today}&f.to=${today}`,
    );
    expect(r.status).toBe(200);
    const row = r.body.items.find((x: any) => x.entityId === c.body.id);
    expect(row).toMatchObject({
      userName: 'Eddie Editor',
      before: { name: 'Audited' },
      after: { name: 'Audited twice', version: 2 },
    });
    const byUser = await s.admin.get(`/api/v1/audit-logs?f.userId=${s.editor.item.userRoles.id}`);
    expect(byUser.body.items.every((x: any) => x.userId === s.editor.item.userRoles.id)).toBe(true);
    expect((await s.admin.get('/api/v1/audit-logs?f.to=2000-01-01')).body.total).toBe(0);
    expect((await s.admin.get('/api/v1/audit-logs?f.from=yesterday')).status).toBe(400);
    expect((await s.admin.get('/api/v1/audit-logs?f.to=2026-02-30')).status).toBe(400);
    expect((await s.editor.get('/api/v1/audit-logs')).status).toBe(403);
  });

  it('exports the filtered trail with before/after as JSON', async () => {
    const res = await fetch(
      `${srv.url}/api/v1/audit-logs/export?format=csv&f.entity=cost_centre&columns=at,action,entityId,userName,after`,
      { headers: s.admin.headers },
    );
    expect(res.status).toBe(200);
    const parsed = Papa.parse<Record<string, string>>((await res.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual(['When', 'Action', 'Record id', 'Who', 'After']);
    expect(parsed.data.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(parsed.data.find((r) => r.Action === 'Updated')!.After)).toMatchObject({ code: 'AUD1' });
    expect(parsed.data.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r.When))).toBe(true);
  });

  it("never shows another account's entries", async () => {
    const nh = await s.nhBoss.get('/api/v1/audit-logs?pageSize=200');
    expect(nh.status).toBe(200);
    expect(JSON.stringify(nh.body)).not.toMatch(/Eddie Editor|AUD1/);
  });
});

describe('restore deleted', () => {
  it('lists soft-deleted rows across resources for ThebigBoss; restore goes through the resource', async () => {
    const cc = await s.editor.send('POST', '/api/v1/cost-centres', { code: 'DEL1', name: 'Doomed' });
    await s.editor.send('DELETE', `/api/v1/cost-centres/${cc.body.id}`, { version: 1 });
    const st = await s.admin.send('POST', '/api/v1/stores', {
      code: 'DEL2',
      name: 'Doomed store',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    await s.admin.send('DELETE', `/api/v1/stores/${st.body.id}?version=1`);

    const list = await s.boss.get('/api/v1/deleted');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      entity: 'store',
      resource: '/stores',
      id: st.body.id,
      label: 'DEL2 Doomed store',
      deletedByName: 'Alex Admin',
    });
    const ccRow = list.body.items.find((x: any) => x.id === cc.body.id);
    expect(ccRow).toMatchObject({ entity: 'cost_centre', label: 'DEL1 Doomed', deletedByName: 'Eddie Editor' });
    expect(
      (await s.boss.get('/api/v1/deleted?f.entity=store')).body.items.every((x: any) => x.entity === 'store'),
    ).toBe(true);
    expect((await s.boss.get('/api/v1/deleted?q=doomed%20store')).body.total).toBe(1);

    // The natural key was reused meanwhile: restoring is refused, naming the field.
    await s.editor.send('POST', '/api/v1/cost-centres', { code: 'del1', name: 'New owner' });
    const clash = await s.boss.send('POST', `/api/v1/cost-centres/${cc.body.id}/restore`, {});
    expect(clash.status).toBe(422);
    expect(clash.body.fieldErrors).toHaveProperty('code');
    const ok = await s.boss.send('POST', `/api/v1/stores/${st.body.id}/restore`, { version: 2 });
    expect(ok.status).toBe(200);
    expect((await s.boss.get('/api/v1/deleted')).body.items.map((x: any) => x.id)).not.toContain(st.body.id);

    expect((await s.admin.get('/api/v1/deleted')).status).toBe(403);
    const nh = await s.nhBoss.get('/api/v1/deleted');
    expect(nh.body.items.map((x: any) => x.id)).not.toContain(cc.body.id);
  });
});

describe('reference data', () => {
  it('gives any signed-in user the live reference data, without PIN hashes', async () => {
    const r = await s.driver.get('/api/v1/reference');
    expect(r.status).toBe(200);
    expect(r.body.stores.filter((x: any) => !x.code.startsWith('DEL'))).toHaveLength(6);
    expect(r.body.stores.filter((x: any) => x.variant === 'FAMS24')).toHaveLength(2);
    expect(r.body.products.map((p: any) => p.name).sort()).toEqual([
      'AdBlue',
      'Diesel 50ppm',
      'Lube oil 15W-40',
      'ULP 95',
    ]);
    expect(r.body.tanks).toHaveLength(14);
    expect(r.body.tanks.every((t: any) => t.strappingChart.length > 10)).toBe(true);
    expect(r.body.costCentres.filter((c: any) => /^CC\d\d$/.test(c.code))).toHaveLength(12);
    expect(r.body.equipmentTypes).toHaveLength(25);
    expect(r.body.equipment).toHaveLength(180);
    expect(r.body.employees).toHaveLength(90);
    expect(r.body.allocations.length).toBeGreaterThan(180);
    expect(r.body.f24Rules).toHaveLength(3);
    expect(r.body.equipment.every((e: any) => e.meterType && e.tankCapacity > 0)).toBe(true);
    expect(r.body.employees.every((e: any) => e.hasPin === true)).toBe(true);
    expect(JSON.stringify(r.body)).not.toMatch(/scrypt|pinHash|pin_hash/);
  });

  it('answers 304 when nothing changed, and changes after a write', async () => {
    const first = await s.driver.get('/api/v1/reference');
    const etag = first.headers.get('etag')!;
    const again = await s.driver.client.call('GET', '/api/v1/reference', undefined, {
      ...s.driver.headers,
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    await s.editor.send('POST', '/api/v1/cost-centres', { code: 'REF1', name: 'New' });
    const changed = await s.driver.client.call('GET', '/api/v1/reference', undefined, {
      ...s.driver.headers,
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.costCentres.map((c: any) => c.code)).toContain('REF1');
  });

  it('is per account', async () => {
    const r = await s.nh.get('/api/v1/reference');
    expect(r.body.stores.map((x: any) => x.code).sort()).toEqual(['I80-24', 'JOL01']);
    expect(r.body.tanks).toHaveLength(2);
    expect(r.body.equipment).toHaveLength(20);
    expect(r.body.employees).toHaveLength(10);
    expect(r.body.equipment.every((e: any) => e.fleetNo.startsWith('NH-'))).toBe(true);
  });
});
