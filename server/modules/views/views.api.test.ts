import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { cellOf } from '../../../src/contract/views';

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
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
const f = {} as Record<'storeA' | 'storeB' | 'p1' | 'p2' | 'a1' | 'a2' | 'b1' | 'type' | 'eq', string>;
const d = {} as Record<'d1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6', string>;

async function create(path: string, body: object): Promise<string> {
  const r = await admin.send('POST', `/api/v1/${path}`, body);
  if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

async function batch(kind: string, records: object[]) {
  const r = await admin.send('POST', `/api/v1/${kind}/batch`, { records });
  const bad = r.body.results.filter((x: { status: string }) => x.status !== 'created');
  if (r.status !== 200 || bad.length) throw new Error(`${kind}: ${JSON.stringify(r.body)}`);
}

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
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
  await srv?.close();
});

const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
const OCT = { from: '2026-10-01', to: '2026-10-31' };
const pts = (s: { points: { bucket: string; litres: number }[] }) =>
  Object.fromEntries(s.points.map((p) => [p.bucket, p.litres]));

describe('chart series', () => {
  it('dispensed by store per store-local day, net of the reversal, largest first', async () => {
    const r = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'dispensed', groupBy: 'store', storeId: f.storeA })}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.buckets).toHaveLength(31);
    expect(r.body.series).toHaveLength(1);
    expect(r.body.series[0]).toMatchObject({ key: f.storeA, total: 160 });
    expect(r.body.series[0].label).toMatch(/Alpha$/);
    expect(pts(r.body.series[0])).toEqual({ '2026-10-05': 100, '2026-10-06': 60 });
    expect(r.body.series[0].points[1].count).toBe(2);
    const both = await admin.get(`/api/v1/views/series?${q({ ...OCT, productId: f.p1 })}`);
    expect(both.body.series.map((s: { key: string; total: number }) => [s.key, s.total])).toEqual([
      [f.storeA, 140],
      [f.storeB, 60],
    ]);
    expect(pts(both.body.series[1])).toEqual({ '2026-10-05': 60 });
  });

  it('groups by product and ISO week, and by tank', async () => {
    const byProduct = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, groupBy: 'product', interval: 'week', storeId: f.storeA })}`,
    );
    expect(byProduct.body.buckets[0]).toBe('2026-09-28');
    expect(byProduct.body.series.map((s: { label: string; total: number }) => [s.label, s.total])).toEqual([
      ['Views diesel', 140],
      ['Views petrol', 20],
    ]);
    expect(pts(byProduct.body.series[0])).toEqual({ '2026-10-05': 140 });
    const received = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'received', groupBy: 'tank', tankId: f.b1 })}`,
    );
    expect(received.body.series).toHaveLength(1);
    expect(pts(received.body.series[0])).toEqual({ '2026-10-05': 500 });
  });

  it('levels: the last reading of each local day per tank, summed per store, last of the month', async () => {
    const byTank = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'levels', groupBy: 'tank', productId: f.p1 })}`,
    );
    const tanks = Object.fromEntries(byTank.body.series.map((s: { key: string }) => [s.key, pts(s as never)]));
    expect(tanks).toEqual({ [f.a1]: { '2026-10-05': 4900, '2026-10-06': 5820 }, [f.b1]: { '2026-10-05': 3000 } });
    expect(byTank.body.series[0].points[0].count).toBeNull();
    const byMonth = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, metric: 'levels', interval: 'month', groupBy: 'product', productId: f.p1 })}`,
    );
    expect(byMonth.body.series.map((s: { total: number }) => s.total)).toEqual([8820]);
    expect(pts(byMonth.body.series[0])).toEqual({ '2026-10-01': 8820 });
  });

  it('exports the figures behind the chart', async () => {
    const r = await admin.get(`/api/v1/views/series/export?${q({ ...OCT, storeId: f.storeA, format: 'csv' })}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(r.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Figure,Period,Group,Group id,Litres,Records');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).concat(l.split(',').slice(4)).join(','))).toEqual([
      'dispensed,2026-10-05,100.000,1',
      'dispensed,2026-10-06,60.000,2',
    ]);
    const xlsx = await admin.client.call(
      'GET',
      `/api/v1/views/series/export?${q({ ...OCT, format: 'xlsx' })}`,
      undefined,
      admin.headers,
    );
    expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);
  });

  it('refuses bad input with field errors', async () => {
    const back = await admin.get(`/api/v1/views/series?${q({ from: '2026-10-31', to: '2026-10-01' })}`);
    expect(back.status).toBe(400);
    expect(back.body.fieldErrors.to).toBeTruthy();
    const bad = await admin.get(
      `/api/v1/views/series?${q({ ...OCT, from: '2026-02-30', metric: 'cost', storeId: 'x', extra: '1' })}`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['extra', 'from', 'metric', 'storeId']);
    expect(
      (await admin.get(`/api/v1/views/series?${q({ from: '2020-01-01', to: '2026-10-01' })}`)).body.fieldErrors.to[0],
    ).toMatch(/at most 731 days/);
  });
});

describe('calendar', () => {
  const day = (days: { date: string }[], date: string) => days.find((x) => x.date === date);

  it('every day of the month with store-local figures, all stores', async () => {
    const r = await admin.get(`/api/v1/views/calendar?month=2026-10`);
    expect(r.status).toBe(200);
    expect(r.body.days).toHaveLength(31);
    // Other records of the demo account may exist in October; this fixture's stores are checked below.
    const a = (await admin.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeA}`)).body;
    expect(day(a.days, '2026-10-04')).toMatchObject({ dispensed: 0, received: 0 });
    expect(day(a.days, '2026-10-05')).toEqual({
      date: '2026-10-05',
      dispensed: 100,
      received: 0,
      transferredOut: 0,
      transferredIn: 0,
      dispenses: 1,
      receipts: 0,
      transfers: 0,
    });
    expect(day(a.days, '2026-10-06')).toEqual({
      date: '2026-10-06',
      dispensed: 60,
      received: 1000,
      transferredOut: 0,
      transferredIn: 0,
      dispenses: 2,
      receipts: 1,
      transfers: 0,
    });
    expect(day(a.days, '2026-10-07')).toMatchObject({ transferredOut: 230, transferredIn: 0, transfers: 2 });
    expect(a.totals).toEqual({
      dispensed: 160,
      received: 1000,
      transferredOut: 230,
      transferredIn: 0,
      dispenses: 3,
      receipts: 1,
      transfers: 2,
    });
    const b = (await admin.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeB}`)).body;
    expect(day(b.days, '2026-10-05')).toMatchObject({ dispensed: 60, received: 500, dispenses: 1, receipts: 1 });
    expect(day(b.days, '2026-10-06')).toMatchObject({ dispensed: 0, received: 0 });
    expect(b.totals).toMatchObject({ transferredIn: 200, transferredOut: 0, transfers: 1 });
  });

  it('filters by product and tank', async () => {
    const p2 = (await admin.get(`/api/v1/views/calendar?month=2026-10&productId=${f.p2}`)).body;
    expect(p2.totals).toEqual({
      dispensed: 20,
      received: 0,
      transferredOut: 30,
      transferredIn: 0,
      dispenses: 1,
      receipts: 0,
      transfers: 1,
    });
    const b1 = (await admin.get(`/api/v1/views/calendar?month=2026-10&tankId=${f.b1}`)).body;
    expect(b1.totals).toMatchObject({ dispensed: 60, received: 500, transferredIn: 200 });
  });

  it('a day by store and product, and its records', async () => {
    const r = await admin.get(`/api/v1/views/day?date=2026-10-06&storeId=${f.storeA}`);
    expect(r.status).toBe(200);
    expect(
      r.body.rows.map((x: { productName: string; dispensed: number; received: number; dispenses: number }) => [
        x.productName,
        x.dispensed,
        x.received,
        x.dispenses,
      ]),
    ).toEqual([
      ['Views diesel', 40, 1000, 1],
      ['Views petrol', 20, 0, 1],
    ]);
    expect(r.body.totals).toMatchObject({ dispensed: 60, received: 1000 });
    const list = await admin.get(`/api/v1/views/day/records?f.date=2026-10-06&f.storeId=${f.storeA}&pageSize=50`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(5);
    expect(
      list.body.items
        .map(
          (x: { kind: string; litres: number; reversal: boolean }) => `${x.kind} ${x.litres}${x.reversal ? ' R' : ''}`,
        )
        .sort(),
    ).toEqual(['dispense -25 R', 'dispense 20', 'dispense 25', 'dispense 40', 'receipt 1000']);
    expect(list.body.items.every((x: { date: string }) => x.date === '2026-10-06')).toBe(true);
    // The transfer into B is listed for B (its destination) on the 7th.
    const inB = await admin.get(`/api/v1/views/day/records?f.date=2026-10-07&f.storeId=${f.storeB}`);
    expect(
      inB.body.items.map((x: { kind: string; litres: number; detail: string }) => [x.kind, x.litres, x.detail]),
    ).toEqual([['transfer', 200, expect.stringMatching(/^→ B.* B1$/)]]);
    const bad = await admin.get('/api/v1/views/day/records?f.date=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['f.date']).toBeTruthy();
  });

  it('exports the month and the day records', async () => {
    const cal = await admin.get(`/api/v1/views/calendar/export?month=2026-10&storeId=${f.storeB}&format=csv`);
    const lines = String(cal.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe(
      'Day,Dispensed (L),Received (L),Transferred out (L),Transferred in (L),Dispenses,Receipts,Transfers',
    );
    expect(lines[5]).toBe('2026-10-05,60.000,500.000,0.000,0.000,1,1,0');
    const recs = await admin.get(`/api/v1/views/day/records/export?f.date=2026-10-05&f.storeId=${f.storeB}&format=csv`);
    const recLines = String(recs.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(recLines).toHaveLength(3);
    // The screen's titles; times on the store's clock as the screen shows them (ADR 023).
    expect(recLines[0]).toBe('Time,Kind,Store,Store name,Tank,Product,Litres,Equipment / supplier / to,Reversal');
    expect(recLines.slice(1).every((l) => /^2026-10-05 \d{2}:\d{2}:\d{2},/.test(l))).toBe(true);
    expect((await admin.get('/api/v1/views/calendar?month=2026-13')).status).toBe(400);
  });
});

describe('GPS', () => {
  it('GeoJSON of the standing GPS-stamped dispenses (no reversal, nothing reversed)', async () => {
    const r = await admin.get(`/api/v1/views/gps?${q({ ...OCT, equipmentId: f.eq })}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: 'FeatureCollection', total: 3, truncated: false, message: null, limit: 5000 });
    expect(r.body.features.map((x: { properties: { id: string } }) => x.properties.id).sort()).toEqual(
      [d.d1, d.d2, d.d6].sort(),
    );
    const one = r.body.features.find((x: { properties: { id: string } }) => x.properties.id === d.d2);
    expect(one.geometry).toEqual({ type: 'Point', coordinates: [28.0, -26.16] });
    expect(one.properties).toMatchObject({
      litres: 40,
      date: '2026-10-06',
      timezone: 'Africa/Johannesburg',
      storeName: 'Alpha',
      tankCode: 'A1',
      productName: 'Views diesel',
      accuracyM: 5,
    });
    const b = await admin.get(`/api/v1/views/gps?${q({ ...OCT, storeId: f.storeB })}`);
    expect(b.body.total).toBe(0);
  });

  it('the same records as a list with local-day filters and export', async () => {
    const r = await admin.get(`/api/v1/views/gps/records?f.equipmentId=${f.eq}&f.from=2026-10-06&f.to=2026-10-31`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((x: { id: string }) => x.id).sort()).toEqual([d.d2, d.d6].sort());
    expect(r.body.items[0]).toMatchObject({ lat: expect.any(Number), lng: 28, fleetNo: expect.stringMatching(/^V/) });
    const csv = await admin.get(`/api/v1/views/gps/records/export?f.equipmentId=${f.eq}&format=csv`);
    expect(String(csv.body).trim().split('\r\n')).toHaveLength(4);
  });

  it('map settings: the blank style and the stores with a location', async () => {
    const r = await admin.get('/api/v1/views/map');
    expect(r.status).toBe(200);
    expect(r.body.styleUrl).toBeNull();
    const codes = r.body.stores.map((s: { id: string }) => s.id);
    expect(codes).toContain(f.storeA);
    expect(codes).not.toContain(f.storeB);
  });
});

describe('GPS map clusters (ADR 024)', () => {
  const N = 3000;
  const NOV = { from: '2026-11-01', to: '2026-11-30' };
  let eq2: string;
  beforeAll(async () => {
    eq2 = await create('equipment', { fleetNo: `W${Date.now().toString(36)}`, typeId: f.type });
    // N dispenses on a 60 × 50 grid 0.2° apart over South Africa (-34…-22.2 S, 18…27.8 E), one a minute.
    await srv.database.db
      .execute(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id,
        product_id, equipment_id, litres, dispensed_at, gps_lat, gps_lng)
      select account_id, gen_random_uuid(), 'bulk', device_id, created_by, variant, store_id, tank_id, product_id, ${eq2}, 1,
        '2026-11-10T08:00:00Z'::timestamptz + g * interval '1 minute', -34 + (g % 60) * 0.2, 18 + (g / 60) * 0.2
      from dispenses, generate_series(0, ${N - 1}) g where id = ${d.d1}`);
  });
  const gps = async (o: Record<string, string>) => {
    const r = await admin.get(`/api/v1/views/gps?${q({ ...NOV, equipmentId: eq2, ...o })}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r;
  };
  const counted = (b: { clusters: { count: number }[]; features: unknown[] }) =>
    b.clusters.reduce((n, c) => n + c.count, 0) + b.features.length;

  it('zoomed out: a few clusters whose counts sum to the records, in a small answer', async () => {
    const r = await gps({ zoom: '4', bbox: '-180,-85,180,85' });
    expect(r.body).toMatchObject({ zoom: 4, total: N, inView: N, truncated: false, message: null });
    expect(counted(r.body)).toBe(N);
    // 64 px cells at zoom 4 are 5.6° wide: the 12° × 10° grid falls in a handful of cells.
    expect(r.body.clusters.length + r.body.features.length).toBeLessThanOrEqual(12);
    expect(JSON.stringify(r.body).length).toBeLessThan(4 * 1024);
    for (const c of r.body.clusters) {
      const [w, s, e, n] = c.bounds;
      expect(c.lng).toBeGreaterThanOrEqual(w);
      expect(c.lng).toBeLessThanOrEqual(e);
      expect(c.lat).toBeGreaterThanOrEqual(s);
      expect(c.lat).toBeLessThanOrEqual(n);
    }
    expect(r.body.extent).toEqual([18, -34, expect.closeTo(27.8, 6), expect.closeTo(-22.2, 6)]);
  });

  it("the grid is the contract's: each cluster is one cell of cellOf at its zoom", async () => {
    const r = await gps({ zoom: '7' });
    expect(counted(r.body)).toBe(N);
    for (const c of r.body.clusters) {
      const [, cx, cy] = c.id.split('/').map(Number);
      expect(cellOf(c.bounds[0], c.bounds[3], 7)).toEqual([cx, cy]);
      expect(cellOf(c.bounds[2], c.bounds[1], 7)).toEqual([cx, cy]);
    }
  });

  it('zoomed in far enough, every dispense is its own cell and comes with its details', async () => {
    const r = await gps({ zoom: '12' });
    expect(r.body.clusters).toEqual([]);
    expect(r.body.features).toHaveLength(N);
    expect(r.body.features[0].properties).toMatchObject({
      fleetNo: expect.stringMatching(/^W/),
      litres: 1,
      storeName: 'Alpha',
    });
  });

  it('only the viewport is answered; the totals and the extent stay those of the filters', async () => {
    const east = await gps({ zoom: '8', bbox: '23.00001,-35,30,-20' });
    const west = await gps({ zoom: '8', bbox: '10,-35,23,-20' });
    expect(east.body.total).toBe(N);
    expect(east.body.inView + west.body.inView).toBe(N);
    expect(counted(east.body)).toBe(east.body.inView);
    const europe = await gps({ zoom: '8', bbox: '0,40,20,55' });
    expect(europe.body).toMatchObject({ total: N, inView: 0, clusters: [], features: [] });
    // Across the antimeridian (west > east): a Pacific view has none of them.
    expect((await gps({ zoom: '3', bbox: '170,-50,-170,50' })).body.inView).toBe(0);
  });

  it('from the detail zoom on, the dispenses in view one by one (the latest 5,000), and a focused record', async () => {
    const r = await gps({ zoom: '15', bbox: '17.9,-34.1,18.1,-33.1' });
    expect(r.body).toMatchObject({ zoom: null, clusters: [], inView: 5, truncated: false });
    expect(r.body.features).toHaveLength(5);
    const focus = await gps({ zoom: '3', focus: d.d2 });
    expect(focus.body.focus.properties.id).toBe(d.d2);
  });

  it('refuses a malformed viewport', async () => {
    for (const bad of <Record<string, string>[]>[
      { zoom: '23' },
      { zoom: '1.5' },
      { bbox: '1,2,3' },
      { bbox: '0,10,5,-10' },
      { bbox: '0,0,200,10' },
      { bbox: 'a,b,c,d' },
    ]) {
      expect((await admin.get(`/api/v1/views/gps?${q({ ...NOV, ...bad })}`)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('access', () => {
  it('a driver is refused every view; a viewer sees charts but not GPS; an editor sees all', async () => {
    const driver = await session(srv.url, ...DEMO.driver);
    const viewer = await session(srv.url, ...DEMO.viewer);
    const editor = await session(srv.url, ...DEMO.editor);
    const paths = [
      `/api/v1/views/series?${q(OCT)}`,
      '/api/v1/views/calendar?month=2026-10',
      '/api/v1/views/day?date=2026-10-06',
      '/api/v1/views/day/records',
      `/api/v1/views/gps?${q(OCT)}`,
      '/api/v1/views/gps/records',
      '/api/v1/views/map',
    ];
    for (const p of paths) expect((await driver.get(p)).status, p).toBe(403);
    expect(paths.map((p) => p.includes('gps') || p.includes('map'))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    for (const p of paths)
      expect((await viewer.get(p)).status, p).toBe(p.includes('gps') || p.includes('map') ? 403 : 200);
    for (const p of paths) expect((await editor.get(p)).status, p).toBe(200);
  });

  it("another account's token sees none of these records, even when naming their ids", async () => {
    const north = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const cal = await north.get(`/api/v1/views/calendar?month=2026-10&storeId=${f.storeA}`);
    expect(cal.status).toBe(200);
    expect(cal.body.totals).toMatchObject({ dispensed: 0, received: 0, transferredOut: 0 });
    const series = await north.get(`/api/v1/views/series?${q({ ...OCT, tankId: f.a1, metric: 'levels' })}`);
    expect(series.body.series).toEqual([]);
    expect((await north.get(`/api/v1/views/gps?${q({ ...OCT, equipmentId: f.eq })}`)).body.total).toBe(0);
    expect((await north.get(`/api/v1/views/day/records?f.date=2026-10-06&f.storeId=${f.storeA}`)).body.total).toBe(0);
    expect((await north.get(`/api/v1/views/gps/records?f.equipmentId=${f.eq}`)).body.total).toBe(0);
    const map = (await north.get('/api/v1/views/map')).body.stores.map((s: { id: string }) => s.id);
    expect(map).not.toContain(f.storeA);
  });
});
