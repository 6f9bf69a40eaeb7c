import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14: `/User` — invitations, grants, blocking, the last admin — and accounts (ThebigBoss). */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let admin: Session;
let boss: Session;
const USERS = '/api/v1/admin/users';

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

const linkIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1];
const lastMailTo = async (to: string) => {
  await srv.mailsSent();
  return [...srv.mails].reverse().find((m) => m.to === to);
};
async function waitingInvitations(s: Session) {
  const r = await s.get('/api/v1/admin/invitations');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    id: string;
    displayName: string;
    email: string;
    username: string;
    roles: string[];
    expired: boolean;
  }[];
}
async function listed(s: Session, q = '') {
  const r = await s.get(`${USERS}?pageSize=200${q}`);
  expect(r.status).toBe(200);
  return r.body.items as { id: number; username: string; email: string; status: string; roles: string[] }[];
}
const canWork = async (s: Session) => (await s.get('/api/v1/auth/me')).status;

/** The id of the user with this e-mail (the invite's answer names nobody: ADR 073). */
const userIdOf = async (email: string) =>
  Number(
    (
      (await srv.database.pool.query('select id from users where lower(email) = lower($1)', [email])).rows[0] as {
        id: string;
      }
    ).id,
  );

/** Invites `email` as a driver and sets the password through the mailed link (which accepts); returns the user id. */
async function invitedDriver(email: string, pass = 'drive123') {
  const r = await admin.send('POST', `${USERS}/invite`, {
    displayName: `Driver ${email}`,
    email,
    roles: ['basic', 'FAMS'],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const token = linkIn((await lastMailTo(email))!.text)!;
  const set = await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', { token, password: pass });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return userIdOf(email);
}

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

describe('invitations ask (ADR 073)', () => {
  let north: Session;
  const INVITATION = '/api/v1/auth/invitation';
  const anon = () => new Client(srv.url);
  const emailOf = async (username: string) =>
    (
      (await srv.database.pool.query('select email from users where username = $1', [username])).rows[0] as {
        email: string;
      }
    ).email;
  const accountsOf = async (login: readonly [string, string]) =>
    ((await anon().login(...login)).body.value as { account: { accountName: string } }[]).map(
      (v) => v.account.accountName,
    );
  const memberOfNorth = async (email: string) =>
    (
      await srv.database.pool.query(
        `select 1 from memberships m join users u on u.id = m.user_id join accounts a on a.id = m.account_id
          where lower(u.email) = lower($1) and a.name = 'North Haulage'`,
        [email],
      )
    ).rowCount === 1;
  const inviteNorth = (email: string, displayName = 'Invited Person', roles = ['TheBoss']) =>
    north.send('POST', `${USERS}/invite`, { displayName, email, roles });
  const acceptToken = async (email: string) => {
    const text = (await lastMailTo(email))!.text;
    expect(text).toContain('/pages/accept-invitation?token=');
    return linkIn(text)!;
  };

  beforeAll(async () => {
    north = await session(srv.url, ...DEMO.boss, 'North Haulage');
  });

  it('an existing user is not added until they accept through the mailed link; a second answer is refused', async () => {
    const email = await emailOf('viewer');
    expect(await accountsOf(DEMO.viewer)).toEqual(['Demo Fuels']);
    const r = await inviteNorth(email, 'Victor from the depot');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ ok: true, message: `Invitation sent to ${email}.` });
    // Not a member: their sign-in does not list the account, /User does not hold them, nobody's name shows.
    expect(await memberOfNorth(email)).toBe(false);
    expect(await accountsOf(DEMO.viewer)).toEqual(['Demo Fuels']);
    expect((await listed(north)).some((u) => u.email === email)).toBe(false);
    const waiting = (await waitingInvitations(north)).find((i) => i.email === email)!;
    expect(waiting).toMatchObject({ displayName: 'Victor from the depot', username: email, roles: ['TheBoss'] });
    expect(JSON.stringify(await waitingInvitations(north))).not.toContain('Vic Viewer');

    const token = await acceptToken(email);
    const view = await anon().call('POST', INVITATION, { token });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ accountName: 'North Haulage', roles: ['TheBoss'], email });
    expect(await memberOfNorth(email)).toBe(false);

    const ok = await anon().call('POST', `${INVITATION}/accept`, { token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await accountsOf(DEMO.viewer)).toEqual(['Demo Fuels', 'North Haulage']);
    expect((await listed(north)).find((u) => u.email === email)).toMatchObject({
      status: 'active',
      roles: ['TheBoss'],
    });
    expect((await waitingInvitations(north)).some((i) => i.email === email)).toBe(false);

    const again = await anon().call('POST', `${INVITATION}/accept`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'invitation_answered',
      title: expect.any(String),
      message: expect.any(String),
    });
    expect((await anon().call('POST', `${INVITATION}/decline`, { token })).status).toBe(409);
    // A member now: invited again, the admin is told so.
    const twice = await inviteNorth(email);
    expect(twice.status).toBe(422);
    expect(twice.body.fieldErrors.email).toEqual(['Already a user of this account.']);
  });

  it('answers an existing and an unknown e-mail alike: status, body and the waiting row', async () => {
    const known = await emailOf('manager');
    const unknown = 'nobody.yet@example.com';
    const a = await inviteNorth(known, 'Same Name', ['user', 'FAMS']);
    const b = await inviteNorth(unknown, 'Same Name', ['user', 'FAMS']);
    expect(a.status).toBe(b.status);
    expect(JSON.stringify(a.body).replaceAll(known, 'X')).toBe(JSON.stringify(b.body).replaceAll(unknown, 'X'));
    const rows = await waitingInvitations(north);
    const shape = (email: string) => {
      const {
        id: _id,
        createdAt: _c,
        expiresAt: _e,
        ...rest
      } = rows.find((i) => i.email === email) as Record<string, unknown>;
      return JSON.stringify(rest).replaceAll(email, 'X');
    };
    expect(shape(known)).toBe(shape(unknown));
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['createdAt', 'displayName', 'email', 'expired', 'expiresAt', 'id', 'roles', 'username'].sort(),
    );
    // Invited twice, either is told "already invited".
    for (const email of [known, unknown]) {
      const again = await inviteNorth(email, 'Same Name', ['user', 'FAMS']);
      expect(again.status).toBe(422);
      expect(again.body.fieldErrors.email).toEqual(['Already invited.']);
    }
    // A taken username is refused whoever the e-mail belongs to.
    for (const email of [await emailOf('editor'), 'another.new@example.com']) {
      const r = await north.send('POST', `${USERS}/invite`, {
        displayName: 'X',
        email,
        username: 'driver',
        roles: ['basic', 'FAMS'],
      });
      expect(r.status).toBe(422);
      expect(r.body.fieldErrors.username).toBeDefined();
    }
  });

  it('decline leaves no membership, and the link answers no more', async () => {
    const email = await emailOf('editor');
    expect((await inviteNorth(email)).status).toBe(201);
    const token = await acceptToken(email);
    const no = await anon().call('POST', `${INVITATION}/decline`, { token });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect(await memberOfNorth(email)).toBe(false);
    expect(await accountsOf(DEMO.editor)).toEqual(['Demo Fuels']);
    expect((await waitingInvitations(north)).some((i) => i.email === email)).toBe(false);
    const late = await anon().call('POST', `${INVITATION}/accept`, { token });
    expect(late.status).toBe(409);
    expect(await memberOfNorth(email)).toBe(false);
  });

  it('a withdrawn invitation refuses its link: accept link and first-password link alike, no password set', async () => {
    const known = await emailOf('attendant');
    expect((await inviteNorth(known)).status).toBe(201);
    const token = await acceptToken(known);
    const id = (await waitingInvitations(north)).find((i) => i.email === known)!.id;
    // Only this account's admin withdraws it.
    expect((await admin.send('DELETE', `/api/v1/admin/invitations/${id}`)).status).toBe(404);
    const w = await north.send('DELETE', `/api/v1/admin/invitations/${id}`);
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    for (const path of ['', '/accept', '/decline']) {
      const r = await anon().call('POST', `${INVITATION}${path}`, { token });
      expect(r.status).toBe(410);
      expect(r.body).toMatchObject({ code: 'invitation_withdrawn', message: expect.stringContaining('withdrawn') });
    }
    expect(await memberOfNorth(known)).toBe(false);

    const fresh = 'withdrawn.new@example.com';
    expect((await inviteNorth(fresh)).status).toBe(201);
    const link = linkIn((await lastMailTo(fresh))!.text)!;
    const id2 = (await waitingInvitations(north)).find((i) => i.email === fresh)!.id;
    expect((await north.send('DELETE', `/api/v1/admin/invitations/${id2}`)).status).toBe(200);
    const set = await anon().call('POST', '/api/v1/auth/reset-password', { token: link, password: 'chosen12' });
    expect(set.status).toBe(410);
    expect(set.body).toMatchObject({ code: 'invitation_withdrawn', fieldErrors: { token: [expect.any(String)] } });
    expect((await anon().login(fresh, 'chosen12')).status).toBe(401);
    expect(await memberOfNorth(fresh)).toBe(false);
    // Invited again later, they can answer the new one.
    expect((await inviteNorth(fresh)).status).toBe(201);
    const again = linkIn((await lastMailTo(fresh))!.text)!;
    expect(
      (await anon().call('POST', '/api/v1/auth/reset-password', { token: again, password: 'chosen12' })).status,
    ).toBe(200);
    expect(await memberOfNorth(fresh)).toBe(true);
  });

  it('an invitation dies with its user: removed from the account, or disabled everywhere', async () => {
    // A member who never signed in gets an invitation link again; removed, the link sets no password.
    const id = await invitedDriver('removed.before.signin@example.com');
    const hash = async () =>
      (
        (await srv.database.pool.query('select password_hash from users where id = $1', [id])).rows[0] as {
          password_hash: string;
        }
      ).password_hash;
    expect((await admin.send('POST', `${USERS}/${id}/password-link`)).status).toBe(200);
    const link = linkIn((await lastMailTo('removed.before.signin@example.com'))!.text)!;
    expect((await admin.send('DELETE', `${USERS}/${id}`)).status).toBe(200);
    const before = await hash();
    const r = await anon().call('POST', '/api/v1/auth/reset-password', { token: link, password: 'sneaky12' });
    expect(r.status).toBe(410);
    expect(r.body.code).toBe('invitation_withdrawn');
    expect(await hash()).toBe(before);

    // Disabled everywhere by ThebigBoss: their open invitation is withdrawn and its link refuses.
    const made = await north.send('POST', USERS, {
      displayName: 'Soon Disabled',
      email: 'soon.disabled@example.com',
      username: 'soondisabled',
      password: 'temp1234',
      roles: ['basic', 'FAMS'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(
      (
        await admin.send('POST', `${USERS}/invite`, {
          displayName: 'S',
          email: 'soon.disabled@example.com',
          roles: ['basic', 'FAMS'],
        })
      ).status,
    ).toBe(201);
    const token = await acceptToken('soon.disabled@example.com');
    const off = await boss.send('POST', `/api/v1/admin/all-users/${made.body.userId}/active`, { active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await anon().call('POST', `${INVITATION}/accept`, { token });
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('invitation_withdrawn');
    expect((await waitingInvitations(admin)).some((i) => i.email === 'soon.disabled@example.com')).toBe(false);
  });

  it('an unknown or expired token is refused with a clear message', async () => {
    const unknown = await anon().call('POST', `${INVITATION}/accept`, { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invitation_invalid');
    const email = await emailOf('multi');
    // multi is a member of North Haulage already: invite them into a fresh account instead.
    const acct = await boss.send('POST', '/api/v1/admin/accounts', {
      name: 'Expiry Test',
      type: 'x',
      timeZone: 'UTC',
      currency: 'EUR',
      units: 'metric',
      locale: 'en-IE',
      modules: ['FAMS'],
      admin: { displayName: 'Mia', email },
      planId: (await boss.get('/api/v1/admin/plans')).body[0].id,
    });
    expect(acct.status, JSON.stringify(acct.body)).toBe(201);
    const token = await acceptToken(email);
    await srv.database.pool.query(
      `update invitations set expires_at = now() - interval '1 second' where account_id = $1`,
      [acct.body.id],
    );
    const late = await anon().call('POST', `${INVITATION}/accept`, { token });
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('invitation_expired');
    expect(await accountsOf(DEMO.multi)).not.toContain('Expiry Test');
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

const contact = () => ({
  phone: '+353 1 555 0100',
  jobTitle: 'Driver',
  emergencyContact: 'Sam, +353 1 555 0199',
  storeIds: [],
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
