import { PDFParse } from 'pdf-parse';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadSecret } from '../auth/tokens';
import { signedLinks } from '../../lib/signed-links';
import { API, today, withCommercialFixture } from './commercial.fixture';

/** Quotation statuses: transitions, the customer's signed link, expiry, revisions; the lists that count them. */
const fx = withCommercialFixture();
const { s, create, send, linkOf, quoteBody } = fx;

describe('quotation statuses', () => {
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
    await fx.srv.mailsSent();
    const mail = fx.srv.mails.filter((m) => m.to === 'buyer@example.com').at(-1)!;
    expect(mail.attachments?.[0].contentType).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(mail.attachments![0].content) }).getText()).text;
    expect(text).toContain(q.label);
    expect(text).toContain('93,288.64');
    expect(text).toContain('Quote Test Mining');
    expect(text).toMatch(/Page 1 of 1/);
    const token = await linkOf('buyer@example.com');
    const view = await fetch(`${fx.srv.url}${API}/public/quotation?token=${token}`);
    expect(view.status).toBe(200);
    const body = await view.json();
    expect(body).toMatchObject({ label: q.label, status: 'sent', totalCents: 9_328_864 });
    expect(JSON.stringify(body)).not.toContain(fx.customerId);
    const pdf = await fetch(`${fx.srv.url}${API}/public/quotation/pdf?token=${token}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const answer = (t: string, decision = 'accept') =>
      fetch(`${fx.srv.url}${API}/public/quotation/answer`, {
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
    const links = signedLinks(loadSecret(fx.srv.dataDir));
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
    await fx.srv.database.db.execute(
      sql`update quotations set valid_until = current_date - 1, issue_date = current_date - 10 where id = ${q.id}`,
    );
    expect((await s.admin.get(`${API}/quotations/${q.id}`)).body.status).toBe('expired');
    const listed = await s.admin.get(`${API}/quotations?f.status=expired&pageSize=200`);
    expect(listed.body.items.map((x: any) => x.id)).toContain(q.id);
    const res = await fetch(`${fx.srv.url}${API}/public/quotation/answer`, {
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
    const res = await fetch(`${fx.srv.url}${API}/public/quotation/answer`, {
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
      `${API}/quotations?f.status=accepted&f.customerId=${fx.customerId}&f.minTotal=93288.64&pageSize=200`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((x: any) => x.status === 'accepted' && x.total === 93288.64)).toBe(true);
    const totals = await s.admin.get(`${API}/quotations/totals?f.status=accepted&f.customerId=${fx.customerId}`);
    expect(totals.body.count).toBe(list.body.total);
    expect(totals.body.totalCents).toBe(list.body.total * 9_328_864);
    const bad = await s.admin.get(`${API}/quotations?f.minTotal=abc`);
    expect(bad.status).toBe(400);
    const csv = await fetch(`${fx.srv.url}${API}/quotations/export?format=csv&f.status=accepted`, {
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
});
