import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';

export const API = '/api/v1';
export const today = () => new Date().toISOString().slice(0, 10);
export const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** A quotation as the API answers it (the fields the tests read). */
export interface QuoteRow {
  id: string;
  version: number;
  number: string;
  label: string;
  status: string;
  totalCents: number;
  vatCents: number;
  sentTo: string | null;
  paymentTerms: string;
  lines: { totalCents: number }[];
}

export interface CommercialFixture {
  srv: TestServer;
  s: Record<'admin' | 'editor' | 'manager' | 'stranger', Session>;
  customerId: string;
  siteId: string;
  itemId: string;
  quoteBody: () => Record<string, unknown>;
  create: (who?: Session, body?: Record<string, unknown>) => Promise<QuoteRow>;
  send: (q: { id: string; version: number }) => Promise<QuoteRow>;
  linkOf: (to: string) => Promise<string>;
}

/**
 * One server per test file with a customer (two contacts, one with an e-mail), a site and a price-list
 * item, and the quotation helpers. Registers its hooks; the returned object is filled in `beforeAll`
 * (no module-level state: vitest runs API files with `isolate: false`).
 */
export function withCommercialFixture(): CommercialFixture {
  const fx = { s: {} } as CommercialFixture;
  beforeAll(async () => {
    fx.srv = await startServer();
    for (const name of ['admin', 'editor', 'manager'] as const)
      fx.s[name] = await session(fx.srv.url, DEMO[name][0], DEMO[name][1]);
    fx.s.stranger = await session(fx.srv.url, ...DEMO.boss, 'North Haulage');
    const c = await fx.s.admin.send('POST', `${API}/customers`, {
      name: 'Quote Test Mining',
      vatNo: 'VAT123',
      billingAddress: '1 Shaft Road',
      contacts: [{ name: 'No Mail' }, { name: 'Buyer', email: 'buyer@example.com' }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    fx.customerId = c.body.id;
    expect(c.body.email).toBe('buyer@example.com');
    const st = await fx.s.admin.send('POST', `${API}/customer-sites`, {
      customerId: fx.customerId,
      name: 'Pit 1',
      address: 'Pit road',
    });
    expect(st.status, JSON.stringify(st.body)).toBe(201);
    fx.siteId = st.body.id;
    const it = await fx.s.admin.send('POST', `${API}/catalogue-items`, {
      code: 'TNK-TEST',
      name: 'Tank 23,000 L',
      kind: 'tank',
      unitPriceCents: 4_500_000,
    });
    expect(it.status, JSON.stringify(it.body)).toBe(201);
    fx.itemId = it.body.id;
  });
  afterAll(async () => {
    await fx.srv?.close();
  });

  fx.quoteBody = () => ({
    customerId: fx.customerId,
    siteId: fx.siteId,
    issueDate: today(),
    validUntil: inDays(30),
    terms: 'Delivery within 4 weeks.',
    lines: [
      {
        catalogueItemId: fx.itemId,
        description: 'Tank 23,000 L',
        quantity: 1,
        unitPriceCents: 4_500_000,
        discountPct: 5,
        vatPct: 15,
      },
      { description: 'Pumps', quantity: 2, unitPriceCents: 1_875_050, vatPct: 15 },
      { description: 'Zero-rated item', quantity: 1, unitPriceCents: 99_999, vatPct: 0 },
    ],
  });
  fx.create = async (who = fx.s.admin, body = fx.quoteBody()) => {
    const res = await who.send('POST', `${API}/quotations`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as unknown as QuoteRow;
  };
  fx.send = async (q) => {
    const res = await fx.s.admin.send('POST', `${API}/quotations/${q.id}/send`, { version: q.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as QuoteRow;
  };
  fx.linkOf = async (to) => {
    await fx.srv.mailsSent();
    const mail = fx.srv.mails.filter((m) => m.to === to).at(-1)!;
    return /\/pages\/quote\?token=([\w.-]+)/.exec(mail.text)![1];
  };
  return fx;
}
