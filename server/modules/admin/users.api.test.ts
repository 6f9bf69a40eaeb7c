import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, type TestServer } from '../../../tests/api/harness';
import { contact, usersFixture, USERS, type Session } from './users.testutil';

/** `/User` (ADR 036): invitations of new users, grants, blocking, the last admin, contact details. */
const f = usersFixture();
let srv: TestServer;
let admin: Session;
let boss: Session;
beforeAll(() => {
  ({ srv, admin, boss } = f);
});
const { linkIn, lastMailTo, waitingInvitations, listed, canWork, userIdOf, invitedDriver } = f;

describe('invitations', () => {
  it('mails a 72 h one-time link; the invitee sets a password, signs in; the link is refused after use', async () => {
    const email = 'new.driver@example.com';
    const r = await admin.send('POST', `${USERS}/invite`, {
      displayName: 'New Driver',
      email,
      roles: ['basic', 'FAMS'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mail = (await lastMailTo(email))!;
    expect(mail.subject).toContain('Demo Fuels');
    expect(mail.text).toContain('/pages/reset-password?token=');
    const token = linkIn(mail.text)!;
    const [row] = (
      await srv.database.db.execute(
        sql`select purpose, extract(epoch from expires_at - created_at)::int as ttl from password_resets
            where user_id = ${await userIdOf(email)}`,
      )
    ).rows as { purpose: string; ttl: number }[];
    // created_at is the transaction's start, the expiry the clock at the link's issue (after the plan's
    // limit check): seconds apart on a busy machine.
    expect(row!.purpose).toBe('invite');
    expect(Math.abs(row!.ttl - 72 * 3600)).toBeLessThanOrEqual(5);
    // Not a member yet (ADR 073): an open invitation, listed with the name the admin typed.
    expect((await listed(admin)).some((u) => u.email === email)).toBe(false);
    expect((await waitingInvitations(admin)).find((i) => i.email === email)).toMatchObject({
      displayName: 'New Driver',
      username: email,
      roles: ['basic', 'FAMS'],
      expired: false,
    });

    // Before choosing a password, nothing signs in.
    expect((await new Client(srv.url).login(email, 'anything1')).status).toBe(401);
    const anon = new Client(srv.url);
    expect((await anon.call('POST', '/api/v1/auth/reset-password', { token, password: 'abc' })).status).toBe(400);
    expect((await anon.call('POST', '/api/v1/auth/reset-password', { token, password: 'newpass1' })).status).toBe(200);
    const again = await anon.call('POST', '/api/v1/auth/reset-password', { token, password: 'newpass2' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_link_invalid');

    const s = await session(srv.url, email, 'newpass1');
    expect(s.item.account.accountName).toBe('Demo Fuels');
    expect(s.item.userRoles.userRoles.map((c) => c.code)).toEqual(['basic', 'FAMS']);
    expect((await listed(admin)).find((u) => u.email === email)).toMatchObject({ status: 'active', username: email });
    expect((await waitingInvitations(admin)).some((i) => i.email === email)).toBe(false);
  });

  it('an expired invitation link is refused', async () => {
    const email = 'late.driver@example.com';
    const r = await admin.send('POST', `${USERS}/invite`, { displayName: 'Late', email, roles: ['basic', 'FAMS'] });
    expect(r.status).toBe(201);
    await srv.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${await userIdOf(email)}`,
    );
    const res = await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', {
      token: linkIn((await lastMailTo(email))!.text),
      password: 'newpass1',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('reset_link_invalid');
  });

  it('refuses a member twice, a taken username, and bad input with a clear 4xx', async () => {
    const existingEmail = (await listed(admin)).find((u) => u.username === 'driver')!.email;
    const twice = await admin.send('POST', `${USERS}/invite`, {
      displayName: 'Dana',
      email: existingEmail,
      roles: ['basic', 'FAMS'],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.fieldErrors.email).toBeDefined();
    const taken = await admin.send('POST', USERS, {
      displayName: 'X',
      email: 'someone.else@example.com',
      username: 'manager',
      password: 'temp1234',
      roles: ['basic', 'FAMS'],
    });
    expect(taken.status).toBe(422);
    const bad = await admin.send('POST', `${USERS}/invite`, { displayName: '', email: 'nope', roles: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['email']));
  });

  it('creates a user with a temporary password who signs in at once', async () => {
    const r = await admin.send('POST', USERS, {
      displayName: 'Temp Tina',
      email: 'tina@example.com',
      username: 'tina',
      password: 'temp1234',
      roles: ['userM', 'FAMS24'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const s = await session(srv.url, 'tina', 'temp1234');
    expect(await canWork(s)).toBe(200);
  });
});

describe('role grants', () => {
  it('follows the rule families and never gives what the grantor does not hold', async () => {
    const id = (await listed(admin)).find((u) => u.username === 'editor')!.id;
    const put = (s: Session, roles: string[]) => s.send('PUT', `${USERS}/${id}/roles`, { roles });
    expect((await put(admin, ['basic'])).status).toBe(422); // a level needs a variant
    expect((await put(admin, ['basic', 'user', 'FAMS'])).status).toBe(422); // one level
    const bigBoss = await put(admin, ['admin', 'ThebigBoss', 'FAMS']);
    expect(bigBoss.status).toBe(422);
    expect(bigBoss.body.fieldErrors.roles).toBeDefined();

    // An admin who holds FAMS only cannot give FAMS24 or ATG.
    await admin.send('POST', USERS, {
      displayName: 'Half Admin',
      email: 'half@example.com',
      username: 'halfadmin',
      password: 'half1234',
      roles: ['admin', 'FAMS'],
    });
    const half = await session(srv.url, 'halfadmin', 'half1234');
    for (const extra of ['FAMS24', 'ATG']) {
      const r = await put(half, ['user', 'FAMS', extra]);
      expect(r.status, extra).toBe(403);
      expect(r.body.code).toBe('grant_refused');
    }
    expect((await put(half, ['manager', 'FAMS'])).status).toBe(200);
    expect((await listed(admin)).find((u) => u.id === id)!.roles).toEqual(['manager', 'FAMS']);
  });

  it('a changed member’s old token is refused once, and the refresh carries the new roles', async () => {
    const ed = await session(srv.url, ...DEMO.editor);
    expect(await canWork(ed)).toBe(200);
    expect(
      (await admin.send('PUT', `${USERS}/${ed.item.userRoles.id}/roles`, { roles: ['editor', 'FAMS'] })).status,
    ).toBe(200);
    expect(await canWork(ed)).toBe(401);
    const renewed = await ed.client.call('POST', '/api/v1/auth/refresh', { accountId: ed.item.account.accountId });
    expect(renewed.status).toBe(200);
    const me = await ed.client.call('GET', '/api/v1/auth/me', undefined, {
      ...ed.headers,
      authorization: `Bearer ${renewed.body.token}`,
    });
    expect(me.body.roles).toEqual(['editor', 'FAMS']);
  });
});

describe('blocking', () => {
  it('revokes refresh at once and refuses the next request of a still-valid (cached) access token', async () => {
    const id = await invitedDriver('blocked.driver@example.com');
    const d = await session(srv.url, 'blocked.driver@example.com', 'drive123');
    // Used just before: the token sits in the verified-token cache and the session gate's memory.
    expect(await canWork(d)).toBe(200);
    expect((await admin.send('POST', `${USERS}/${id}/block`, { blocked: true })).status).toBe(200);
    const refused = await d.get('/api/v1/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('session_ended');
    expect((await d.client.call('POST', '/api/v1/auth/refresh', { accountId: d.item.account.accountId })).status).toBe(
      401,
    );
    // At sign-in the account shows as blocked, without a token.
    const login = await new Client(srv.url).login('blocked.driver@example.com', 'drive123');
    expect(login.body.value).toEqual([
      expect.objectContaining({ token: '', account: expect.objectContaining({ blocked: true }) }),
    ]);
    expect((await listed(admin)).find((u) => u.id === id)!.status).toBe('blocked');

    expect((await admin.send('POST', `${USERS}/${id}/block`, { blocked: false })).status).toBe(200);
    expect(await canWork(await session(srv.url, 'blocked.driver@example.com', 'drive123'))).toBe(200);
  });

  it('removes a member: their token stops, and they are no longer listed', async () => {
    const id = await invitedDriver('leaver@example.com');
    const d = await session(srv.url, 'leaver@example.com', 'drive123');
    expect((await admin.send('DELETE', `${USERS}/${id}`)).status).toBe(200);
    expect(await canWork(d)).toBe(401);
    expect((await listed(admin)).some((u) => u.id === id)).toBe(false);
    expect((await admin.send('DELETE', `${USERS}/${id}`)).status).toBe(404);
  });

  it('mails a password link for a member', async () => {
    const id = (await listed(admin)).find((u) => u.username === 'attendant')!;
    const r = await admin.send('POST', `${USERS}/${id.id}/password-link`);
    expect(r.status).toBe(200);
    expect(linkIn((await lastMailTo(id.email))!.text)).toBeTruthy();
  });
});

describe('the last admin', () => {
  it('cannot be demoted, blocked or removed (409 with a clear message)', async () => {
    const [row] = (
      await srv.database.db.execute(sql`
        select m.account_id from memberships m join users u on u.id = m.user_id where u.username = 'admin'`)
    ).rows as { account_id: number }[];
    // halfadmin (made above) is an admin too: take it away first, as ThebigBoss.
    const half = (await listed(admin)).find((u) => u.username === 'halfadmin')!;
    expect((await boss.send('DELETE', `${USERS}/${half.id}`)).status).toBe(200);
    const me = admin.item.userRoles.id;
    expect(Number(row!.account_id)).toBe(admin.item.account.accountId);

    const demote = await admin.send('PUT', `${USERS}/${me}/roles`, { roles: ['manager', 'FAMS'] });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: 'last_admin', message: expect.stringContaining('last administrator') });
    expect((await boss.send('POST', `${USERS}/${me}/block`, { blocked: true })).body.code).toBe('last_admin');
    expect((await boss.send('DELETE', `${USERS}/${me}`)).body.code).toBe('last_admin');
    expect((await admin.send('POST', `${USERS}/${me}/block`, { blocked: true })).status).toBe(409);
    expect(await canWork(admin)).toBe(200);
  });
});

describe('contact information', () => {
  it('saves phone, job title, stores and emergency contact; refuses another account’s store', async () => {
    const d = (await listed(admin)).find((u) => u.username === 'driver')!;
    const [store] = (
      await srv.database.db.execute(
        sql`select id from stores where account_id = ${admin.item.account.accountId} and deleted_at is null order by code limit 1`,
      )
    ).rows as { id: string }[];
    const ok = await admin.send('PUT', `/api/v1/admin/contacts/${d.id}`, { ...contact(), storeIds: [store!.id] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = (await admin.get('/api/v1/admin/contacts?q=Driver&pageSize=200')).body.items as {
      id: number;
      phone: string;
      stores: string[];
    }[];
    expect(rows.find((r) => r.id === d.id)).toMatchObject({ phone: '+353 1 555 0100', stores: [expect.any(String)] });
    const [foreign] = (
      await srv.database.db.execute(
        sql`select id from stores where account_id <> ${admin.item.account.accountId} limit 1`,
      )
    ).rows as { id: string }[];
    if (foreign) {
      const r = await admin.send('PUT', `/api/v1/admin/contacts/${d.id}`, { ...contact(), storeIds: [foreign.id] });
      expect(r.status).toBe(422);
    }
    const csv = await admin.get('/api/v1/admin/contacts/export?format=csv');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Emergency contact');
    expect(String(csv.body)).toContain('+353 1 555 0100');
  });
});
