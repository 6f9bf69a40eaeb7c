import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTank, created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { renderDailyReportMail } from './daily-report.mail';
import { sendDailyReports } from './mail.jobs';

/**
 * The daily report on a small data set worked out by hand. Store S is in Africa/Johannesburg
 * (UTC+2): local 2026-03-01 is [2026-02-28T22:00Z, 2026-03-01T22:00Z). Store U is in UTC.
 *
 * Tank A (book 10 000 from Feb 1): reading 9 970 at 2026-02-28T21:00Z (Feb 28 local 23:00: the
 *   closing of Feb 28, so Mar 1 opens on it); dispensed 100 at 02-28T23:00Z (local Mar 1 01:00),
 *   250.5 at 03-01T07:00Z → 350.5 (30 at 02-28T21:30Z is Feb 28, 40 at 03-01T22:30Z is Mar 2);
 *   receipt 5 000; transfer out 300 to B; book closing 9 970 + 5 000 − 350.5 − 300 = 14 319.5;
 *   reading 14 300 at 03-01T21:00Z → measured closing 14 300, variance −19.5.
 * Tank B (book 5 000, never read): opening 5 000 from the book, transfer in 300, closing 5 300 (book).
 * Store S: dispensed 350.5, received 5 000, out 300, in 300, closing 14 300 + 5 300 = 19 600.
 * Exceptions of S: E1 raised 03-01T10:00Z (raised); E2 raised 02-28T21:00Z (Feb 28) and resolved
 *   03-01T12:00Z (resolved); E3 raised 03-01T22:30Z (Mar 2 local: neither).
 * Incidents of S: a spill at 03-01T08:00Z and a call-out at 03-01T06:00Z costing 1 200 (both
 *   shown, call-out cost 1 200); a leak at 03-01T22:30Z (Mar 2 local: not shown).
 * Store U: a dispense of 75 at 03-01T23:30Z (its Mar 1), one exception raised that day.
 */
let srv: TestServer;
let admin: Awaited<ReturnType<typeof session>>;
let acc: number;
const f = {} as Record<'S' | 'U' | 'product' | 'A' | 'B' | 'C' | 'eq' | 'E1' | 'E2' | 'E3', string>;

const create = (path: string, body: object) => created(admin, path, body);
async function ingest(kind: string, records: object[]) {
  const r = await admin.send('POST', `/api/v1/${kind}/batch`, { records });
  for (const x of r.body.results) if (x.status !== 'created') throw new Error(`${kind}: ${JSON.stringify(x)}`);
}
const exec = (q: ReturnType<typeof sql>) => srv.database.db.execute(q);
const dispense = (tankId: string, storeId: string, litres: number, at: string) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId,
  tankId,
  equipmentId: f.eq,
  litres,
  dispensedAt: at,
  deviceId: 'daily-report-test',
});

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  acc = admin.item.account.accountId;
  const u = Date.now().toString(36);
  f.S = await create('stores', {
    code: `DR${u}`,
    name: 'Report site',
    variant: 'FAMS',
    timezone: 'Africa/Johannesburg',
  });
  f.U = await create('stores', { code: `DU${u}`, name: 'Report UTC', variant: 'FAMS', timezone: 'UTC' });
  f.product = await create('products', { code: `R${u}`, name: 'Report diesel', kind: 'fuel', price: 20 });
  const tank = (storeId: string, code: string) => create('tanks', bookTank(storeId, f.product, code));
  f.A = await tank(f.S, 'TA');
  f.B = await tank(f.S, 'TB');
  f.C = await tank(f.U, 'TC');
  const type = await create('equipment-types', {
    code: `Y${u}`,
    make: 'T',
    model: 'M',
    tankCapacity: 2000,
    meterType: 'km',
  });
  f.eq = await create('equipment', { fleetNo: `DR-${u}`, typeId: type });
  await exec(sql`insert into stock_movements (account_id, tank_id, at, litres, kind) values
    (${acc}, ${f.A}, '2026-02-01T00:00:00Z', 10000, 'opening'), (${acc}, ${f.B}, '2026-02-01T00:00:00Z', 5000, 'opening'),
    (${acc}, ${f.C}, '2026-02-01T00:00:00Z', 1000, 'opening')`);
  await ingest('dispenses', [
    dispense(f.A, f.S, 30, '2026-02-28T21:30:00Z'),
    dispense(f.A, f.S, 100, '2026-02-28T23:00:00Z'),
    dispense(f.A, f.S, 250.5, '2026-03-01T07:00:00Z'),
    dispense(f.A, f.S, 40, '2026-03-01T22:30:00Z'),
    dispense(f.C, f.U, 75, '2026-03-01T23:30:00Z'),
  ]);
  await ingest('receipts', [
    {
      id: crypto.randomUUID(),
      tankId: f.A,
      supplier: 'Sasol',
      deliveryNote: 'DN-9',
      litres: 5000,
      receivedAt: '2026-03-01T06:00:00Z',
      deviceId: 'daily-report-test',
    },
  ]);
  await ingest('transfers', [
    {
      id: crypto.randomUUID(),
      fromTankId: f.A,
      toTankId: f.B,
      litres: 300,
      transferredAt: '2026-03-01T13:00:00Z',
      deviceId: 'daily-report-test',
    },
  ]);
  await exec(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values
    (${acc}, ${f.A}, '2026-02-28T21:00:00Z', 'gauge', 9970), (${acc}, ${f.A}, '2026-03-01T21:00:00Z', 'gauge', 14300)`);
  const ex = await exec(sql`insert into exceptions (account_id, code, entity, message, store_id, tank_id, raised_at,
      status, resolved_at, resolution_reason, resolution) values
    (${acc}, 'water', 'tank', 'Water 12 mm', ${f.S}, ${f.A}, '2026-03-01T10:00:00Z', 'open', null, null, null),
    (${acc}, 'low_level', 'tank', 'Below low level', ${f.S}, ${f.B}, '2026-02-28T21:00:00Z', 'resolved',
      '2026-03-01T12:00:00Z', 'explained', 'Delivery came'),
    (${acc}, 'water', 'tank', 'Next day', ${f.S}, ${f.A}, '2026-03-01T22:30:00Z', 'open', null, null, null),
    (${acc}, 'stale_gauge', 'tank', 'UTC store', ${f.U}, ${f.C}, '2026-03-01T12:00:00Z', 'open', null, null, null)
    returning id, message`);
  const byMsg = new Map((ex.rows as { id: string; message: string }[]).map((r) => [r.message, r.id]));
  f.E1 = byMsg.get('Water 12 mm')!;
  f.E2 = byMsg.get('Below low level')!;
  f.E3 = byMsg.get('Next day')!;
  const incident = (extra: object) =>
    create('incidents', { kind: 'incident', type: 'spill', severity: 'high', storeId: f.S, ...extra });
  await incident({ title: 'Spill <at> pump 1', occurredAt: '2026-03-01T08:00:00Z', tankId: f.A });
  await incident({
    kind: 'callout',
    type: 'pump_fault',
    severity: 'medium',
    title: 'Pump 2 repair',
    occurredAt: '2026-03-01T06:00:00Z',
    technician: 'J. Mokoena',
    company: 'PumpServ',
    calledAt: '2026-03-01T06:00:00Z',
    arrivedAt: '2026-03-01T08:30:00Z',
    leftAt: '2026-03-01T10:00:00Z',
    cost: 1200,
  });
  await incident({ type: 'leak', title: 'Next day leak', occurredAt: '2026-03-01T22:30:00Z' });
});
afterAll(async () => {
  await srv?.close();
});

describe('daily report', () => {
  it('gives store S its day, worked out by hand', async () => {
    const r = await admin.get(`/api/v1/daily-report?day=2026-03-01&storeIds=${f.S}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.day).toBe('2026-03-01');
    expect(r.body.stores).toHaveLength(1);
    const s = r.body.stores[0];
    expect(s.totals).toEqual({
      dispensed: 350.5,
      received: 5000,
      transferredOut: 300,
      transferredIn: 300,
      closing: 19600,
      callOutCost: 1200,
    });
    const A = s.tanks.find((t: any) => t.tankId === f.A);
    expect(A).toMatchObject({
      tankCode: 'TA',
      opening: 9970,
      openingSource: 'reading',
      dispensed: 350.5,
      received: 5000,
      transferredOut: 300,
      transferredIn: 0,
      bookClosing: 14319.5,
      measuredClosing: 14300,
      variance: -19.5,
    });
    const B = s.tanks.find((t: any) => t.tankId === f.B);
    expect(B).toMatchObject({ opening: 5000, openingSource: 'book', transferredIn: 300, bookClosing: 5300 });
    expect(B.measuredClosing).toBeNull();
    expect(s.exceptionsRaised.map((x: any) => x.id)).toEqual([f.E1]);
    expect(s.exceptionsRaised[0]).toMatchObject({
      code: 'water',
      tankCode: 'TA',
      raisedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(s.exceptionsResolved.map((x: any) => x.id)).toEqual([f.E2]);
    expect(s.exceptionsResolved[0]).toMatchObject({ resolutionReason: 'explained', resolution: 'Delivery came' });
    expect(s.incidents.map((i: any) => i.title)).toEqual(['Pump 2 repair', 'Spill <at> pump 1']);
    expect(s.incidents[0]).toMatchObject({ kind: 'callout', cost: 1200, technician: 'J. Mokoena' });
  });

  it('covers every store when none is picked, each in its own zone', async () => {
    const r = await admin.get('/api/v1/daily-report?day=2026-03-01');
    expect(r.status).toBe(200);
    const U = r.body.stores.find((s: any) => s.storeId === f.U);
    expect(U.totals.dispensed).toBe(75);
    expect(U.exceptionsRaised.map((x: any) => x.message)).toEqual(['UTC store']);
    expect(r.body.stores.find((s: any) => s.storeId === f.S).totals.dispensed).toBe(350.5);
    const next = await admin.get(`/api/v1/daily-report?day=2026-03-02&storeIds=${f.S}`);
    expect(next.body.stores[0].totals.dispensed).toBe(40);
    expect(next.body.stores[0].incidents.map((i: any) => i.title)).toEqual(['Next day leak']);
    expect(next.body.stores[0].exceptionsRaised.map((x: any) => x.id)).toEqual([f.E3]);
  });

  it('refuses a bad day or store list (400) and another account’s store (404)', async () => {
    expect((await admin.get('/api/v1/daily-report?day=2026-02-30')).status).toBe(400);
    expect((await admin.get('/api/v1/daily-report')).status).toBe(400);
    expect((await admin.get('/api/v1/daily-report?day=2026-03-01&storeIds=nope')).status).toBe(400);
    const stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
    const theirs = await stranger.get(`/api/v1/daily-report?day=2026-03-01&storeIds=${f.S}`);
    expect(theirs.status).toBe(404);
    const all = await stranger.get('/api/v1/daily-report?day=2026-03-01');
    expect(all.body.stores.map((s: any) => s.storeId)).not.toContain(f.S);
  });

  it('renders the morning e-mail as text and HTML', async () => {
    const mail = await renderDailyReportMail(srv.database.db, acc, '2026-03-01', {
      user: { name: 'Ann' },
      storeIds: [f.S],
    });
    expect(mail.subject).toBe(`FAMS daily report 2026-03-01 — ${admin.item.account.accountName}`);
    expect(mail.text).toContain('Good morning Ann');
    expect(mail.text).toContain(
      'Dispensed 350.5 L · Received 5,000 L · Transferred out 300 L · in 300 L · Closing stock 19,600 L',
    );
    expect(mail.text).toMatch(/TA \| Report diesel \| 9,970 L \| 350.5 L \| 5,000 L \| 300 L \| 0 L \| 14,300 L/);
    expect(mail.text).toContain('5,300 L (book)');
    expect(mail.text).toContain('Water in the tank: Water 12 mm');
    expect(mail.text).toContain('explained — Delivery came');
    // Times are the store's: 06:00Z–10:00Z is 08:00–12:00 in Johannesburg.
    expect(mail.text).toContain('J. Mokoena, PumpServ | 08:00–12:00 | 1,200.00');
    expect(mail.html).toContain('<table');
    expect(mail.html).toContain('Spill &lt;at&gt; pump 1');
    expect(mail.html).not.toContain('<at>');
    const empty = await renderDailyReportMail(srv.database.db, acc, '2026-03-01', { storeIds: [f.U] });
    expect(empty.text).not.toContain('Good morning');
    expect(empty.text).toContain('Incidents and call-outs:\n  None.');
  });
});

describe('the morning e-mail', () => {
  const SUB = '/api/v1/daily-report/subscription';
  /** The morning mails the server's mail worker has sent (they go through the one mail queue, ADR 051). */
  const mails = async () => {
    await srv.mailsSent();
    return srv.mails.filter((m) => m.subject.startsWith('FAMS daily report'));
  };
  const read = (m: { to: string; subject: string; text: string; html?: string }) =>
    `To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n${m.html ?? ''}`;

  it('a user subscribes for chosen stores or all; bad choices write nothing; other roles are refused', async () => {
    expect((await admin.get(SUB)).body).toMatchObject({ mode: 'off', storeIds: [], sendAt: '06:00' });
    expect((await admin.send('PUT', SUB, { mode: 'stores', storeIds: [] })).status).toBe(400);
    const foreign = await admin.send('PUT', SUB, { mode: 'stores', storeIds: [crypto.randomUUID()] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fieldErrors.storeIds).toBeDefined();
    expect((await admin.get(SUB)).body.mode).toBe('off');
    const put = await admin.send('PUT', SUB, { mode: 'stores', storeIds: [f.S] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ mode: 'stores', storeIds: [f.S] });
    const audit = await exec(
      sql`select after from audit_log where entity = 'daily_report_subscriptions' and account_id = ${acc}`,
    );
    expect(audit.rows).toEqual([{ after: { storeIds: [f.S] } }]);
    const driver = await session(srv.url, ...DEMO.driver);
    expect((await driver.get(SUB)).status).toBe(403);
    expect((await driver.send('PUT', SUB, { mode: 'all' })).status).toBe(403);
    const stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect((await stranger.send('PUT', SUB, { mode: 'all' })).body.mode).toBe('all');
  });

  it('the job mails yesterday (account zone) once per user after 06:00, to subscribers only, per account', async () => {
    // 03:00Z is 05:00 in Johannesburg: too early for the mail.
    expect(await sendDailyReports(srv.database, srv.mailQueue, new Date('2026-03-02T03:00:00Z'))).toBe(0);
    const morning = new Date('2026-03-02T07:00:00Z');
    const sent = await sendDailyReports(srv.database, srv.mailQueue, morning);
    expect(sent).toBe(2); // the admin of this account and the subscriber of North Haulage
    expect(await sendDailyReports(srv.database, srv.mailQueue, morning)).toBe(0); // a second run sends nothing
    const files = await mails();
    expect(files).toHaveLength(2);
    const adminEmail = (await exec(sql`select email from users where username = 'admin'`)).rows[0].email as string;
    const mine = files.map(read).find((t) => t.includes(`To: ${adminEmail}`))!;
    expect(mine).toMatch(/^Subject: .*2026-03-01/m);
    expect(mine).toContain('Daily report 2026-03-01');
    expect(mine).toContain('Dispensed 350.5 L · Received 5,000 L · Transferred out 300 L · in 300 L');
    expect(mine).not.toContain('Report UTC'); // only the chosen store
    const other = files.map(read).find((t) => !t.includes(`To: ${adminEmail}`))!;
    expect(other).not.toContain('Report site');
    // The manager of this account never subscribed: no mail addressed to them.
    const manager = (await exec(sql`select email from users where username = 'manager'`)).rows[0].email as string;
    expect(files.map(read).some((t) => t.includes(`To: ${manager}`))).toBe(false);
    // Unsubscribed: the next morning sends nothing to the admin.
    await admin.send('PUT', SUB, { mode: 'off' });
    expect(await sendDailyReports(srv.database, srv.mailQueue, new Date('2026-03-03T07:00:00Z'))).toBe(1);
  });
});
