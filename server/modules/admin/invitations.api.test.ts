import { beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, type TestServer } from '../../../tests/api/harness';
import { usersFixture, USERS, type Session } from './users.testutil';

/**
 * Invitations ask (ADR 073): an existing user joins only by accepting; the answers name nobody; the
 * links die with their user.
 */
const f = usersFixture();
let srv: TestServer;
let admin: Session;
let boss: Session;
beforeAll(() => {
  ({ srv, admin, boss } = f);
});
const { linkIn, lastMailTo, waitingInvitations, listed, invitedDriver } = f;

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
