import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';

let srv: TestServer;
const s: Record<string, Session> = {};
let stores: Record<string, string>;
let nhStores: Record<string, string>;
let nhId: number;

const URL = '/api/v1/equipment-copy';
const byCode = (rows: { id: string; code: string }[]) => Object.fromEntries(rows.map((r) => [r.code, r.id]));

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'boss'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1], name === 'boss' ? 'Demo Fuels' : undefined);
  s.nhManager = await session(srv.url, ...DEMO.multi, 'North Haulage');
  const targets = await s.boss.get(`${URL}/targets`);
  expect(targets.status).toBe(200);
  const df = targets.body.accounts.find((a: any) => a.current);
  const nh = targets.body.accounts.find((a: any) => a.name === 'North Haulage');
  stores = byCode(df.stores);
  nhStores = byCode(nh.stores);
  nhId = nh.id;
});
afterAll(async () => {
  await srv?.close();
});

/** Two demo equipment with allocations, and one fresh equipment with a tag. */
async function pick() {
  const allocs = (await s.manager.get('/api/v1/allocations?f.subjectType=equipment&pageSize=200')).body.items;
  const ids = [...new Set(allocs.map((a: any) => a.equipmentId))].slice(0, 2) as string[];
  return ids;
}

describe('equipment copy within the account', () => {
  it('previews new fleet numbers, dropped registrations and allocations moved to the target store, writing nothing', async () => {
    const ids = await pick();
    const before = (await s.manager.get('/api/v1/equipment?pageSize=1')).body.total;
    const r = await s.manager.send('POST', `${URL}/preview`, { equipmentIds: ids, targetStoreId: stores['N3-24'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.targetStore).toMatchObject({ code: 'N3-24' });
    expect(r.body.summary).toMatchObject({ equipment: 2, skipped: 0 });
    for (const item of r.body.items) {
      expect(item).toMatchObject({ action: 'create', newFleetNo: `${item.fleetNo}-2` });
      expect(item.notes[0]).toMatch(/is in use: copied as/);
      expect(item.allocations.length).toBeGreaterThan(0);
    }
    expect((await s.manager.get('/api/v1/equipment?pageSize=1')).body.total).toBe(before);
  });

  it('copies in one go with audit entries; the next copy takes the next suffix; skip leaves clashes out', async () => {
    const ids = await pick();
    const r = await s.manager.send('POST', URL, { equipmentIds: ids, targetStoreId: stores['N3-24'] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.created).toHaveLength(2);
    const copy = (await s.manager.get(`/api/v1/equipment/${r.body.created[0].id}`)).body;
    const source = (await s.manager.get(`/api/v1/equipment/${ids[0]}`)).body;
    expect(copy).toMatchObject({
      fleetNo: `${source.fleetNo}-2`,
      homeStoreId: stores['N3-24'],
      typeId: source.typeId,
      costCentreId: source.costCentreId,
      tags: [],
      registration: null,
    });
    const allocs = (await s.manager.get(`/api/v1/allocations?f.equipmentId=${copy.id}`)).body.items;
    expect(allocs.length).toBeGreaterThan(0);
    expect(allocs.every((a: any) => a.storeId === stores['N3-24'])).toBe(true);
    const audit = (await s.admin.get('/api/v1/audit-logs?f.entity=equipment_copy')).body.items;
    expect(audit[0].after.created).toHaveLength(2);
    expect((await s.admin.get(`/api/v1/audit-logs?f.entityId=${copy.id}`)).body.items[0].action).toBe('create');

    const again = await s.manager.send('POST', URL, { equipmentIds: [ids[0]], targetStoreId: stores['N3-24'] });
    expect(again.body.created[0].fleetNo).toBe(`${source.fleetNo}-3`);
    const skip = await s.manager.send('POST', `${URL}/preview`, {
      equipmentIds: [ids[0]],
      targetStoreId: stores['N3-24'],
      onClash: 'skip',
    });
    expect(skip.body.items[0]).toMatchObject({ action: 'skip', newFleetNo: null });
    expect(skip.body.summary).toMatchObject({ equipment: 0, skipped: 1 });
  });

  it('copies what a filter matches', async () => {
    const type = (await s.admin.get('/api/v1/equipment-types?q=CAT-D6')).body.items[0];
    const n = (await s.manager.get(`/api/v1/equipment?f.typeId=${type.id}&pageSize=1`)).body.total;
    const r = await s.manager.send('POST', `${URL}/preview`, {
      filter: { typeId: type.id },
      targetStoreId: stores.JHB01,
    });
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(n);
  });

  it('checks the request', async () => {
    const ids = await pick();
    const none = await s.manager.send('POST', `${URL}/preview`, { targetStoreId: stores.JHB01 });
    expect(none.status).toBe(400);
    const store = await s.manager.send('POST', `${URL}/preview`, { equipmentIds: ids, targetStoreId: nhStores.JOL01 });
    expect(store.status).toBe(422);
    expect(store.body.fieldErrors).toHaveProperty('targetStoreId');
    const foreign = (await s.nhManager.get('/api/v1/equipment?pageSize=1')).body.items[0].id;
    const other = await s.manager.send('POST', `${URL}/preview`, {
      equipmentIds: [ids[0], foreign],
      targetStoreId: stores.JHB01,
    });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.fieldErrors)).toEqual(['equipmentIds.1']);
  });
});

describe('rules and accounts', () => {
  it('needs fams24Manager', async () => {
    expect(
      (await s.editor.send('POST', `${URL}/preview`, { equipmentIds: await pick(), targetStoreId: stores.JHB01 }))
        .status,
    ).toBe(403);
    expect((await s.editor.get(`${URL}/targets`)).status).toBe(403);
  });

  it('refuses another account to anyone but ThebigBoss', async () => {
    const targets = await s.manager.get(`${URL}/targets`);
    expect(targets.body.accounts.map((a: any) => a.name)).toEqual(['Demo Fuels']);
    const r = await s.admin.send('POST', `${URL}/preview`, {
      equipmentIds: await pick(),
      targetStoreId: nhStores.JOL01,
      targetAccountId: nhId,
    });
    expect(r.status).toBe(403);
    const nowhere = await s.boss.send('POST', `${URL}/preview`, {
      equipmentIds: await pick(),
      targetStoreId: nhStores.JOL01,
      targetAccountId: 999_999,
    });
    expect(nowhere.status).toBe(403);
  });

  it('lets ThebigBoss copy into another account they belong to, matching codes there', async () => {
    const ids = await pick();
    const p = await s.boss.send('POST', `${URL}/preview`, {
      equipmentIds: ids,
      targetStoreId: nhStores.JOL01,
      targetAccountId: nhId,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.targetAccount.name).toBe('North Haulage');
    // North Haulage sells only DSL50 and ADBLUE, and has cost centres CC01–CC03.
    expect(p.body.missing.products.every((c: string) => ['ULP95', 'LUBE'].includes(c))).toBe(true);
    const before = (await s.nhManager.get('/api/v1/equipment?pageSize=1')).body.total;
    const r = await s.boss.send('POST', URL, {
      equipmentIds: ids,
      targetStoreId: nhStores.JOL01,
      targetAccountId: nhId,
      onClash: 'skip',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await s.nhManager.get('/api/v1/equipment?pageSize=1')).body.total).toBe(before + r.body.created.length);
    const copied = (await s.nhManager.get(`/api/v1/equipment/${r.body.created[0].id}`)).body;
    expect(copied).toMatchObject({ homeStoreId: nhStores.JOL01 });
    // The copy is North Haulage's: Demo Fuels cannot see it.
    expect((await s.manager.get(`/api/v1/equipment/${copied.id}`)).status).toBe(404);
  });
});
