import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { resourceSuite, type Session } from '../../../tests/api/resource-suite';

let srv: TestServer;
const s: Record<string, Session> = {};
let ref: any;
const extraStores: string[] = [];
const product = (code: string) => ref.products.find((p: any) => p.code === code).id;

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'driver'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  ref = (await s.driver.get('/api/v1/reference')).body;
  for (let i = 0; i < 8; i++) {
    const r = await s.admin.send('POST', '/api/v1/stores', {
      code: `RS${i}`,
      name: `Rule store ${i}`,
      variant: 'FAMS24',
      timezone: 'UTC',
    });
    extraStores.push(r.body.id);
  }
});
afterAll(async () => {
  await srv?.close();
});

describe('allocations', () => {
  resourceSuite({
    writer: () => s.manager,
    refused: () => s.editor,
    auditor: () => s.admin,
    stranger: () => s.stranger,
    path: '/allocations',
    entity: 'allocation',
    uniqueField: 'productId',
    create: (n) => ({
      productId: product('LUBE'),
      equipmentId: ref.equipment[n - 1000].id,
      dailyLimit: 20,
      monthlyLimit: 200,
    }),
    change: { weekdays: [1, 2, 3, 4, 5], hoursFrom: '06:00', hoursTo: '18:00', maxPerTransaction: 10 },
    invalid: () => ({
      body: { productId: product('LUBE'), dailyLimit: 100, monthlyLimit: 50, hoursFrom: '06:00' },
      fields: ['equipmentId', 'monthlyLimit', 'hoursTo'],
    }),
  });

  it('takes exactly one subject', async () => {
    const r = await s.manager.send('POST', '/api/v1/allocations', {
      productId: product('LUBE'),
      equipmentId: ref.equipment[0].id,
      employeeId: ref.employees[0].id,
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors).sort()).toEqual(['employeeId', 'equipmentId']);
  });

  it('lists with subject, product and store names and filters by subject type', async () => {
    const r = await s.manager.get('/api/v1/allocations?f.subjectType=costCentre&pageSize=50');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(12);
    for (const a of r.body.items) {
      expect(a).toMatchObject({
        subjectType: 'costCentre',
        costCentreId: expect.any(String),
        equipmentId: null,
        productName: 'Diesel 50ppm',
        storeName: null,
      });
      expect(a.subjectLabel).toMatch(/^CC\d\d /);
    }
    const any = await s.manager.get('/api/v1/allocations?f.storeId=null&f.subjectType=employee');
    expect(any.body.total).toBe(0);
  });
});

describe('assets and their history', () => {
  resourceSuite({
    writer: () => s.editor,
    refused: () => s.driver,
    auditor: () => s.admin,
    stranger: () => s.stranger,
    path: '/assets',
    entity: 'asset',
    uniqueField: 'assetNo',
    create: (n) => ({
      assetNo: `AS${n}`,
      erpId: `ERP-${n}`,
      costCentreId: ref.costCentres[0].id,
      storeId: ref.stores[0].id,
    }),
    change: { status: 'disposed', description: 'Sold' },
    invalid: { body: { assetNo: 'A', status: 'lost', storeId: 12 }, fields: ['status', 'storeId'] },
    search: (n) => `ERP-${n}`,
  });

  it('writes a history period on create and on each change of cost centre or store', async () => {
    const body = { assetNo: 'HIST-1', costCentreId: ref.costCentres[0].id, storeId: ref.stores[0].id };
    const a = await s.editor.send('POST', '/api/v1/assets', body);
    await s.editor.send('PUT', `/api/v1/assets/${a.body.id}`, { ...body, description: 'no move', version: 1 });
    await s.editor.send('PUT', `/api/v1/assets/${a.body.id}`, {
      ...body,
      costCentreId: ref.costCentres[1].id,
      version: 2,
    });
    const h = await s.editor.get(`/api/v1/asset-allocations?f.assetId=${a.body.id}&sort=validFrom`);
    expect(h.status).toBe(200);
    expect(h.body.items).toHaveLength(2);
    const [first, second] = h.body.items;
    expect(first).toMatchObject({
      assetNo: 'HIST-1',
      costCentreId: ref.costCentres[0].id,
      validTo: expect.any(String),
      changedByName: 'Eddie Editor',
    });
    expect(second).toMatchObject({ costCentreId: ref.costCentres[1].id, validTo: null });
    const current = await s.editor.get(`/api/v1/asset-allocations?f.assetId=${a.body.id}&f.current=true`);
    expect(current.body.total).toBe(1);
    expect((await s.driver.get('/api/v1/asset-allocations')).status).toBe(403);
    const nh = await s.stranger.get(`/api/v1/asset-allocations?f.assetId=${a.body.id}`);
    expect(nh.body.total).toBe(0);
  });

  it('has seeded history for the demo assets', async () => {
    const h = await s.editor.get('/api/v1/asset-allocations?q=A-DF&pageSize=5');
    expect(h.body.total).toBeGreaterThan(10);
  });
});

describe('FAMS24 business rules', () => {
  let i = 0;
  resourceSuite({
    writer: () => s.manager,
    refused: () => s.editor,
    auditor: () => s.admin,
    stranger: () => s.stranger,
    path: '/f24-rules',
    entity: 'f24_rule',
    uniqueField: 'storeId',
    create: () => ({
      storeId: extraStores[i++ % extraStores.length],
      maxLitresPerTransaction: 500,
      odometerRequired: true,
      maxOdometerJumpKm: 1500,
      minMinutesBetweenFills: 30,
    }),
    change: { allowedFrom: '22:00', allowedTo: '06:00', maxHoursJump: 12.5 },
    invalid: {
      body: { maxLitresPerTransaction: -5, allowedFrom: '25:00', minMinutesBetweenFills: 1.5 },
      fields: ['maxLitresPerTransaction', 'allowedFrom', 'minMinutesBetweenFills'],
    },
  });

  it('allows one account default (no store)', async () => {
    const dup = await s.manager.send('POST', '/api/v1/f24-rules', { storeId: null, maxLitresPerTransaction: 100 });
    expect(dup.status).toBe(422);
    expect(dup.body.fieldErrors).toHaveProperty('storeId');
    const list = await s.manager.get('/api/v1/f24-rules?f.storeId=null');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].storeName).toBeNull();
  });
});
