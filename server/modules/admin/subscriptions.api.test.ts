import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14, ADR 038: plans, an account's subscription, limits on creates (never on ingest), the report. */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let admin: Session;
let boss: Session;
const PLANS = '/api/v1/admin/plans';
const SUBS = '/api/v1/admin/subscriptions';
const REPORT = '/api/v1/admin/subscription-report';
const u = crypto.randomBytes(3).toString('hex');

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => (await srv.database.db.execute(query)).rows as T[];
const demoFuelsId = async () =>
  (await q<{ id: number }>(sql`select id from accounts where name = 'Demo Fuels'`))[0]!.id;
const planId = async (name: string) =>
  ((await boss.get(PLANS)).body as { id: string; name: string }[]).find((p) => p.name === name)!.id;
const today = () => new Date().toISOString().slice(0, 10);
const plan = (name: string, limits: Record<string, number | null>) => ({
  name,
  modules: ['FAMS', 'FAMS24', 'ATG'],
  limits: { stores: null, tanks: null, equipment: null, users: null, devices: null, gaugeDevices: null, ...limits },
  period: 'month',
  price: 50,
  currency: 'EUR',
});

/** One dispense on Demo Fuels' first tank from a new device: field ingest. */
async function dispense() {
  const [ref] = await q<{ store_id: string; tank_id: string; equipment_id: string }>(sql`
    select t.store_id, t.id as tank_id, (select e.id from equipment e where e.account_id = t.account_id
      and e.deleted_at is null and e.active order by e.fleet_no limit 1) as equipment_id
    from tanks t join accounts a on a.id = t.account_id
    where a.name = 'Demo Fuels' and t.deleted_at is null order by t.code limit 1`);
  const record = {
    id: crypto.randomUUID(),
    variant: 'FAMS',
    storeId: ref!.store_id,
    tankId: ref!.tank_id,
    equipmentId: ref!.equipment_id,
    litres: 12,
    dispensedAt: new Date(Date.now() - 60_000).toISOString(),
    deviceId: `limit-${u}`,
  };
  const headers = { ...admin.headers, 'X-FAMS-Device': `limit-${u}` };
  return admin.client.call('POST', '/api/v1/dispenses/batch', { records: [record] }, headers);
}

describe('plans and an account subscription', () => {
  it('ThebigBoss keeps the plans; an admin sees their own plan, usage and history, and nothing else', async () => {
    const plans = await boss.get(PLANS);
    expect(plans.status).toBe(200);
    expect(plans.body.map((p: { name: string }) => p.name)).toEqual(['Fleet Pro', 'Starter']);
    expect(plans.body[0].accounts).toBeGreaterThanOrEqual(2);

    const mine = await admin.get('/api/v1/admin/subscription');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ accountName: 'Demo Fuels', status: 'active', plan: { name: 'Fleet Pro' } });
    const stores = mine.body.usage.find((x: { key: string }) => x.key === 'stores');
    expect(stores).toMatchObject({ limit: 1000, enforced: true });
    expect(stores.used).toBeGreaterThan(0);
    expect(mine.body.usage.find((x: { key: string }) => x.key === 'devices').enforced).toBe(false);
    expect(mine.body.history[0]).toMatchObject({ planName: 'Fleet Pro', status: 'active' });

    // The system screens are ThebigBoss's alone.
    const id = await demoFuelsId();
    expect((await admin.get(PLANS)).status).toBe(403);
    expect((await admin.send('POST', PLANS, plan(`Mine ${u}`, {}))).status).toBe(403);
    expect((await admin.get(`${SUBS}/${id}`)).status).toBe(403);
    expect((await admin.send('PUT', `${SUBS}/${id}`, {})).status).toBe(403);
    expect((await admin.get(REPORT)).status).toBe(403);
    const manager = await session(srv.url, ...DEMO.manager);
    expect((await manager.get('/api/v1/admin/subscription')).status).toBe(403);

    // Bad plans: a clear 4xx, nothing written.
    const negative = await boss.send('POST', PLANS, plan(`Bad ${u}`, { stores: -1 }));
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.fieldErrors)).toContain('limits.stores');
    expect((await boss.send('POST', PLANS, plan('fleet pro', {}))).body).toMatchObject({ code: 'duplicate' });
    const missing = await boss.send('PUT', `${SUBS}/${id}`, {
      planId: crypto.randomUUID(),
      status: 'active',
      startsOn: today(),
      renewsOn: today(),
    });
    expect(missing.status).toBe(422);
    const backwards = await boss.send('PUT', `${SUBS}/${id}`, {
      planId: await planId('Starter'),
      status: 'active',
      startsOn: today(),
      renewsOn: '2000-01-01',
    });
    expect(backwards.status).toBe(400);
    expect((await boss.get(`${SUBS}/${id}`)).body.plan.name).toBe('Fleet Pro');
  });
});

describe('limits', () => {
  it('refuses creates past a limit with 409 limit_reached naming it; field ingest is accepted past every limit', async () => {
    const id = await demoFuelsId();
    const before = (await boss.get(`${SUBS}/${id}`)).body as { usage: { key: string; used: number }[] };
    const used = Object.fromEntries(before.usage.map((x) => [x.key, x.used]));
    const tight = await boss.send(
      'POST',
      PLANS,
      plan(`Tight ${u}`, { stores: used.stores, users: used.users, tanks: used.tanks, devices: 0 }),
    );
    expect(tight.status, JSON.stringify(tight.body)).toBe(201);
    const assigned = await boss.send('PUT', `${SUBS}/${id}`, {
      planId: tight.body.id,
      status: 'past_due',
      startsOn: today(),
      renewsOn: today(),
      note: 'Test',
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'past_due', plan: { name: `Tight ${u}` } });
    expect(assigned.body.history.map((h: { planName: string }) => h.planName).slice(0, 2)).toEqual([
      `Tight ${u}`,
      'Fleet Pro',
    ]);

    const store = await admin.send('POST', '/api/v1/stores', {
      code: `L${u}`,
      name: 'One too many',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    expect(store.status).toBe(409);
    expect(store.body).toMatchObject({
      code: 'limit_reached',
      title: 'Plan limit reached',
      message: expect.stringContaining(`allows ${used.stores} stores`),
      fieldErrors: { limit: ['stores'] },
    });
    const invite = await admin.send('POST', '/api/v1/admin/users/invite', {
      displayName: 'One more',
      email: `more-${u}@example.com`,
      roles: ['basic', 'FAMS'],
    });
    expect(invite.status).toBe(409);
    expect(invite.body).toMatchObject({ code: 'limit_reached', fieldErrors: { limit: ['users'] } });
    await srv.mailsSent();
    expect(srv.mails.find((m) => m.to === `more-${u}@example.com`)).toBeUndefined();
    expect((await q(sql`select 1 from stores where code = ${`L${u}`}`)).length).toBe(0);

    // A dispense from a new device, past the devices limit (0): stored, never refused.
    const field = await dispense();
    expect(field.status).toBe(200);
    expect(field.body.results[0].status).toBe('created');

    // Back on the big plan, the same create passes.
    await boss.send('PUT', `${SUBS}/${id}`, {
      planId: await planId('Fleet Pro'),
      status: 'active',
      startsOn: today(),
      renewsOn: '2099-01-01',
    });
    const again = await admin.send('POST', '/api/v1/stores', {
      code: `L${u}`,
      name: 'Now fits',
      variant: 'FAMS',
      timezone: 'UTC',
    });
    expect(again.status).toBe(201);
  });
});

describe('accounts take a plan; the report', () => {
  it('a new account starts on its plan; a plan without its modules or an unknown plan is refused', async () => {
    const body = {
      name: `Plan Test ${u}`,
      type: 'Fleet operator',
      timeZone: 'UTC',
      currency: 'EUR',
      units: 'metric',
      locale: 'en-IE',
      modules: ['FAMS'],
      admin: { displayName: 'Pia Plan', email: `pia-${u}@example.com` },
    };
    const narrow = await boss.send('POST', PLANS, { ...plan(`FAMS24 only ${u}`, {}), modules: ['FAMS24'] });
    const refused = await boss.send('POST', '/api/v1/admin/accounts', { ...body, planId: narrow.body.id });
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors.modules[0]).toContain('FAMS');
    const unknown = await boss.send('POST', '/api/v1/admin/accounts', { ...body, planId: crypto.randomUUID() });
    expect(unknown.status).toBe(422);
    expect((await q(sql`select 1 from accounts where name = ${body.name}`)).length).toBe(0);

    const created = await boss.send('POST', '/api/v1/admin/accounts', {
      ...body,
      planId: await planId('Starter'),
      status: 'trial',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ plan: 'Starter', users: 1 });
    const view = await boss.get(`${SUBS}/${created.body.id}`);
    expect(view.body).toMatchObject({ status: 'trial', startsOn: today(), plan: { name: 'Starter' } });
    expect(view.body.renewsOn > today()).toBe(true);

    // Its admin sees their own subscription only.
    await srv.mailsSent();
    const token = /token=([\w-]+)/.exec([...srv.mails].reverse().find((m) => m.to === body.admin.email)!.text)![1];
    await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', { token, password: 'piaplan1' });
    const pia = await session(srv.url, body.admin.email, 'piaplan1');
    expect((await pia.get('/api/v1/admin/subscription')).body).toMatchObject({
      accountName: body.name,
      status: 'trial',
    });
  });

  it('lists usage and billable figures per account and month, and exports them', async () => {
    const month = today().slice(0, 7);
    const r = await boss.get(`${REPORT}?f.month=${month}&q=Demo%20Fuels`);
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(1);
    expect(r.body.items[0]).toMatchObject({ accountName: 'Demo Fuels', month, currency: 'EUR' });
    expect(r.body.items[0].stores).toBeGreaterThan(0);
    const year = await boss.get(`${REPORT}?q=North%20Haulage&pageSize=50`);
    expect(year.body.total).toBe(12);
    // Fleet Pro: 12 000 a year, billed 1 000 a month while active.
    expect(year.body.items.find((x: { month: string }) => x.month === month).billable).toBe(1000);
    const csv = await boss.client.call('GET', `${REPORT}/export?format=csv&q=North`, undefined, boss.headers);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Billable');
  });
});
