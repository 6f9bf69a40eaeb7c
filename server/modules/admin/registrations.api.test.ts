import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_LINK_INVALID } from '../../../src/contract/auth';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14, ADR 060: self-service registrations, and the account's sign-up link that sends them to its admins. */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let admin: Session;
let bossHere: Session;
let bossNorth: Session;
const REGS = '/api/v1/admin/registrations';
const LINK = '/api/v1/admin/signup-link';

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
  bossHere = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
  bossNorth = await session(srv.url, ...DEMO.boss, 'North Haulage');
});
afterAll(async () => {
  await srv?.close();
});

const anon = () => new Client(srv.url);
const register = (email: string, joinCode?: string) =>
  anon().call('POST', '/api/v1/auth/register', {
    name: `Applicant ${email}`,
    email,
    company: 'Demo Fuels',
    ...(joinCode === undefined ? {} : { joinCode }),
  });
async function waiting(s: Session) {
  const r = await s.get(REGS);
  expect(r.status).toBe(200);
  return r.body as { id: string; email: string; viaSignupLink: boolean }[];
}
const linkIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1];
async function lastMailTo(to: string) {
  await srv.mailsSent();
  return [...srv.mails].reverse().find((m) => m.to === to);
}

describe('registrations without a sign-up link', () => {
  it('wait for ThebigBoss, who approves one into the account he works in; an account admin never sees them', async () => {
    const email = 'applicant@example.com';
    expect((await register(email)).status).toBe(200);
    expect((await waiting(admin)).some((w) => w.email === email)).toBe(false);
    const req = (await waiting(bossHere)).find((w) => w.email === email)!;
    expect(req.viaSignupLink).toBe(false);
    expect((await admin.send('POST', `${REGS}/${req.id}/approve`, { roles: ['user', 'FAMS'] })).status).toBe(404);

    const ok = await bossHere.send('POST', `${REGS}/${req.id}/approve`, { roles: ['user', 'FAMS'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(linkIn((await lastMailTo(email))!.text)).toBeTruthy();
    // Invited, not yet a member (ADR 073): they join when they choose their password.
    const users = (await admin.get('/api/v1/admin/users?pageSize=200')).body.items as { email: string }[];
    expect(users.some((u) => u.email === email)).toBe(false);
    const invited = (await admin.get('/api/v1/admin/invitations')).body as { email: string; displayName: string }[];
    expect(invited.find((i) => i.email === email)).toMatchObject({ displayName: `Applicant ${email}` });
    expect((await bossHere.send('POST', `${REGS}/${req.id}/reject`)).status).toBe(404);
  });
});

describe('the sign-up link', () => {
  it('sends a request to this account’s admins only, who approve it by invitation', async () => {
    expect((await admin.get(LINK)).body).toEqual({ code: null });
    const made = await admin.send('POST', LINK);
    expect(made.status).toBe(200);
    const code = made.body.code as string;
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect((await admin.get(LINK)).body).toEqual({ code });

    const join = await anon().call('GET', `/api/v1/auth/join/${code}`);
    expect(join.status).toBe(200);
    expect(join.body).toEqual({ accountName: 'Demo Fuels' });

    const email = 'linked@example.com';
    expect((await register(email, code)).status).toBe(200);
    const req = (await waiting(admin)).find((w) => w.email === email)!;
    expect(req.viaSignupLink).toBe(true);
    // ThebigBoss sees it only in the account it names, and cannot decide it from another.
    expect((await waiting(bossHere)).some((w) => w.email === email)).toBe(true);
    expect((await waiting(bossNorth)).some((w) => w.email === email)).toBe(false);
    expect((await bossNorth.send('POST', `${REGS}/${req.id}/reject`)).status).toBe(404);

    // The admin grants no more than they hold (the rules of /User apply).
    const beyond = await admin.send('POST', `${REGS}/${req.id}/approve`, { roles: ['user', 'FAMS', 'ThebigBoss'] });
    expect([403, 422]).toContain(beyond.status);
    const ok = await admin.send('POST', `${REGS}/${req.id}/approve`, { roles: ['basic', 'FAMS'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(linkIn((await lastMailTo(email))!.text)).toBeTruthy();
    expect((await waiting(admin)).some((w) => w.email === email)).toBe(false);
  });

  it('stops working when renewed or turned off: the request is refused and nothing is stored', async () => {
    const old = (await admin.send('POST', LINK)).body.code as string;
    const renewed = (await admin.send('POST', LINK)).body.code as string;
    expect(renewed).not.toBe(old);

    const joinOld = await anon().call('GET', `/api/v1/auth/join/${old}`);
    expect(joinOld.status).toBe(404);
    expect(joinOld.body.message).toBe(JOIN_LINK_INVALID);
    const refused = await register('late@example.com', old);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(JOIN_LINK_INVALID);

    expect((await admin.send('DELETE', LINK)).body).toEqual({ code: null });
    expect((await register('later@example.com', renewed)).status).toBe(422);
    for (const s of [admin, bossHere]) {
      expect((await waiting(s)).some((w) => ['late@example.com', 'later@example.com'].includes(w.email))).toBe(false);
    }
    // A refused request does not hold the e-mail: sent again without the link, it is accepted.
    expect((await register('late@example.com')).status).toBe(200);

    // Each change is audited, never with the secret itself.
    const audit = await srv.database.pool.query<{ action: string; after: unknown }>(
      `select action, after from audit_log where entity = 'signup_link' order by at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'rotate', 'rotate', 'delete']);
    expect(JSON.stringify(audit.rows)).not.toContain(renewed);
  });

  it('is the admin’s: other roles are refused and a blocked account’s link does not join', async () => {
    const driver = await session(srv.url, ...DEMO.driver);
    expect((await driver.get(LINK)).status).toBe(403);
    expect((await driver.send('POST', LINK)).status).toBe(403);
    expect((await driver.get(REGS)).status).toBe(403);

    const code = (await admin.send('POST', LINK)).body.code as string;
    await srv.database.pool.query(`update accounts set blocked = true where name = 'Demo Fuels'`);
    try {
      expect((await anon().call('GET', `/api/v1/auth/join/${code}`)).status).toBe(404);
      expect((await register('blocked@example.com', code)).status).toBe(422);
    } finally {
      await srv.database.pool.query(`update accounts set blocked = false where name = 'Demo Fuels'`);
    }
  });
});
