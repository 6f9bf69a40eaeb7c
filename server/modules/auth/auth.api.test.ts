import { SignJWT } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
});

const AUTH = '/api/v1/FAMSlegacy/Authenticate';

describe('Authenticate', () => {
  it('signs in by username or e-mail in any case, one account-scoped token per account', async () => {
    for (const name of ['driver', 'DRIVER', 'Driver@FAMS.example']) {
      const r = await new Client(srv.url).login(name, 'driver1');
      expect(r.status, name).toBe(200);
      expect(r.body.value).toHaveLength(1);
      expect(r.body.value[0].account.accountName).toBe('Demo Fuels');
      expect(r.body.value[0].userRoles.userRoles.map((x: { code: string }) => x.code).sort()).toEqual([
        'FAMS',
        'basic',
      ]);
      expect(r.body.value[0].userRoles.id).toBeGreaterThan(1);
    }
  });

  it('gives multi three accounts; the blocked one carries no token; each token reaches only its account', async () => {
    const c = new Client(srv.url);
    const r = await c.login(...DEMO.multi);
    const byName = Object.fromEntries(r.body.value.map((v: any) => [v.account.accountName, v]));
    expect(Object.keys(byName).sort()).toEqual(['Blocked Mining', 'Demo Fuels', 'North Haulage']);
    expect(byName['Blocked Mining'].account.blocked).toBe(true);
    expect(byName['Blocked Mining'].token).toBe('');
    for (const name of ['Demo Fuels', 'North Haulage']) {
      const me = await c.call('GET', '/api/v1/auth/me', undefined, authHeaders(byName[name]));
      expect(me.status).toBe(200);
      expect(me.body.account.accountName).toBe(name);
    }
    expect(byName['North Haulage'].userRoles.userRoles.map((x: any) => x.code)).toContain('manager');
    // A token of one account with the other account's headers is refused.
    const mixed = {
      ...authHeaders(byName['Demo Fuels']),
      accountId: String(byName['North Haulage'].account.accountId),
    };
    expect((await c.call('GET', '/api/v1/auth/me', undefined, mixed)).status).toBe(403);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const a = await new Client(srv.url).login('editor', 'wrong99');
    const b = await new Client(srv.url).login('nobody-here', 'wrong99');
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual(b.body);
    expect(a.body.message).toBe('Wrong Email or Password');
  });

  it('validates the body with field errors and rejects unknown fields', async () => {
    const c = new Client(srv.url);
    const short = await c.call('POST', AUTH, { Username: 'ab', Password: '123' });
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.fieldErrors).sort()).toEqual(['Password', 'Username']);
    const long = await c.call('POST', AUTH, { Username: 'driver', Password: '12345678901' });
    expect(long.body.fieldErrors.Password[0]).toMatch(/At most 10/);
    const extra = await c.call('POST', AUTH, { Username: 'driver', Password: 'driver1', admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.fieldErrors).toHaveProperty('admin');
    const notJson = await fetch(srv.url + AUTH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).title).toBeTruthy();
  });

  it('throttles repeated failures for one login name with 429 and Retry-After, other names unaffected', async () => {
    const c = new Client(srv.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.login('attendant', 'wrongpw')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await c.login('attendant', 'attend24');
    expect(locked.status).toBe(429);
    // The first lock of a client is a minute; further failures double it (ADR 072).
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The lock is on the name whatever its case.
    expect((await c.login('ATTENDANT', 'attend24')).status).toBe(429);
    expect((await c.login('viewer', 'viewer12')).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and renews an account-scoped token', async () => {
    const s = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const first = s.client.cookie;
    const r = await s.client.call('POST', '/api/v1/auth/refresh', { accountId: s.item.account.accountId });
    expect(r.status).toBe(200);
    expect(s.client.cookie).not.toBe(first);
    const me = await s.client.call('GET', '/api/v1/auth/me', undefined, authHeaders(s.item, r.body.token));
    expect(me.body.account.accountName).toBe('North Haulage');
    expect(r.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(r.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
  });

  it('refuses a blocked account and an account the user is not in', async () => {
    const s = await session(srv.url, ...DEMO.multi);
    const blocked = await s.client.login(...DEMO.multi);
    const blockedId = blocked.body.value.find((v: any) => v.account.blocked).account.accountId;
    expect((await s.client.call('POST', '/api/v1/auth/refresh', { accountId: blockedId })).status).toBe(403);
    const d = await session(srv.url, ...DEMO.driver);
    const north = (await s.client.login(...DEMO.multi)).body.value.find(
      (v: any) => v.account.accountName === 'North Haulage',
    );
    expect((await d.client.call('POST', '/api/v1/auth/refresh', { accountId: north.account.accountId })).status).toBe(
      403,
    );
  });

  it('revokes the whole family when an old token comes back after the grace period', async () => {
    const s = await session(srv.url, ...DEMO.editor);
    const old = s.client.cookie;
    const body = { accountId: s.item.account.accountId };
    expect((await s.client.call('POST', '/api/v1/auth/refresh', body)).status).toBe(200);
    const current = s.client.cookie;
    // Within the grace period (two tabs racing, or the answer with the new cookie was lost) the old
    // token still renews, and with a cookie of its own, so the browser never keeps a used token.
    const race = new Client(srv.url);
    race.cookie = old;
    const raced = await race.call('POST', '/api/v1/auth/refresh', body);
    expect(raced.status).toBe(200);
    expect(race.cookie).not.toBe(old);
    expect(race.cookie).not.toBe(current);
    await srv.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    // Minutes later the cookie the lost answer's retry got still renews: no reuse, no sign-out.
    expect((await race.call('POST', '/api/v1/auth/refresh', body)).status).toBe(200);
    await srv.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const reuse = await new Client(srv.url).call('POST', '/api/v1/auth/refresh', body, { cookie: old });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('refresh_reused');
    const after = await new Client(srv.url).call('POST', '/api/v1/auth/refresh', body, { cookie: current });
    expect(after.status).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const s = await session(srv.url, ...DEMO.manager);
    const cookie = s.client.cookie;
    const out = await s.client.call('POST', '/api/v1/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/fams_rt=;/);
    const r = await new Client(srv.url).call(
      'POST',
      '/api/v1/auth/refresh',
      { accountId: s.item.account.accountId },
      { cookie },
    );
    expect(r.status).toBe(401);
  });

  it('without a cookie refresh is 401', async () => {
    expect((await new Client(srv.url).call('POST', '/api/v1/auth/refresh', { accountId: 1 })).status).toBe(401);
  });
});

describe('access tokens and headers', () => {
  const secret = () => new TextEncoder().encode(fs.readFileSync(path.join(srv.dataDir, 'jwt-secret'), 'utf8').trim());

  it('401 without a token, 401 for an expired one, 498 for malformed or forged ones', async () => {
    const s = await session(srv.url, ...DEMO.driver);
    expect((await s.client.call('GET', '/api/v1/auth/me')).status).toBe(401);
    const claims = {
      uk: s.item.userKey,
      acc: s.item.account.accountId,
      ak: s.item.account.accountKey,
      roles: ['basic', 'FAMS'],
    };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.item.userRoles.id))
      .setIssuer('fams')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret());
    const exp = await s.client.call('GET', '/api/v1/auth/me', undefined, authHeaders(s.item, expired));
    expect(exp.status).toBe(401);
    expect(exp.body.code).toBe('token_expired');
    const forged = await new SignJWT({ ...claims, roles: ['ThebigBoss'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.item.userRoles.id))
      .setIssuer('fams')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-secret-at-all-not-the-secret'));
    expect((await s.client.call('GET', '/api/v1/auth/me', undefined, authHeaders(s.item, forged))).status).toBe(498);
    expect(
      (await s.client.call('GET', '/api/v1/auth/me', undefined, authHeaders(s.item, 'garbage.token.here'))).status,
    ).toBe(498);
  });

  it('403 when any of the four headers disagrees with the token or is missing', async () => {
    const s = await session(srv.url, ...DEMO.driver);
    expect((await s.get('/api/v1/auth/me')).status).toBe(200);
    for (const h of ['userId', 'accountId', 'accountKey', 'userKey']) {
      const wrong = { ...s.headers, [h]: h.endsWith('Key') ? crypto.randomUUID() : '99999' };
      const r = await s.client.call('GET', '/api/v1/auth/me', undefined, wrong);
      expect(r.status, h).toBe(403);
      expect(r.body.code).toBe('header_mismatch');
      const missing = { ...s.headers };
      delete (missing as Record<string, string>)[h];
      expect((await s.client.call('GET', '/api/v1/auth/me', undefined, missing)).status, `${h} missing`).toBe(403);
    }
  });
});

describe('GetPermissions', () => {
  it('lists the rules the user satisfies and per-screen flags', async () => {
    const d = await session(srv.url, ...DEMO.driver);
    const p = (await d.get('/api/v1/Role/GetPermissions')).body;
    expect(p.rules).toContain('famsAllBasic');
    expect(p.rules).not.toContain('admin');
    expect(p.screens['/QuickDispense'].view).toBe(true);
    expect(p.screens['/Store'].view).toBe(false);
    const b = await session(srv.url, ...DEMO.boss);
    const bp = (await b.get('/api/v1/Role/GetPermissions')).body;
    expect(Object.values(bp.screens).every((x: any) => x.view)).toBe(true);
    const v = await session(srv.url, ...DEMO.viewer);
    const vp = (await v.get('/api/v1/Role/GetPermissions')).body;
    expect(vp.screens['/QuickBalancing']).toEqual({ view: true, create: false, edit: false, delete: false });
  });
});

describe('password reset and change', () => {
  // Only the reset mails: the failed-sign-in alarm of an earlier test (ADR 072) may arrive meanwhile.
  const resets = () => srv.mails.filter((m) => m.subject === 'FAMS password reset');

  it('e-mails a one-time link that sets a new password and ends old sessions', async () => {
    const old = await session(srv.url, 'viewer', 'viewer12');
    const before = resets().length;
    const r = await new Client(srv.url).call('POST', '/api/v1/auth/forgot-password', { email: 'Viewer@fams.example' });
    expect(r.status).toBe(200);
    // Sent after the answer (ADR 019).
    await vi.waitFor(() => expect(resets().length).toBe(before + 1), { timeout: 10_000 });
    const token = /token=([\w-]+)/.exec(resets().at(-1)!.text)![1];
    const ok = await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', { token, password: 'newpass1' });
    expect(ok.status).toBe(200);
    const again = await new Client(srv.url).call('POST', '/api/v1/auth/reset-password', {
      token,
      password: 'newpass2',
    });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors.token).toBeTruthy();
    expect((await new Client(srv.url).login('viewer', 'viewer12')).status).toBe(401);
    expect((await new Client(srv.url).login('viewer', 'newpass1')).status).toBe(200);
    const stale = await old.client.call('POST', '/api/v1/auth/refresh', { accountId: old.item.account.accountId });
    expect(stale.status).toBe(401);
  });

  it('answers the same for an unknown e-mail, before looking either up, and sends nothing', async () => {
    const before = resets().length;
    const r = await new Client(srv.url).call('POST', '/api/v1/auth/forgot-password', {
      email: 'nobody@nowhere.example',
    });
    const known = await new Client(srv.url).call('POST', '/api/v1/auth/forgot-password', {
      email: 'editor@fams.example',
    });
    expect(r.status).toBe(200);
    expect(known.status).toBe(200);
    expect(r.body).toEqual(known.body);
    // The known address gets its e-mail from the work done after the answer; the unknown none.
    await vi.waitFor(() => expect(resets().length).toBe(before + 1), { timeout: 10_000 });
    await new Promise((done) => setTimeout(done, 200));
    expect(
      resets()
        .slice(before)
        .map((m) => m.to),
    ).toEqual(['editor@fams.example']);
    const bad = await new Client(srv.url).call('POST', '/api/v1/auth/forgot-password', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.email).toBeTruthy();
  });

  it('changes the password only with the right current one, and audits it', async () => {
    const s = await session(srv.url, 'boss', 'boss1234');
    const wrong = await s.send('POST', '/api/v1/auth/change-password', {
      currentPassword: 'nothis1',
      newPassword: 'bossnew1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.currentPassword).toBeTruthy();
    const ok = await s.send('POST', '/api/v1/auth/change-password', {
      currentPassword: 'boss1234',
      newPassword: 'bossnew1',
    });
    expect(ok.status).toBe(200);
    expect((await new Client(srv.url).login('boss', 'bossnew1')).status).toBe(200);
    const rows = await srv.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'password_change'`,
    );
    expect((rows.rows[0] as { n: number }).n).toBe(1);
  });
});

describe('registration, health and unknown addresses', () => {
  it('stores a sign-up request and validates it', async () => {
    const c = new Client(srv.url);
    const bad = await c.call('POST', '/api/v1/auth/register', { name: ' ', email: 'x@y.example', company: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.name).toEqual(['Please enter your name.']);
    const ok = await c.call('POST', '/api/v1/auth/register', {
      name: 'Sam',
      email: 'sam@haul.example',
      company: 'Haul Co',
    });
    expect(ok.status).toBe(200);
    const rows = await srv.database.db.execute(
      sql`select status from registration_requests where email = 'sam@haul.example'`,
    );
    expect(rows.rows).toEqual([{ status: 'pending' }]);
    for (const email of ['SAM@haul.example', 'driver@fams.example']) {
      const dup = await c.call('POST', '/api/v1/auth/register', { name: 'Sam', email, company: 'Haul Co' });
      expect(dup.status, email).toBe(422);
      expect(dup.body.fieldErrors.email).toEqual(['This email is already in use.']);
    }
  });

  it('reports health, 404 and 405 with error bodies', async () => {
    const c = new Client(srv.url);
    const h = await c.call('GET', '/api/v1/health');
    expect(h.body).toMatchObject({ status: 'ok', database: 'up' });
    const nf = await c.call('GET', '/api/v1/nope');
    expect(nf.status).toBe(404);
    expect(nf.body).toMatchObject({ title: 'Not found', code: 'not_found' });
    const na = await c.call('DELETE', '/api/v1/health');
    expect(na.status).toBe(405);
    expect(na.body.message).toMatch(/DELETE/);
  });
});
