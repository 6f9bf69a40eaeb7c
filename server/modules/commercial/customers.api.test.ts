import { describe, expect, it } from 'vitest';
import { resourceSuite } from '../../../tests/api/resource-suite';
import { API, withCommercialFixture } from './commercial.fixture';

/** Customers, their sites and the price list: the resource pattern on each (ADR 039). */
const fx = withCommercialFixture();
const { s } = fx;
const roles = { writer: () => s.admin, refused: () => s.editor, auditor: () => s.admin, stranger: () => s.stranger };

describe('customers', () => {
  resourceSuite({
    ...roles,
    path: '/customers',
    entity: 'customer',
    uniqueField: 'name',
    create: (n) => ({ name: `Customer ${n}`, contacts: [{ name: 'A', email: `a${n}@example.com` }] }),
    change: { vatNo: 'ZA999', paymentTermsDays: 60 },
    invalid: {
      body: { name: '', paymentTermsDays: -1, contacts: [{ name: 'x', email: 'nope' }] },
      fields: ['name', 'paymentTermsDays', 'contacts.0.email'],
    },
    search: (n) => `Customer ${n}`,
  });
});

describe('customer sites', () => {
  resourceSuite({
    ...roles,
    path: '/customer-sites',
    entity: 'customer_site',
    uniqueField: 'name',
    create: (n) => ({ customerId: fx.customerId, name: `Site ${n}`, latitude: -26.1, longitude: 28.1 }),
    change: { address: 'New road' },
    invalid: { body: { customerId: 'x', name: '', latitude: 91 }, fields: ['customerId', 'name', 'latitude'] },
    search: (n) => `Site ${n}`,
  });

  it('filters by customer', async () => {
    const res = await s.admin.get(`${API}/customer-sites?f.customerId=${fx.customerId}&pageSize=200`);
    expect(res.status).toBe(200);
    expect(res.body.items.every((x: any) => x.customerId === fx.customerId)).toBe(true);
    expect(res.body.items.map((x: any) => x.id)).toContain(fx.siteId);
  });
});

describe('price list', () => {
  resourceSuite({
    ...roles,
    path: '/catalogue-items',
    entity: 'catalogue_item',
    uniqueField: 'code',
    create: (n) => ({ code: `P${n}`, name: `Pump ${n}`, kind: 'pump', unitPriceCents: 1_875_050, vatPct: 15 }),
    change: { unitPriceCents: 1_900_000 },
    invalid: {
      body: { code: '', name: 'x', kind: 'boat', unitPriceCents: 1.5, vatPct: 101 },
      fields: ['code', 'kind', 'unitPriceCents', 'vatPct'],
    },
    search: (n) => `P${n}`,
  });
});

describe('customer sites on the map (ADR 059)', () => {
  it("answers a customer's sites with the linked store's tank levels; places and moves a site with the version check", async () => {
    const stores = (await s.admin.get(`${API}/admin/store-locator`)).body.stores as any[];
    const store = stores.find((x) => x.tanks.length > 0);
    const other = await s.admin.send('POST', `${API}/customers`, { name: 'Map Other Co', contacts: [] });
    expect(other.status).toBe(201);
    const mk = async (body: Record<string, unknown>) => {
      const r = await s.admin.send('POST', `${API}/customer-sites`, { customerId: fx.customerId, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    };
    const depot = await mk({ name: 'Map depot', latitude: -29.85, longitude: 31.02, storeId: store.id });
    const bare = await mk({ name: 'Map bare site' });
    const theirs = await mk({ name: 'Map other site', customerId: other.body.id, latitude: 1, longitude: 2 });

    const map = await s.admin.get(`${API}/customer-sites/map?customerId=${fx.customerId}`);
    expect(map.status).toBe(200);
    expect(map.body).toMatchObject({ truncated: false });
    expect(map.body).toHaveProperty('styleUrl');
    const ids = map.body.sites.map((x: any) => x.id);
    expect(ids).toEqual(expect.arrayContaining([depot.id, bare.id, fx.siteId]));
    expect(ids).not.toContain(theirs.id);
    const d = map.body.sites.find((x: any) => x.id === depot.id);
    expect(d).toMatchObject({ lat: -29.85, lng: 31.02, storeId: store.id, customerName: 'Quote Test Mining' });
    expect(d.tanks.map((t: any) => t.id).sort()).toEqual(store.tanks.map((t: any) => t.id).sort());
    expect(d.tanks[0]).toEqual(store.tanks.find((t: any) => t.id === d.tanks[0].id));
    expect(map.body.sites.find((x: any) => x.id === bare.id)).toMatchObject({ lat: null, lng: null, tanks: [] });
    // The list's tank count is the linked store's (none without a store).
    expect((await s.admin.get(`${API}/customer-sites/${depot.id}`)).body.tankCount).toBe(store.tanks.length);
    expect((await s.admin.get(`${API}/customer-sites/${bare.id}`)).body.tankCount).toBe(0);
    const both = await s.admin.get(`${API}/customer-sites/map?customerId=${fx.customerId},${other.body.id}`);
    expect(both.body.sites.map((x: any) => x.id)).toContain(theirs.id);
    expect((await s.admin.get(`${API}/customer-sites/map?customerId=nope`)).status).toBe(400);

    // Placed by a click: rounded to 6 decimals, saved against the version shown, audited as an update.
    const at = `${API}/customer-sites/${bare.id}/location`;
    const placed = await s.admin.send('PUT', at, {
      latitude: -26.2041234567,
      longitude: 28.0473,
      version: bare.version,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toEqual({ id: bare.id, lat: -26.204123, lng: 28.0473, version: bare.version + 1 });
    const row = (await s.admin.get(`${API}/customer-sites/${bare.id}`)).body;
    expect([row.latitude, row.longitude, row.version]).toEqual([-26.204123, 28.0473, bare.version + 1]);
    const audit = await s.admin.get(`${API}/audit-logs?f.entity=customer_site&f.entityId=${bare.id}&pageSize=50`);
    expect(audit.body.items.map((x: any) => x.action)).toEqual(expect.arrayContaining(['create', 'update']));
    // Stale (the map showed an older version): 409 with the current record, nothing written.
    const stale = await s.admin.send('PUT', at, { latitude: 1, longitude: 1, version: bare.version });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ latitude: -26.204123, version: bare.version + 1 });
    const bad = await s.admin.send('PUT', at, { latitude: 91, longitude: 0, version: row.version });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.latitude).toBeDefined();
    // Other accounts and roles below admin.
    expect((await s.stranger.send('PUT', at, { latitude: 1, longitude: 1, version: row.version })).status).toBe(404);
    const strangerMap = await s.stranger.get(`${API}/customer-sites/map`);
    expect(strangerMap.status).toBe(200);
    expect(strangerMap.body.sites.map((x: any) => x.id)).not.toContain(bare.id);
    expect((await s.editor.get(`${API}/customer-sites/map`)).status).toBe(403);
    expect((await s.editor.send('PUT', at, { latitude: 1, longitude: 1, version: row.version })).status).toBe(403);
  });
});
