import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/** Issue 14: `/UsersAdmin` — every user across accounts; disabled everywhere; the last admin kept. */
let srv: TestServer;
type Session = Awaited<ReturnType<typeof session>>;
let boss: Session;
const URL = '/api/v1/admin/all-users';

beforeAll(async () => {
  srv = await startServer();
  boss = await session(srv.url, ...DEMO.boss, 'Demo Fuels');
});
afterAll(async () => {
  await srv?.close();
});

type Row = { id: number; username: string; memberships: string[]; active: boolean; accounts: number };
const rows = async (q = '') => (await boss.get(`${URL}?pageSize=200${q}`)).body.items as Row[];

describe('users admin', () => {
  it('lists every user across accounts with their memberships, never the system user', async () => {
    const all = await rows();
    const multi = all.find((u) => u.username === 'multi')!;
    expect(multi.accounts).toBe(3);
    expect(multi.memberships).toEqual(
      expect.arrayContaining(['Demo Fuels (Office user, FAMS)', 'North Haulage (Manager, FAMS)']),
    );
    expect(all.some((u) => u.username === 'system')).toBe(false);
    expect((await rows('&q=multi')).map((u) => u.username)).toEqual(['multi']);
    const admin = await session(srv.url, ...DEMO.admin);
    expect((await admin.get(URL)).status).toBe(403);
    expect((await admin.send('POST', `${URL}/${multi.id}/active`, { active: false })).status).toBe(403);
  });

  it('disables a user everywhere at once; keeps an account’s last admin and oneself', async () => {
    const all = await rows();
    const driver = await session(srv.url, ...DEMO.driver);
    expect((await driver.get('/api/v1/auth/me')).status).toBe(200);
    const id = all.find((u) => u.username === 'driver')!.id;
    const off = await boss.send('POST', `${URL}/${id}/active`, { active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await driver.get('/api/v1/auth/me')).status).toBe(401);
    expect((await new Client(srv.url).login(...DEMO.driver)).status).not.toBe(200);
    expect((await rows('&f.active=false')).map((u) => u.username)).toEqual(['driver']);
    expect((await boss.send('POST', `${URL}/${id}/active`, { active: true })).status).toBe(200);
    expect((await session(srv.url, ...DEMO.driver)).item.account.accountName).toBe('Demo Fuels');

    const admin = all.find((u) => u.username === 'admin')!.id;
    const last = await boss.send('POST', `${URL}/${admin}/active`, { active: false });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'last_admin', message: expect.stringContaining('Demo Fuels') });
    const me = all.find((u) => u.username === 'boss')!.id;
    expect((await boss.send('POST', `${URL}/${me}/active`, { active: false })).body.code).toBe('self');
    expect((await boss.send('POST', `${URL}/1/active`, { active: false })).status).toBe(404);
    expect((await boss.send('POST', `${URL}/${admin}/active`, { active: 'no' })).status).toBe(400);
  });
});
