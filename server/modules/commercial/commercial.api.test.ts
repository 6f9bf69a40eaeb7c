import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { resourceSuite, type Session } from '../../../tests/api/resource-suite';
import { loadSecret } from '../auth/tokens';
import { mailQueue } from '../../lib/mail-queue';
import { signedLinks } from '../../lib/signed-links';
import { commandBoss } from '../diagnostic/jobs-client';
import { quoteFollowUps } from './follow-ups';

let srv: TestServer;
const s: Record<string, Session> = {};
let customerId: string;
let siteId: string;
let itemId: string;

const API = '/api/v1';
beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'editor', 'manager'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  const c = await s.admin.send('POST', `${API}/customers`, {
    name: 'Quote Test Mining',
    vatNo: 'VAT123',
    billingAddress: '1 Shaft Road',
    contacts: [{ name: 'No Mail' }, { name: 'Buyer', email: 'buyer@example.com' }],
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  customerId = c.body.id;
  expect(c.body.email).toBe('buyer@example.com');
  const st = await s.admin.send('POST', `${API}/customer-sites`, { customerId, name: 'Pit 1', address: 'Pit road' });
  expect(st.status, JSON.stringify(st.body)).toBe(201);
  siteId = st.body.id;
  const it = await s.admin.send('POST', `${API}/catalogue-items`, {
    code: 'TNK-TEST',
    name: 'Tank 23,000 L',
    kind: 'tank',
    unitPriceCents: 4_500_000,
  });
  expect(it.status, JSON.stringify(it.body)).toBe(201);
  itemId = it.body.id;
});
afterAll(async () => {
  await srv?.close();
});

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
    create: (n) => ({ customerId, name: `Site ${n}`, latitude: -26.1, longitude: 28.1 }),
    change: { address: 'New road' },
    invalid: { body: { customerId: 'x', name: '', latitude: 91 }, fields: ['customerId', 'name', 'latitude'] },
    search: (n) => `Site ${n}`,
  });

  it('filters by customer', async () => {
    const res = await s.admin.get(`${API}/customer-sites?f.customerId=${customerId}&pageSize=200`);
    expect(res.status).toBe(200);
    expect(res.body.items.every((x: any) => x.customerId === customerId)).toBe(true);
    expect(res.body.items.map((x: any) => x.id)).toContain(siteId);
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

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const quoteBody = () => ({
  customerId,
  siteId,
  issueDate: today(),
  validUntil: inDays(30),
  terms: 'Delivery within 4 weeks.',
  lines: [
    {
      catalogueItemId: itemId,
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
const create = async (who = s.admin, body: Record<string, unknown> = quoteBody()) => {
  const res = await who.send('POST', `${API}/quotations`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const send = async (q: { id: string; version: number }) => {
  const res = await s.admin.send('POST', `${API}/quotations/${q.id}/send`, { version: q.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const linkOf = async (to: string) => {
  await srv.mailsSent();
  const mail = srv.mails.filter((m) => m.to === to).at(-1)!;
  return /\/pages\/quote\?token=([\w.-]+)/.exec(mail.text)![1];
};

describe('quotations', () => {
  it('computes totals in cents and numbers them per account and year', async () => {
    const q = await create();
    expect(q.number).toMatch(new RegExp(`^Q-${today().slice(0, 4)}-\\d{4}$`));
    expect(q.status).toBe('draft');
    expect(q.totalCents).toBe(9_328_864);
    expect(q.vatCents).toBe(1_203_765);
    expect(q.lines.map((l: any) => l.totalCents)).toEqual([4_916_250, 4_312_615, 99_999]);
  });

  it('gives gap-free numbers under concurrent creates', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => create()));
    const seqs = made.map((q) => Number(q.number.slice(-4))).sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    // A refused create (bad site) takes no number.
    const bad = await s.admin.send('POST', `${API}/quotations`, { ...quoteBody(), siteId: crypto.randomUUID() });
    expect(bad.status).toBe(422);
    const next = await create();
    expect(Number(next.number.slice(-4))).toBe(seqs.at(-1)! + 1);
    // Another account counts on its own.
    const other = await s.stranger.get(`${API}/quotations?pageSize=200`);
    expect(other.body.items.map((x: any) => x.id)).not.toContain(next.id);
  });

  it("refuses bad input with field errors and another account's references", async () => {
    const bad = await s.admin.send('POST', `${API}/quotations`, {
      ...quoteBody(),
      lines: [{ description: '', quantity: 0, unitPriceCents: 1.5, vatPct: 200 }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(
      expect.arrayContaining(['lines.0.description', 'lines.0.quantity', 'lines.0.unitPriceCents', 'lines.0.vatPct']),
    );
    const dates = await s.admin.send('POST', `${API}/quotations`, { ...quoteBody(), validUntil: '2000-01-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.fieldErrors).toHaveProperty('validUntil');
    const foreign = await s.stranger.send('POST', `${API}/quotations`, { ...quoteBody(), siteId: null });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors).toHaveProperty('customerId');
  });

  it('moves draft → sent → accepted; bad transitions are 409', async () => {
    const q = await create();
    const early = await s.admin.send('POST', `${API}/quotations/${q.id}/status`, {
      action: 'accept',
      version: q.version,
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('bad_transition');
    const sent = await send(q);
    expect(sent.status).toBe('sent');
    expect(sent.sentTo).toBe('buyer@example.com');
    const edit = await s.admin.send('PUT', `${API}/quotations/${q.id}`, { ...quoteBody(), version: sent.version });
    expect(edit.status).toBe(409);
    const again = await s.admin.send('POST', `${API}/quotations/${q.id}/send`, { version: sent.version });
    expect(again.status).toBe(409);
    const ok = await s.admin.send('POST', `${API}/quotations/${q.id}/status`, {
      action: 'accept',
      version: sent.version,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('accepted');
    const late = await s.admin.send('POST', `${API}/quotations/${q.id}/status`, {
      action: 'decline',
      version: ok.body.version,
    });
    expect(late.status).toBe(409);
    const stale = await s.admin.send('POST', `${API}/quotations/${q.id}/status`, { action: 'expire', version: 1 });
    expect(stale.status).toBe(409);
  });

  it('e-mails the PDF and a signed link; the customer accepts once', async () => {
    const q = await send(await create());
    await srv.mailsSent();
    const mail = srv.mails.filter((m) => m.to === 'buyer@example.com').at(-1)!;
    expect(mail.attachments?.[0].contentType).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(mail.attachments![0].content) }).getText()).text;
    expect(text).toContain(q.label);
    expect(text).toContain('93,288.64');
    expect(text).toContain('Quote Test Mining');
    expect(text).toMatch(/Page 1 of 1/);
    const token = await linkOf('buyer@example.com');
    const view = await fetch(`${srv.url}${API}/public/quotation?token=${token}`);
    expect(view.status).toBe(200);
    const body = await view.json();
    expect(body).toMatchObject({ label: q.label, status: 'sent', totalCents: 9_328_864 });
    expect(JSON.stringify(body)).not.toContain(customerId);
    const pdf = await fetch(`${srv.url}${API}/public/quotation/pdf?token=${token}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const answer = (t: string, decision = 'accept') =>
      fetch(`${srv.url}${API}/public/quotation/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: t, decision, name: 'B. Buyer' }),
      });
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await answer(tampered)).status).toBe(403);
    const forged = await signedLinks(new TextEncoder().encode('not the secret')).sign(
      'quotation',
      { sub: q.id, acc: s.admin.item.account.accountId },
      new Date(Date.now() + 3600_000),
    );
    expect((await answer(forged)).status).toBe(403);
    const links = signedLinks(loadSecret(srv.dataDir));
    const expired = await links.sign(
      'quotation',
      { sub: q.id, acc: s.admin.item.account.accountId },
      new Date(Date.now() - 1000),
    );
    const ex = await answer(expired);
    expect(ex.status).toBe(410);
    expect((await ex.json()).code).toBe('link_expired');
    const otherPurpose = await links.sign(
      'document',
      { sub: q.id, acc: s.admin.item.account.accountId },
      new Date(Date.now() + 3600_000),
    );
    expect((await answer(otherPurpose)).status).toBe(403);
    // Nothing changed by the refused answers.
    expect((await s.admin.get(`${API}/quotations/${q.id}`)).body).toMatchObject({ status: 'sent', version: q.version });

    const ok = await answer(token);
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe('accepted');
    const twice = await answer(token, 'decline');
    expect(twice.status).toBe(409);
    const row = (await s.admin.get(`${API}/quotations/${q.id}`)).body;
    expect(row).toMatchObject({ status: 'accepted', answeredBy: 'B. Buyer' });
    const audit = await s.admin.get(`${API}/audit-logs?f.entity=quotation&f.entityId=${q.id}&pageSize=50`);
    expect(audit.body.items.map((x: any) => x.action)).toEqual(expect.arrayContaining(['create', 'send', 'accept']));
  });

  it('a sent quotation past its validity date reads as expired and can no longer be answered', async () => {
    const q = await send(await create());
    const token = await linkOf('buyer@example.com');
    await srv.database.db.execute(
      sql`update quotations set valid_until = current_date - 1, issue_date = current_date - 10 where id = ${q.id}`,
    );
    expect((await s.admin.get(`${API}/quotations/${q.id}`)).body.status).toBe('expired');
    const listed = await s.admin.get(`${API}/quotations?f.status=expired&pageSize=200`);
    expect(listed.body.items.map((x: any) => x.id)).toContain(q.id);
    const res = await fetch(`${srv.url}${API}/public/quotation/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, decision: 'accept', name: 'x' }),
    });
    expect(res.status).toBe(409);
    const staff = await s.admin.send('POST', `${API}/quotations/${q.id}/status`, {
      action: 'accept',
      version: q.version,
    });
    expect(staff.status).toBe(409);
  });

  it('a revision copies a sent quotation; the old link stops working', async () => {
    const q = await send(await create());
    const token = await linkOf('buyer@example.com');
    const rev = await s.admin.send('POST', `${API}/quotations/${q.id}/revise`, { version: q.version });
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);
    expect(rev.body).toMatchObject({
      number: q.number,
      revision: 2,
      status: 'draft',
      previousId: q.id,
      totalCents: q.totalCents,
    });
    expect(rev.body.lines).toHaveLength(3);
    expect((await s.admin.get(`${API}/quotations/${q.id}`)).body.status).toBe('superseded');
    const res = await fetch(`${srv.url}${API}/public/quotation/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, decision: 'accept', name: 'x' }),
    });
    expect(res.status).toBe(409);
    const draftRevise = await s.admin.send('POST', `${API}/quotations/${rev.body.id}/revise`, {
      version: rev.body.version,
    });
    expect(draftRevise.status).toBe(409);
  });

  it('lists with filters and totals, exports, win rate', async () => {
    const list = await s.admin.get(
      `${API}/quotations?f.status=accepted&f.customerId=${customerId}&f.minTotal=93288.64&pageSize=200`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((x: any) => x.status === 'accepted' && x.total === 93288.64)).toBe(true);
    const totals = await s.admin.get(`${API}/quotations/totals?f.status=accepted&f.customerId=${customerId}`);
    expect(totals.body.count).toBe(list.body.total);
    expect(totals.body.totalCents).toBe(list.body.total * 9_328_864);
    const bad = await s.admin.get(`${API}/quotations?f.minTotal=abc`);
    expect(bad.status).toBe(400);
    const csv = await fetch(`${srv.url}${API}/quotations/export?format=csv&f.status=accepted`, {
      headers: s.admin.headers,
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('93288.64');
    const win = await s.admin.get(`${API}/quotations/win-rate?months=3`);
    expect(win.status).toBe(200);
    const month = win.body.months.find((m: any) => m.month === today().slice(0, 7));
    expect(month.accepted).toBeGreaterThanOrEqual(2);
    expect(month.winRate).toBeGreaterThan(0);
  });

  it('keeps tenants apart and refuses roles below admin', async () => {
    const q = await create();
    expect((await s.stranger.get(`${API}/quotations/${q.id}`)).status).toBe(404);
    expect((await s.stranger.send('POST', `${API}/quotations/${q.id}/send`, { version: 1 })).status).toBe(404);
    expect((await s.stranger.get(`${API}/quotations/${q.id}/pdf`)).status).toBe(404);
    for (const who of [s.editor, s.manager]) {
      expect((await who.get(`${API}/quotations`)).status).toBe(403);
      expect((await who.send('POST', `${API}/quotations`, quoteBody())).status).toBe(403);
      expect((await who.get(`${API}/customers`)).status).toBe(403);
    }
  });

  it('the admin PDF download has the total', async () => {
    const q = await create();
    const res = await fetch(`${srv.url}${API}/quotations/${q.id}/pdf`, { headers: s.admin.headers });
    expect(res.status).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) }).getText()).text;
    expect(text).toContain('93,288.64');
    expect(text).toContain('Delivery within 4 weeks.');
  });

  it("the PDF carries the account card's logo and details, and the account's currency sign on every amount", async () => {
    const card = {
      companyName: 'Demo Fuels (Pty) Ltd',
      registrationNumber: '2019/123456/07',
      vatNumber: 'ZA4123456789',
      phone: '+27 31 555 0100',
      email: 'office@demofuels.example',
      website: '',
      billingAddress: { street: '1 Quay Road', city: 'Durban', postalCode: '4001', country: 'South Africa' },
      siteAddress: { street: '', city: '', postalCode: '', country: '' },
      contacts: [],
    };
    expect((await s.admin.send('PUT', `${API}/admin/account-card`, card)).status).toBe(200);
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const logo = await fetch(`${srv.url}${API}/admin/account-card/logo`, {
      method: 'POST',
      headers: { ...s.admin.headers, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(logo.status).toBe(200);
    const q = await create();
    const res = await fetch(`${srv.url}${API}/quotations/${q.id}/pdf`, { headers: s.admin.headers });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
    const text = (await new PDFParse({ data: bytes }).getText()).text;
    expect(text).toContain('Demo Fuels (Pty) Ltd');
    expect(text).toContain('1 Quay Road, 4001 Durban, South Africa');
    expect(text).toContain('Reg. 2019/123456/07 · VAT ZA4123456789');
    expect(text).toContain('office@demofuels.example');
    // The demo account keeps EUR: line totals, subtotal and total all carry the sign.
    expect(text).toContain('€93,288.64');
    expect(text).toContain('€45,000.00');
    expect(text).not.toMatch(/(^|[\s(])93,288\.64/m);
  });
});

describe('follow-up reminders and expiry (ADR 049)', () => {
  it('keeps the follow-up days per account: default 7, admins change them, bad values are 400', async () => {
    expect((await s.admin.get(`${API}/quotations/settings`)).body).toEqual({ followUpDays: 7 });
    const bad = await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.followUpDays).toBeTruthy();
    expect((await s.editor.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 })).status).toBe(403);
    const ok = await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 });
    expect(ok.status).toBe(200);
    expect((await s.admin.get(`${API}/quotations/settings`)).body).toEqual({ followUpDays: 3 });
    // Another account keeps its own (the default).
    expect((await s.stranger.get(`${API}/quotations/settings`)).body).toEqual({ followUpDays: 7 });
  });

  it('shows unanswered sent quotations as due, reminds their owner once by mail, stores expired ones', async () => {
    expect((await s.admin.send('PUT', `${API}/quotations/settings`, { followUpDays: 3 })).status).toBe(200);
    const old = await send(await create());
    const fresh = await send(await create());
    const lapsed = await send(await create());
    const answered = await send(await create());
    await srv.database.db.execute(
      sql`update quotations set sent_at = now() - interval '4 days' where id in (${old.id}, ${answered.id})`,
    );
    await srv.database.db.execute(
      sql`update quotations set valid_until = current_date - 1, issue_date = current_date - 10 where id = ${lapsed.id}`,
    );
    const acc = await s.admin.send('POST', `${API}/quotations/${answered.id}/status`, {
      action: 'accept',
      version: answered.version,
    });
    expect(acc.status).toBe(200);

    const due = await s.admin.get(`${API}/quotations?f.followUp=due&pageSize=200`);
    expect(due.status).toBe(200);
    const ids = due.body.items.map((r: any) => r.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(fresh.id);
    expect(ids).not.toContain(lapsed.id);
    expect(ids).not.toContain(answered.id);
    expect(due.body.items.find((r: any) => r.id === old.id)).toMatchObject({ followUp: 'due', remindedAt: null });

    // Two sweeps at once (two instances): one reminder per quotation, one expiry.
    const boss = commandBoss(srv.database);
    const sweep = quoteFollowUps(srv.database.db, mailQueue(boss));
    await Promise.all([sweep.run(), sweep.run()]);
    await sweep.run();
    await srv.mailsSent();
    const reminders = srv.mails.filter((m) => m.subject.startsWith(`Follow up quotation ${old.label} `));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].to).toBe('admin@fams.example');
    expect(reminders[0].text).toContain('Quote Test Mining');
    expect(srv.mails.filter((m) => m.subject.includes(fresh.label) && m.subject.startsWith('Follow up'))).toHaveLength(
      0,
    );

    const row = await s.admin.get(`${API}/quotations/${old.id}`);
    expect(row.body.status).toBe('sent');
    const listed = await s.admin.get(`${API}/quotations?f.followUp=due&pageSize=200`);
    expect(listed.body.items.find((r: any) => r.id === old.id).remindedAt).toBeTruthy();

    const stored = await srv.database.db.execute<{ status: string }>(
      sql`select status from quotations where id = ${lapsed.id}`,
    );
    expect(stored.rows[0].status).toBe('expired');
    const audits = await srv.database.db.execute<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_log where entity = 'quotation' and entity_id in (${old.id}, ${lapsed.id})
          and action in ('expire', 'follow_up_reminder') group by action order by action`,
    );
    expect(audits.rows).toEqual([
      { action: 'expire', n: 1 },
      { action: 'follow_up_reminder', n: 1 },
    ]);
    await (await boss()).stop({ graceful: false, wait: true });
  });
});
