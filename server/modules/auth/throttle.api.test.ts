import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Throttles that cannot be raced or turned against a user (ADR 019, ADR 072), on a server of their
 * own so the per-address rate limit of the other auth tests does not mix in.
 */
let srv: TestServer;
const s = {} as Record<'manager' | 'attendant' | 'admin', Awaited<ReturnType<typeof session>>>;
beforeAll(async () => {
  srv = await startServer();
  // Sessions first: the tests below lock some of these users out.
  for (const name of ['manager', 'attendant', 'admin'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
});
afterAll(async () => {
  await srv?.close();
});

const AUTH = '/api/v1/FAMSlegacy/Authenticate';

/**
 * A sign-in as a browser makes it, with or without the device cookie an earlier sign-in set; `from`
 * names the client's address through a trusted proxy's `X-Forwarded-For`.
 */
async function signIn(name: string, password: string, deviceCookie?: string, base = srv.url, from?: string) {
  const res = await fetch(base + AUTH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(deviceCookie ? { cookie: `fams_dc=${deviceCookie}` } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify({ Username: name, Password: password }),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('fams_dc='));
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    device: set?.split(';')[0].slice('fams_dc='.length),
    setCookie: set,
    retryAfter: retryAfter === null ? undefined : Number(retryAfter),
  };
}

/** The failures counted on a user's key at one address (`user:<id>@<address>`), read from the table. */
async function failuresAt(server: TestServer, username: string, address: string): Promise<number | undefined> {
  const { rows } = await server.database.pool.query(
    `select t.failures from login_throttle t join users u on t.login_key = 'user:' || u.id || '@' || $2
      where u.username = $1`,
    [username, address],
  );
  return rows[0]?.failures;
}

describe('sign-in throttle', () => {
  it('30 parallel wrong passwords check at most five; then the right one is refused too', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => signIn('editor', 'wrong-pass')));
    const checked = burst.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(4);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(26);
    // Five claims were granted (the fifth set the lock before its check); the other 25 counted nothing.
    expect(await failuresAt(srv, 'editor', '127.0.0.1')).toBe(5);
    expect((await signIn('editor', 'editor12')).status).toBe(429);
  });

  it('the username and the e-mail, in any case, share one allowance', async () => {
    const statuses: number[] = [];
    for (const name of ['manager', 'MANAGER', 'manager@fams.example', 'Manager@FAMS.example', 'manager']) {
      statuses.push((await signIn(name, 'wrong-pass')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await signIn('manager@fams.example', 'manager1')).status).toBe(429);
  });

  it('a locked-out attacker does not lock out the device where the user signed in before', async () => {
    const phone = await signIn('driver', 'driver1');
    expect(phone.status).toBe(200);
    expect(phone.setCookie).toMatch(/HttpOnly/i);
    expect(phone.setCookie).toMatch(/Path=\/api\/v1\/FAMSlegacy\/Authenticate/i);
    const pranks: number[] = [];
    for (let i = 0; i < 6; i++) pranks.push((await signIn('driver', 'prank-pass')).status);
    expect(pranks).toEqual([401, 401, 401, 401, 429, 429]);
    // Unrecognised clients at that address are refused, even with the right password...
    expect((await signIn('driver', 'driver1')).status).toBe(429);
    // ...the driver's own phone is not.
    const again = await signIn('driver', 'driver1', phone.device);
    expect(again.status).toBe(200);

    // The cookie names the users who signed in there: it does not open another user's lock.
    for (let i = 0; i < 5; i++) await signIn('attendant', 'prank-pass');
    expect((await signIn('attendant', 'attend24', again.device)).status).toBe(429);
    // A forged cookie counts as none.
    expect((await signIn('driver', 'driver1', `${again.device}x`)).status).toBe(429);
  });
});

describe('PIN throttle', () => {
  it('30 parallel wrong PINs check at most five (one audit entry per check)', async () => {
    const { manager, admin, attendant } = s;
    const emp = await manager.send('POST', '/api/v1/employees', { number: 'PINRACE', name: 'Pin Race', pin: '8642' });
    expect(emp.status, JSON.stringify(emp.body)).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        attendant.send('POST', '/api/v1/employees/verify-pin', { employeeId: emp.body.id, pin: '1111' }),
      ),
    );
    expect(burst.filter((r) => r.status === 200).length).toBeLessThanOrEqual(4);
    expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const right = await attendant.send('POST', '/api/v1/employees/verify-pin', {
      employeeId: emp.body.id,
      pin: '8642',
    });
    expect(right.status).toBe(429);
    const log = await admin.get(`/api/v1/audit-logs?f.entityId=${emp.body.id}&f.action=pin_failed`);
    expect(log.status).toBe(200);
    const failed = (log.body.items as { action: string }[]).filter((e) => e.action === 'pin_failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThanOrEqual(5);
  });
});

/** On a server of its own: the per-address limit (60 sign-ins a minute) must not mix in. */
describe('sign-in throttle, per device and per unknown name', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startServer();
  });
  afterAll(async () => {
    await other?.close();
  });
  const at = (name: string, password: string, device?: string) => signIn(name, password, device, other.url);

  it('a device cookie has an allowance of its own: five wrong passwords lock that device only', async () => {
    const phone = await at('viewer', 'viewer12');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await at('viewer', 'wrong-pass', phone.device)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await at('viewer', 'viewer12', phone.device)).status).toBe(429);
    // Another browser is not affected by that device's lock.
    expect((await at('viewer', 'viewer12')).status).toBe(200);
  });

  it('a name that is no user is throttled like one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await at('nobody-here', 'wrong-pass')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

/**
 * ADR 072: behind a trusted proxy each client address has its own allowance per user, with locks
 * that grow; a stranger's failures lock only the stranger's address, never a known device nor the
 * user at another address. Each test uses addresses of its own.
 */
describe('sign-in throttle per client address (ADR 072)', () => {
  let px: TestServer;
  let admin: Awaited<ReturnType<typeof session>>;
  let boss: Awaited<ReturnType<typeof session>>;
  beforeAll(async () => {
    px = await startServer({ trustProxy: ['127.0.0.1'] });
    admin = await session(px.url, ...DEMO.admin);
    boss = await session(px.url, ...DEMO.boss, 'North Haulage');
  });
  afterAll(async () => {
    await px?.close();
  });
  const from = (address: string, name: string, password: string, device?: string) =>
    signIn(name, password, device, px.url, address);
  /** Five wrong passwords from `address`: four 401s, then the lock (429) with its Retry-After. */
  async function lockAt(address: string, name: string) {
    const tries: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 0; i < 5; i++) tries.push(await from(address, name, 'wrong-pass'));
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 429]);
    return tries[4].retryAfter!;
  }
  /** Ends the locks of `address` as if their time had run out (no sleeping). */
  const expireLocksAt = (address: string) =>
    px.database.pool.query(
      `update login_throttle set locked_until = now() - interval '1 second' where login_key like '%@' || $1`,
      [address],
    );
  type Listed = { id: number; username: string; signInLockedUntil: string | null; failedSignIns: number };
  const member = async (username: string): Promise<Listed> =>
    ((await admin.get('/api/v1/admin/users?pageSize=200')).body.items as Listed[]).find(
      (u) => u.username === username,
    )!;

  it("a stranger's failures at one address leave the user's new phone elsewhere and their known device alone", async () => {
    const [name, password] = DEMO.manager;
    const known = await from('198.51.100.1', name, password);
    expect(known.status).toBe(200);
    const first = await lockAt('198.51.100.1', name);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    // The right password from an unrecognised client at the stranger's address waits...
    expect((await from('198.51.100.1', name, password)).status).toBe(429);
    // ...a new phone at another address signs in (the user was locked out everywhere before ADR 072)...
    expect((await from('203.0.113.2', name, password)).status).toBe(200);
    // ...and so does the device where the user signed in before, even at the stranger's address.
    expect((await from('198.51.100.1', name, password, known.device)).status).toBe(200);
  });

  it('the locks of one address grow: 1 minute after five failures, then 2, then 4', async () => {
    const [name, password] = DEMO.attendant;
    const at = '198.51.100.3';
    const first = await lockAt(at, name);
    // While locked, even the right password is refused unchecked, with the same lock's time.
    const refused = await from(at, name, password);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeLessThanOrEqual(first);
    await expireLocksAt(at);
    const second = await from(at, name, 'wrong-pass');
    expect(second.status).toBe(429);
    await expireLocksAt(at);
    const third = await from(at, name, 'wrong-pass');
    expect(third.status).toBe(429);
    expect(first).toBeLessThanOrEqual(60);
    expect(second.retryAfter).toBeGreaterThan(60);
    expect(second.retryAfter).toBeLessThanOrEqual(121);
    expect(third.retryAfter).toBeGreaterThan(180);
    expect(third.retryAfter).toBeLessThanOrEqual(241);
    expect(await failuresAt(px, name, at)).toBe(7);
  });

  it('an admin sees the lock on /User and lifts it at once; others cannot', async () => {
    const [name, password] = DEMO.driver;
    const at = '198.51.100.4';
    await lockAt(at, name);
    const listed = await member(name);
    expect(listed.failedSignIns).toBe(5);
    expect(new Date(listed.signInLockedUntil!).getTime()).toBeGreaterThan(Date.now());
    expect((await from(at, name, password)).status).toBe(429);

    // A manager is no admin; an admin of another account (here ThebigBoss working in North Haulage) does not find them.
    const manager = await session(px.url, ...DEMO.manager, undefined);
    expect((await manager.send('POST', `/api/v1/admin/users/${listed.id}/unlock`)).status).toBe(403);
    expect((await boss.send('POST', `/api/v1/admin/users/${listed.id}/unlock`)).status).toBe(404);
    expect((await from(at, name, password)).status).toBe(429);

    const unlock = await admin.send('POST', `/api/v1/admin/users/${listed.id}/unlock`);
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200);
    expect((await member(name)).signInLockedUntil).toBeNull();
    expect((await from(at, name, password)).status).toBe(200);
    const log = await admin.get(`/api/v1/audit-logs?f.entityId=${listed.id}&f.action=unlock_sign_in`);
    expect((log.body.items as { action: string }[]).filter((e) => e.action === 'unlock_sign_in')).toHaveLength(1);
  });

  it("a spent all-address ceiling refuses the user's unrecognised clients, never a known device; ThebigBoss lifts it", async () => {
    const [name, password] = DEMO.multi;
    const known = await from('198.51.100.5', name, password);
    expect(known.status).toBe(200);
    // A day's failures from many addresses, as the table counts them (no 500 requests needed).
    await px.database.pool.query(
      `insert into login_throttle (login_key, failures, first_failure_at)
        select 'user:' || id, 500, now() - interval '1 hour' from users where username = $1
        on conflict (login_key) do update set failures = 500, first_failure_at = excluded.first_failure_at`,
      [name],
    );
    const fresh = await from('203.0.113.50', name, password);
    expect(fresh.status).toBe(429);
    expect(fresh.retryAfter).toBeGreaterThan(22 * 3600);
    expect((await from('203.0.113.51', name, password, known.device)).status).toBe(200);
    const users = (await boss.get('/api/v1/admin/all-users?pageSize=200')).body.items as Listed[];
    const row = users.find((u) => u.username === name)!;
    expect(row.signInLockedUntil).not.toBeNull();
    expect(row.failedSignIns).toBeGreaterThanOrEqual(500);

    expect((await admin.send('POST', `/api/v1/admin/all-users/${row.id}/unlock`)).status).toBe(403);
    expect((await boss.send('POST', `/api/v1/admin/all-users/${row.id}/unlock`)).status).toBe(200);
    expect((await from('203.0.113.52', name, password)).status).toBe(200);
  });

  it('a lock at an address mails the real user once an hour, and nobody for a name that is no user', async () => {
    const attack = (to?: string) =>
      px.mails.filter((m) => m.subject === 'FAMS: failed sign-ins to your account' && (!to || m.to === to));
    await lockAt('198.51.100.6', 'nobody-at-all');
    await lockAt('198.51.100.7', 'editor');
    await vi.waitFor(() => expect(attack('editor@fams.example')).toHaveLength(1), { timeout: 15_000 });
    const mail = attack('editor@fams.example')[0];
    expect(mail.text).toContain('5 failed sign-ins');
    expect(mail.text).toContain('198.51.100.7');
    expect(mail.text).toContain('signed in before still sign in');
    expect(mail.text).toContain('change it');

    // Another address locked within the hour: no second mail. Another user's lock marks the queue's progress.
    await lockAt('198.51.100.8', 'editor');
    await lockAt('198.51.100.9', 'viewer');
    await vi.waitFor(() => expect(attack('viewer@fams.example')).toHaveLength(1), { timeout: 15_000 });
    await px.mailsSent();
    expect(attack('editor@fams.example')).toHaveLength(1);
    // Every attack mail of this server went to a demo user, once each.
    const to = attack().map((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    expect(to.every((t) => /^(manager|attendant|driver|multi|editor|viewer)@fams\.example$/.test(String(t)))).toBe(
      true,
    );
  });
});
