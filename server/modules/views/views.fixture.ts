import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Quick views and GPS on a small hand-made data set whose figures are worked out below. Two stores
 * in different zones put records on store-local days that differ from their UTC days:
 *   A = Africa/Johannesburg (UTC+2), B = America/New_York (UTC−4 in October 2026).
 *   #1 A1 100 L 2026-10-05 21:30Z → A 23:30 on the 5th          (GPS)
 *   #2 A1  40 L 2026-10-05 22:30Z → A 00:30 on the 6th          (GPS)
 *   #3 B1  60 L 2026-10-06 02:00Z → B 22:00 on the 5th
 *   #4 A2  25 L 2026-10-06 08:00Z, reversed by #5 (−25 L), replaced by #6 A2 20 L   (all GPS)
 *   R1 A1 1000 L 2026-10-05 23:00Z → A 6th;  R2 B1 500 L 2026-10-05 12:00Z → B 5th
 *   X1 A1 → B1 200 L and X2 A2 → bowser 30 L, both on the 7th
 * Readings: A1 4900 L last of the 5th (A), 5820 L last of the 6th; B1 3000 L on the 5th (B).
 */
type Fixture = {
  srv: TestServer;
  admin: Awaited<ReturnType<typeof session>>;
  f: Record<'storeA' | 'storeB' | 'p1' | 'p2' | 'a1' | 'a2' | 'b1' | 'type' | 'eq', string>;
  d: Record<'d1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6', string>;
  create(path: string, body: object): Promise<string>;
  batch(kind: string, records: object[]): Promise<void>;
};

/**
 * Starts a server and loads the hand-made data set above, one per test file: the test file keeps
 * the returned object (no module-level state shared between files; the API tests share a module
 * graph, `isolate: false`).
 */
export function withViewsFixture(): Fixture {
  const fx = {
    f: {},
    d: {},
    create: (path, body) => created(fx.admin, path, body),
    async batch(kind, records) {
      const r = await fx.admin.send('POST', `/api/v1/${kind}/batch`, { records });
      const bad = r.body.results.filter((x: { status: string }) => x.status !== 'created');
      if (r.status !== 200 || bad.length) throw new Error(`${kind}: ${JSON.stringify(r.body)}`);
    },
  } as Fixture;
  const { f, d, create, batch } = fx;
  beforeAll(async () => {
    const srv = (fx.srv = await startServer());
    const admin = (fx.admin = await session(srv.url, ...DEMO.admin));
    const u = Date.now().toString(36);
    f.storeA = await create('stores', {
      code: `A${u}`,
      name: 'Alpha',
      variant: 'FAMS',
      timezone: 'Africa/Johannesburg',
      latitude: -26.1,
      longitude: 28.0,
    });
    f.storeB = await create('stores', { code: `B${u}`, name: 'Bravo', variant: 'FAMS', timezone: 'America/New_York' });
    f.p1 = await create('products', { code: `P${u}`, name: 'Views diesel', kind: 'fuel', price: 1 });
    f.p2 = await create('products', { code: `Q${u}`, name: 'Views petrol', kind: 'fuel', price: 1 });
    f.a1 = await create('tanks', {
      storeId: f.storeA,
      productId: f.p1,
      code: 'A1',
      name: 'A1',
      capacity: 10000,
      safeFill: 9500,
      lowLevel: 100,
    });
    f.a2 = await create('tanks', {
      storeId: f.storeA,
      productId: f.p2,
      code: 'A2',
      name: 'A2',
      capacity: 10000,
      safeFill: 9500,
      lowLevel: 100,
    });
    f.b1 = await create('tanks', {
      storeId: f.storeB,
      productId: f.p1,
      code: 'B1',
      name: 'B1',
      capacity: 10000,
      safeFill: 9500,
      lowLevel: 100,
    });
    f.type = await create('equipment-types', {
      code: `Y${u}`,
      make: 'Test',
      model: 'Truck',
      tankCapacity: 500,
      meterType: 'km',
    });
    f.eq = await create('equipment', { fleetNo: `V${u}`, typeId: f.type });

    for (const k of Object.keys({ d1: 0, d2: 0, d3: 0, d4: 0, d5: 0, d6: 0 }) as (keyof typeof d)[])
      d[k] = crypto.randomUUID();
    const disp = (id: string, storeId: string, tankId: string, litres: number, at: string, gps = true) => ({
      id,
      variant: 'FAMS',
      storeId,
      tankId,
      equipmentId: f.eq,
      litres,
      dispensedAt: at,
      deviceId: 'views-test',
      gps: gps ? { lat: -26.2 + litres / 1000, lng: 28.0, accuracyM: 5 } : null,
    });
    await batch('dispenses', [
      disp(d.d1, f.storeA, f.a1, 100, '2026-10-05T21:30:00Z'),
      disp(d.d2, f.storeA, f.a1, 40, '2026-10-05T22:30:00Z'),
      disp(d.d3, f.storeB, f.b1, 60, '2026-10-06T02:00:00Z', false),
      disp(d.d4, f.storeA, f.a2, 25, '2026-10-06T08:00:00Z'),
      disp(d.d6, f.storeA, f.a2, 20, '2026-10-06T08:00:00Z'),
    ]);
    // The reversal of #4 as the correction flow writes it: same record, negative litres, reversal_of.
    await srv.database.db
      .execute(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id,
        equipment_id, litres, dispensed_at, gps_lat, gps_lng, reversal_of)
      select account_id, ${d.d5}, 'reversal', device_id, created_by, variant, store_id, tank_id, product_id, equipment_id, -litres, dispensed_at,
        gps_lat, gps_lng, id from dispenses where id = ${d.d4}`);
    const rec = (tankId: string, litres: number, at: string) => ({
      id: crypto.randomUUID(),
      tankId,
      supplier: 'Fuel Co',
      deliveryNote: `DN-${litres}`,
      litres,
      receivedAt: at,
      deviceId: 'views-test',
    });
    await batch('receipts', [rec(f.a1, 1000, '2026-10-05T23:00:00Z'), rec(f.b1, 500, '2026-10-05T12:00:00Z')]);
    await batch('transfers', [
      {
        id: crypto.randomUUID(),
        fromTankId: f.a1,
        toTankId: f.b1,
        litres: 200,
        transferredAt: '2026-10-07T10:00:00Z',
        deviceId: 'views-test',
      },
      {
        id: crypto.randomUUID(),
        fromTankId: f.a2,
        toBowser: 'BW1',
        litres: 30,
        transferredAt: '2026-10-07T11:00:00Z',
        deviceId: 'views-test',
      },
    ]);
    const account = admin.item.account.accountId;
    for (const [tank, at, litres] of [
      [f.a1, '2026-10-05T10:00:00Z', 5000],
      [f.a1, '2026-10-05T21:00:00Z', 4900],
      [f.a1, '2026-10-05T22:30:00Z', 4860],
      [f.a1, '2026-10-06T20:00:00Z', 5820],
      [f.b1, '2026-10-06T03:00:00Z', 3000],
    ] as const) {
      await srv.database.db.execute(
        sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values (${account}, ${tank}, ${at}, 'gauge', ${litres})`,
      );
    }
  });
  afterAll(async () => {
    await fx.srv?.close();
  });
  return fx;
}

export const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
export const OCT = { from: '2026-10-01', to: '2026-10-31' };
export const pts = (s: { points: { bucket: string; litres: number }[] }) =>
  Object.fromEntries(s.points.map((p) => [p.bucket, p.litres]));
