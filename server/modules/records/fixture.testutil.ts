import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { created, DEMO, session, type TestServer } from '../../../tests/api/harness';

/**
 * A small hand-made data set for the record screens' API tests, stored through the real API
 * (setup resources and the ingest endpoints) so every figure below is known:
 *
 * store S (Africa/Johannesburg, UTC+2) with tank T1 (product A, price 2.00) and T2 (product B,
 * price 3.00); store S2 (UTC) with tank T3 (product A). Equipment E1, E2; employee P1.
 * Allocations: E1·A daily 80 / monthly 500 (at S), E1·B (no limits), E2·A daily 200 (at S).
 *
 * dispenses (stored by the editor, who is no employee: ADR 076 would make a driver's own fills his; each with
 * its odometer reading, km)
 *                                    meter     local day (store)   raises
 *   d1  S  T1  E1  P1  100 L  10-01 08:00Z   1000    2026-10-01          over_daily_limit
 *   d2  S  T1  E2       50 L  10-01 23:30Z    500    2026-10-02          — (has GPS)
 *   d3  S  T2  E1       30 L  10-05 10:00Z   1100    2026-10-05          —
 *   d4  S2 T3  E2       20 L  10-02 00:30Z    520    2026-10-02          not_allocated (E2·A is at S)
 * receipts: r1 (manual, T1, 1000 L, supplier "Fuelco"), r2 (system: device `import:…`, T2, 400 L),
 *   r3 (system: written by the system user, device `demo-history`, T2, 300 L)
 * transfers: t1 T1→T2 40 L, t2 T1→bowser BW-1 10 L
 */
export type Session = Awaited<ReturnType<typeof session>>;
export interface Fixture {
  admin: Session;
  editor: Session;
  driver: Session;
  store: string;
  store2: string;
  productA: string;
  productB: string;
  t1: string;
  t2: string;
  t3: string;
  e1: string;
  e2: string;
  p1: string;
  allocE1A: string;
  allocE2A: string;
  d: Record<'d1' | 'd2' | 'd3' | 'd4', string>;
  r1: string;
  r2: string;
  r3: string;
  t1x: string;
  t2x: string;
}

export async function buildFixture(srv: TestServer): Promise<Fixture> {
  const admin = await session(srv.url, ...DEMO.admin);
  const editor = await session(srv.url, ...DEMO.editor);
  const driver = await session(srv.url, ...DEMO.driver);
  const create = (path: string, body: object) => created(admin, path, body);
  const u = crypto.randomBytes(3).toString('hex');
  const store = await create('stores', {
    code: `RS${u}`,
    name: 'Records site',
    variant: 'FAMS',
    timezone: 'Africa/Johannesburg',
  });
  const store2 = await create('stores', { code: `RT${u}`, name: 'Records site 2', variant: 'FAMS', timezone: 'UTC' });
  const productA = await create('products', { code: `RA${u}`, name: 'Records diesel', kind: 'fuel', price: 2 });
  const productB = await create('products', { code: `RB${u}`, name: 'Records petrol', kind: 'fuel', price: 3 });
  const tank = (storeId: string, productId: string, code: string) =>
    create('tanks', { storeId, productId, code, name: code, capacity: 20000, safeFill: 19000, lowLevel: 100 });
  const t1 = await tank(store, productA, 'T1');
  const t2 = await tank(store, productB, 'T2');
  const t3 = await tank(store2, productA, 'T3');
  const type = await create('equipment-types', {
    code: `RY${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 500,
    meterType: 'km',
  });
  const e1 = await create('equipment', { fleetNo: `RE1${u}`, typeId: type });
  const e2 = await create('equipment', { fleetNo: `RE2${u}`, typeId: type });
  const p1 = await create('employees', { number: `RP${u}`, name: 'Pat Records' });
  const allocE1A = await create('allocations', {
    productId: productA,
    storeId: store,
    equipmentId: e1,
    dailyLimit: 80,
    monthlyLimit: 500,
  });
  await create('allocations', { productId: productB, storeId: store, equipmentId: e1 });
  const allocE2A = await create('allocations', {
    productId: productA,
    storeId: store,
    equipmentId: e2,
    dailyLimit: 200,
  });
  // Opening stock, so no withdrawal here takes a tank below zero.
  await srv.database.db.execute(sql`insert into stock_movements (account_id, tank_id, at, litres, kind)
    select account_id, id, '2026-09-01T00:00:00Z', 5000, 'opening' from tanks where id in (${t1}, ${t2}, ${t3})`);

  const d = { d1: crypto.randomUUID(), d2: crypto.randomUUID(), d3: crypto.randomUUID(), d4: crypto.randomUUID() };
  const base = { variant: 'FAMS', deviceId: 'phone-1', note: '' };
  const dispenses = [
    {
      ...base,
      id: d.d1,
      storeId: store,
      tankId: t1,
      equipmentId: e1,
      employeeId: p1,
      litres: 100,
      meter: 1000,
      dispensedAt: '2026-10-01T08:00:00Z',
    },
    {
      ...base,
      id: d.d2,
      storeId: store,
      tankId: t1,
      equipmentId: e2,
      litres: 50,
      meter: 500,
      dispensedAt: '2026-10-01T23:30:00Z',
      gps: { lat: -26.2, lng: 28.04 },
    },
    {
      ...base,
      id: d.d3,
      storeId: store,
      tankId: t2,
      equipmentId: e1,
      litres: 30,
      meter: 1100,
      dispensedAt: '2026-10-05T10:00:00Z',
    },
    {
      ...base,
      id: d.d4,
      storeId: store2,
      tankId: t3,
      equipmentId: e2,
      litres: 20,
      meter: 520,
      dispensedAt: '2026-10-02T00:30:00Z',
    },
  ];
  const ingest = await editor.send('POST', '/api/v1/dispenses/batch', { records: dispenses });
  expect(ingest.body.results.map((r: { status: string }) => r.status)).toEqual([
    'created',
    'created',
    'created',
    'created',
  ]);

  const r1 = crypto.randomUUID();
  const r2 = crypto.randomUUID();
  const rec = await editor.send('POST', '/api/v1/receipts/batch', {
    records: [
      {
        id: r1,
        tankId: t1,
        supplier: 'Fuelco',
        deliveryNote: 'DN-1',
        litres: 1000,
        dipBeforeMm: 200,
        dipAfterMm: 900,
        temperatureC: 18,
        receivedAt: '2026-10-03T09:00:00Z',
        deviceId: 'tablet-1',
      },
    ],
  });
  expect(rec.body.results[0].status).toBe('created');
  // A receipt written by a system source (an import), as such writers mark them (ADR 014).
  const userId = editor.item.userRoles.id;
  await srv.database.db
    .execute(sql`insert into receipts (account_id, id, payload_hash, device_id, created_by, tank_id, supplier, delivery_note, litres, received_on)
    select account_id, ${r2}, 'x', 'import:job-7', ${userId}, id, 'Bulk Oil', 'DN-2', 400, '2026-10-04T09:00:00Z' from tanks where id = ${t2}`);
  // And one the system user wrote (as the demo history does).
  const r3 = crypto.randomUUID();
  await srv.database.db
    .execute(sql`insert into receipts (account_id, id, payload_hash, device_id, created_by, tank_id, supplier, delivery_note, litres, received_on)
    select account_id, ${r3}, 'x', 'demo-history', 1, id, 'Bulk Oil', 'DN-3', 300, '2026-10-04T10:00:00Z' from tanks where id = ${t2}`);

  const t1x = crypto.randomUUID();
  const t2x = crypto.randomUUID();
  const tr = await editor.send('POST', '/api/v1/transfers/batch', {
    records: [
      { id: t1x, fromTankId: t1, toTankId: t2, litres: 40, transferredAt: '2026-10-06T07:00:00Z', deviceId: 'phone-1' },
      {
        id: t2x,
        fromTankId: t1,
        toBowser: 'BW-1',
        litres: 10,
        transferredAt: '2026-10-06T08:00:00Z',
        deviceId: 'phone-1',
      },
    ],
  });
  expect(tr.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
  return {
    admin,
    editor,
    driver,
    store,
    store2,
    productA,
    productB,
    t1,
    t2,
    t3,
    e1,
    e2,
    p1,
    allocE1A,
    allocE2A,
    d,
    r1,
    r2,
    r3,
    t1x,
    t2x,
  };
}

/** `?a=b&…` from an object (values as given). */
export const qs = (o: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]))}`;
