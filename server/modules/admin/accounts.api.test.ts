import { beforeAll, describe, expect, it } from 'vitest';
import { Client, session, type TestServer } from '../../../tests/api/harness';
import { contact, usersFixture, USERS, type Session } from './users.testutil';

/** Accounts (ThebigBoss, ADR 036, ADR 079): creation, tenant isolation, blocking and the settings' validation. */
const f = usersFixture();
let srv: TestServer;
let admin: Session;
let boss: Session;
beforeAll(() => {
  ({ srv, admin, boss } = f);
});
const { linkIn, lastMailTo, listed, canWork } = f;

describe('accounts (ThebigBoss) and tenant isolation', () => {
  it('creates an account whose invited admin sees only their own account; blocking it ends their tokens', async () => {
    const created = await boss.send('POST', '/api/v1/admin/accounts', {
      name: 'Coastal Haulage',
      type: 'Fleet operator',
      timeZone: 'Europe/Dublin',
      currency: 'EUR',
      units: 'metric',
      locale: 'en-IE',
      modules: ['FAMS', 'ATG'],
      admin: { displayName: 'Cora Coastal', email: 'cora@coastal.example' },
      planId: (await boss.get('/api/v1/admin/plans')).body[0].id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Her invitation holds her place (ADR 073); she joins when she chooses her password.
    expect(created.body).toMatchObject({ name: 'Coastal Haulage', modules: ['FAMS', 'ATG'], users: 1, blocked: false });
    const members = () => srv.database.pool.query('select 1 from memberships where account_id = $1', [created.body.id]);
    expect((await members()).rowCount).toBe(0);
    const token = linkIn((await lastMailTo('cora@coastal.example'))!.text)!;
    await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', { token, password: 'coral123' });
    expect((await members()).rowCount).toBe(1);
    expect((await boss.get(`/api/v1/admin/accounts/${created.body.id}`)).body.users).toBe(1);
    const cora = await session(srv.url, 'cora@coastal.example', 'coral123');
    expect(cora.item.userRoles.userRoles.map((c) => c.code)).toEqual(['admin', 'FAMS', 'ATG']);

    // Her list holds her alone; Demo Fuels' users are unknown to her.
    expect((await listed(cora)).map((u) => u.email)).toEqual(['cora@coastal.example']);
    expect((await cora.get('/api/v1/admin/contacts')).body.items).toHaveLength(1);
    const driverId = (await listed(admin)).find((u) => u.username === 'driver')!.id;
    expect((await cora.send('PUT', `${USERS}/${driverId}/roles`, { roles: ['basic', 'FAMS'] })).status).toBe(404);
    expect((await cora.send('POST', `${USERS}/${driverId}/block`, { blocked: true })).status).toBe(404);
    expect((await cora.send('DELETE', `${USERS}/${driverId}`)).status).toBe(404);
    expect((await cora.send('PUT', `/api/v1/admin/contacts/${driverId}`, contact())).status).toBe(404);
    // And an admin is not ThebigBoss.
    expect((await cora.get('/api/v1/admin/accounts')).status).toBe(403);

    const blocked = await boss.send('POST', `/api/v1/admin/accounts/${created.body.id}/block`, { blocked: true });
    expect(blocked.body.blocked).toBe(true);
    expect(await canWork(cora)).toBe(401);
    const login = await new Client(srv.url).login('cora@coastal.example', 'coral123');
    expect(login.body.value[0]).toMatchObject({ token: '', account: { blocked: true } });

    const edit = await boss.send('PUT', `/api/v1/admin/accounts/${created.body.id}`, {
      name: 'Demo Fuels',
      type: 'x',
      timeZone: 'Europe/Dublin',
      currency: 'EUR',
      units: 'metric',
      locale: 'en-IE',
      modules: ['FAMS'],
    });
    expect(edit.status).toBe(422);
    const badZone = await boss.send('PUT', `/api/v1/admin/accounts/${created.body.id}`, {
      name: 'Coastal',
      type: 'x',
      timeZone: 'Mars/Olympus',
      currency: 'XYZ',
      units: 'metric',
      locale: 'en-IE',
      modules: ['ATG'],
    });
    expect(badZone.status).toBe(400);
    expect(Object.keys(badZone.body.fieldErrors)).toEqual(expect.arrayContaining(['timeZone', 'currency', 'modules']));
  });

  it('refuses an unknown time zone, currency or locale with a field message and saves nothing; good settings are saved and audited', async () => {
    const fields = {
      name: 'Prairie Freight',
      type: 'Fleet operator',
      timeZone: 'America/Chicago',
      currency: 'USD',
      units: 'us',
      locale: 'en-US',
      modules: ['FAMS', 'FAMS24'],
    };
    const planId = (await boss.get('/api/v1/admin/plans')).body[0].id;
    const firstAdmin = { displayName: 'Pat Prairie', email: 'pat@prairie.example' };
    const bad = [
      ['timeZone', 'Mars/Olympus', /time zone such as Africa\/Johannesburg/],
      ['timeZone', '+02:00', /time zone such as/],
      ['currency', 'XYZ', /three-letter code, such as ZAR, USD or EUR/],
      ['currency', 'Rand', /three-letter code/],
      ['locale', 'xx-not-a-tag!', /language and region such as en-ZA/],
      ['locale', 'tlh', /language and region/],
    ] as const;
    const count = async () =>
      Number(
        (await srv.database.pool.query(`select count(*) from accounts where name = 'Prairie Freight'`)).rows[0].count,
      );
    // Create: refused with the field's message in words, and no account, subscription or invitation made.
    for (const [field, value, message] of bad) {
      const r = await boss.send('POST', '/api/v1/admin/accounts', {
        ...fields,
        [field]: value,
        admin: firstAdmin,
        planId,
      });
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(Object.keys(r.body.fieldErrors), `${field}=${value}`).toEqual([field]);
      expect(r.body.fieldErrors[field][0]).toMatch(message);
    }
    expect(await count()).toBe(0);
    const created = await boss.send('POST', '/api/v1/admin/accounts', {
      ...fields,
      currency: ' usd ',
      admin: firstAdmin,
      planId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...fields, localeName: 'English (United States)' });
    const id = created.body.id as number;
    const row = async () =>
      (
        await srv.database.pool.query(
          'select name, time_zone, currency, units, locale, modules from accounts where id = $1',
          [id],
        )
      ).rows[0];
    const saved = await row();
    expect(saved).toMatchObject({ time_zone: 'America/Chicago', currency: 'USD', units: 'us', locale: 'en-US' });

    // Edit: one bad value among good changes refuses the whole body; the row is as it was.
    const changes = { ...fields, name: 'Prairie Freight Co', units: 'metric', locale: 'en-GB' };
    for (const [field, value, message] of bad) {
      const r = await boss.send('PUT', `/api/v1/admin/accounts/${id}`, { ...changes, [field]: value });
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(r.body.fieldErrors[field][0]).toMatch(message);
      expect(await row()).toEqual(saved);
    }
    const audits = async () =>
      (
        await srv.database.pool.query(
          `select before, after from audit_log where entity = 'account' and entity_id = $1 and action = 'update' order by at`,
          [String(id)],
        )
      ).rows;
    expect(await audits()).toHaveLength(0);
    // Good values, spelt loosely, are saved as Intl spells them, and audited.
    const ok = await boss.send('PUT', `/api/v1/admin/accounts/${id}`, {
      ...changes,
      timeZone: 'europe/dublin',
      currency: 'eur',
      locale: 'EN-ie',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ timeZone: 'Europe/Dublin', currency: 'EUR', locale: 'en-IE', units: 'metric' });
    expect(ok.body.localeName).toBe('English (Ireland)');
    const [audit] = await audits();
    expect(audit.before).toMatchObject({ timeZone: 'America/Chicago', currency: 'USD', locale: 'en-US', units: 'us' });
    expect(audit.after).toMatchObject({ timeZone: 'Europe/Dublin', currency: 'EUR', locale: 'en-IE', units: 'metric' });

    // The settings reach the signed-in session (the sign-in answer and /auth/me) for the screens to read.
    const me = await boss.get('/api/v1/auth/me');
    expect(me.body.account).toMatchObject({
      timeZone: expect.any(String),
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      units: expect.stringMatching(/^(metric|imperial|us)$/),
      locale: expect.any(String),
    });
    expect(boss.item.account).toMatchObject({ timeZone: me.body.account.timeZone, locale: me.body.account.locale });
    // The demo tells one story (ADR 079): a South African fleet, and a US one.
    expect(admin.item.account).toMatchObject({
      accountName: 'Demo Fuels',
      timeZone: 'Africa/Johannesburg',
      currency: 'ZAR',
      units: 'metric',
      locale: 'en-ZA',
    });
    const north = await srv.database.pool.query(
      `select a.time_zone, a.currency, a.units, a.locale, a.modules,
         array(select distinct s.timezone from stores s where s.account_id = a.id) zones,
         array(select p.modules from subscriptions x join plans p on p.id = x.plan_id where x.account_id = a.id) plan
       from accounts a where a.name = 'North Haulage'`,
    );
    expect(north.rows[0]).toMatchObject({
      time_zone: 'America/Chicago',
      currency: 'USD',
      units: 'us',
      locale: 'en-US',
      zones: ['America/Chicago'],
    });
  });
});
