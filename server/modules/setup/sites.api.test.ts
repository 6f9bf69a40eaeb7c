import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { resourceSuite, type Session } from '../../../tests/api/resource-suite';

let srv: TestServer;
const s: Record<string, Session> = {};
let storeId: string;
let productId: string;

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'editor', 'driver'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  const stores = await s.admin.get('/api/v1/stores?f.variant=FAMS&sort=code');
  storeId = stores.body.items[0].id;
  productId = (await s.admin.get('/api/v1/products?q=DSL50')).body.items[0].id;
});
afterAll(async () => {
  await srv?.close();
});

const roles = { writer: () => s.admin, refused: () => s.editor, auditor: () => s.admin, stranger: () => s.stranger };
const week = [null, ...Array.from({ length: 6 }, () => ({ open: '06:00', close: '18:00' }))];

describe('stores', () => {
  resourceSuite({
    ...roles,
    path: '/stores',
    entity: 'store',
    uniqueField: 'code',
    create: (n) => ({
      code: `ST${n}`,
      name: `Test store ${n}`,
      variant: 'FAMS',
      timezone: 'Africa/Johannesburg',
      latitude: -26.1,
      longitude: 28.1,
      openingHours: week,
    }),
    change: { name: 'Renamed store', variant: 'FAMS24', openingHours: null },
    invalid: {
      body: { code: '', name: 'x', variant: 'SHOP', timezone: 'Mars/Olympus', latitude: 91, longitude: 0 },
      fields: ['code', 'variant', 'timezone', 'latitude'],
    },
    search: (n) => `ST${n}`,
  });

  it('checks opening hours per day and coordinates as a pair', async () => {
    const bad = await s.admin.send('POST', '/api/v1/stores', {
      code: 'OH1',
      name: 'Hours',
      variant: 'FAMS',
      timezone: 'UTC',
      openingHours: [null, { open: '18:00', close: '06:00' }, null, null, null, null, null],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty(['openingHours.1.close']);
    const half = await s.admin.send('POST', '/api/v1/stores', {
      code: 'OH2',
      name: 'Half',
      variant: 'FAMS',
      timezone: 'UTC',
      latitude: 10,
    });
    expect(half.status).toBe(400);
    expect(half.body.fieldErrors).toHaveProperty('longitude');
  });

  it('compares codes case-insensitively and lets a deleted code be reused', async () => {
    const a = await s.admin.send('POST', '/api/v1/stores', {
      code: 'case1',
      name: 'A',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    expect(
      (await s.admin.send('POST', '/api/v1/stores', { code: 'CASE1', name: 'B', variant: 'FAMS', timezone: 'UTC' }))
        .status,
    ).toBe(422);
    const del = await s.admin.send('DELETE', `/api/v1/stores/${a.body.id}?version=1`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const b = await s.admin.send('POST', '/api/v1/stores', {
      code: 'CASE1',
      name: 'B',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    expect(b.status).toBe(201);
    // Restoring the first would now clash with the second.
    const clash = await s.admin.send('POST', `/api/v1/stores/${a.body.id}/restore`, {});
    expect(clash.status).toBe(422);
    expect(clash.body).toMatchObject({ code: 'duplicate', fieldErrors: { code: [expect.any(String)] } });
  });

  it('is admin only, also for reading', async () => {
    expect((await s.editor.get('/api/v1/stores')).status).toBe(403);
    expect((await s.driver.get('/api/v1/stores')).status).toBe(403);
  });
});

describe('products', () => {
  resourceSuite({
    ...roles,
    path: '/products',
    entity: 'product',
    uniqueField: 'code',
    create: (n) => ({
      code: `PR${n}`,
      name: `Product ${n}`,
      kind: 'fuel',
      price: 19.99,
      fuelGroup: 'diesel',
      density15: 840.5,
    }),
    change: { price: 20.5, unit: 'kg' },
    invalid: {
      body: { code: 'P', name: 'P', kind: 'gas', price: 1.234, density15: 2000 },
      fields: ['kind', 'price', 'density15'],
    },
    search: (n) => `PR${n}`,
  });

  it('defaults the unit and fuel group and returns numbers', async () => {
    const r = await s.admin.send('POST', '/api/v1/products', {
      code: 'DEF1',
      name: 'Defaults',
      kind: 'other',
      price: 0,
    });
    expect(r.body).toMatchObject({ unit: 'L', fuelGroup: 'other', price: 0, density15: null });
  });
});

describe('tanks', () => {
  const chart = [
    { heightMm: 0, litres: 0 },
    { heightMm: 500, litres: 4000 },
    { heightMm: 1000, litres: 9500 },
  ];
  resourceSuite({
    ...roles,
    path: '/tanks',
    entity: 'tank',
    uniqueField: 'code',
    create: (n) => ({
      storeId,
      productId,
      code: `TK${n}`,
      name: `Tank ${n}`,
      capacity: 10000,
      safeFill: 9500,
      lowLevel: 1000,
      strappingChart: chart,
    }),
    change: { capacity: 12000, gaugeProbeId: 'VR-9' },
    invalid: {
      body: { storeId: 'nope', productId, code: 'X', name: 'X', capacity: 0, safeFill: 1, lowLevel: 0 },
      fields: ['storeId', 'capacity'],
    },
    search: (n) => `TK${n}`,
  });

  it('reports strapping chart errors on the offending row', async () => {
    const bad = await s.admin.send('POST', '/api/v1/tanks', {
      storeId,
      productId,
      code: 'SC1',
      name: 'Chart',
      capacity: 9000,
      safeFill: 8500,
      lowLevel: 500,
      strappingChart: [
        { heightMm: 0, litres: 0 },
        { heightMm: 500, litres: 4000 },
        { heightMm: 500, litres: 3000 },
        { heightMm: 900, litres: 9100 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual([
      'strappingChart.2.heightMm',
      'strappingChart.2.litres',
      'strappingChart.3.litres',
    ]);
    const one = await s.admin.send('POST', '/api/v1/tanks', {
      storeId,
      productId,
      code: 'SC2',
      name: 'Chart',
      capacity: 9000,
      safeFill: 8500,
      lowLevel: 500,
      strappingChart: [{ heightMm: 0, litres: 0 }],
    });
    expect(one.body.fieldErrors).toHaveProperty('strappingChart');
  });

  it('checks levels against the capacity', async () => {
    const bad = await s.admin.send('POST', '/api/v1/tanks', {
      storeId,
      productId,
      code: 'LV1',
      name: 'L',
      capacity: 1000,
      safeFill: 1200,
      lowLevel: 1300,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('safeFill');
    expect(bad.body.fieldErrors).toHaveProperty('lowLevel');
  });

  it("refuses another account's store as the tank's store (422 on the field)", async () => {
    const nhStore = (await s.stranger.get('/api/v1/stores')).body.items[0].id;
    const r = await s.admin.send('POST', '/api/v1/tanks', {
      storeId: nhStore,
      productId,
      code: 'X1',
      name: 'X',
      capacity: 100,
      safeFill: 90,
      lowLevel: 10,
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'invalid_reference', fieldErrors: { storeId: [expect.any(String)] } });
  });

  it('allows the same tank code at two stores, not twice at one', async () => {
    const other = (await s.admin.get('/api/v1/stores?f.variant=FAMS24')).body.items[0].id;
    const body = { productId, code: 'DUP', name: 'D', capacity: 100, safeFill: 90, lowLevel: 10 };
    expect((await s.admin.send('POST', '/api/v1/tanks', { ...body, storeId })).status).toBe(201);
    expect((await s.admin.send('POST', '/api/v1/tanks', { ...body, storeId: other })).status).toBe(201);
    expect((await s.admin.send('POST', '/api/v1/tanks', { ...body, storeId })).status).toBe(422);
  });

  it('lists with store code and product name, filters by store', async () => {
    const r = await s.admin.get(`/api/v1/tanks?f.storeId=${storeId}&sort=code`);
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(1);
    for (const t of r.body.items) {
      expect(t.storeId).toBe(storeId);
      expect(t.storeCode).toBeTruthy();
      expect(t.productName).toBeTruthy();
    }
  });
});
