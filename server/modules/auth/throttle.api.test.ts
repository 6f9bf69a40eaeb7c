import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Throttles that cannot be raced or turned against a user (ADR 019), on a server of their own so
 * the per-address rate limit of the other auth tests does not mix in.
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

/** A sign-in as a browser makes it, with or without the device cookie an earlier sign-in set. */
async function signIn(name: string, password: string, deviceCookie?: string, base = srv.url) {
  const res = await fetch(base + AUTH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(deviceCookie ? { cookie: `fams_dc=${deviceCookie}` } : {}) },
    body: JSON.stringify({ Username: name, Password: password }),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('fams_dc='));
  return { status: res.status, device: set?.split(';')[0].slice('fams_dc='.length), setCookie: set };
}

describe('sign-in throttle', () => {
  it('30 parallel wrong passwords check at most five; then the right one is refused too', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => signIn('editor', 'wrong-pass')));
    const checked = burst.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(4);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(26);
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
    // Untrusted clients are refused, even with the right password...
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
