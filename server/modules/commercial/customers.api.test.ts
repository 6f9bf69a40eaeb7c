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
