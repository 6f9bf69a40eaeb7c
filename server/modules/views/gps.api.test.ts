import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cellOf } from '../../../src/contract/views';
import { q, OCT, withViewsFixture } from './views.fixture';

/** The GPS view and its map clusters (data set in views.fixture.ts). */
const fx = withViewsFixture();
const { f, d, create } = fx;

describe('GPS', () => {
  it('GeoJSON of the standing GPS-stamped dispenses (no reversal, nothing reversed)', async () => {
    const r = await fx.admin.get(`/api/v1/views/gps?${q({ ...OCT, equipmentId: f.eq })}`);
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
    const b = await fx.admin.get(`/api/v1/views/gps?${q({ ...OCT, storeId: f.storeB })}`);
    expect(b.body.total).toBe(0);
  });

  it('the same records as a list with local-day filters and export', async () => {
    const r = await fx.admin.get(`/api/v1/views/gps/records?f.equipmentId=${f.eq}&f.from=2026-10-06&f.to=2026-10-31`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((x: { id: string }) => x.id).sort()).toEqual([d.d2, d.d6].sort());
    expect(r.body.items[0]).toMatchObject({ lat: expect.any(Number), lng: 28, fleetNo: expect.stringMatching(/^V/) });
    const csv = await fx.admin.get(`/api/v1/views/gps/records/export?f.equipmentId=${f.eq}&format=csv`);
    expect(String(csv.body).trim().split('\r\n')).toHaveLength(4);
  });

  it('map settings: the blank style and the stores with a location', async () => {
    const r = await fx.admin.get('/api/v1/views/map');
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
    await fx.srv.database.db
      .execute(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id,
        product_id, equipment_id, litres, dispensed_at, gps_lat, gps_lng)
      select account_id, gen_random_uuid(), 'bulk', device_id, created_by, variant, store_id, tank_id, product_id, ${eq2}, 1,
        '2026-11-10T08:00:00Z'::timestamptz + g * interval '1 minute', -34 + (g % 60) * 0.2, 18 + (g / 60) * 0.2
      from dispenses, generate_series(0, ${N - 1}) g where id = ${d.d1}`);
  });
  const gps = async (o: Record<string, string>) => {
    const r = await fx.admin.get(`/api/v1/views/gps?${q({ ...NOV, equipmentId: eq2, ...o })}`);
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
      expect((await fx.admin.get(`/api/v1/views/gps?${q({ ...NOV, ...bad })}`)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
