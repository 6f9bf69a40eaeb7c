import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { SESSION_CHECK_TTL_MS } from './sessions';

/**
 * Issue 10: an access token stops working at once when its session ends — logout, a password
 * change elsewhere, a blocked user or account — not up to 15 minutes later.
 */
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv.close();
});

/** A read and a write that need a live session. */
async function canWork(s: Awaited<ReturnType<typeof session>>) {
  return (await s.get('/api/v1/reference')).status;
}
const later = { timeout: SESSION_CHECK_TTL_MS + 3_000, interval: 250 };

describe('access tokens end with their session', () => {
  it('logout: the token of that sign-in is refused at once; another sign-in goes on', async () => {
    const a = await session(srv.url, ...DEMO.editor);
    const b = await session(srv.url, ...DEMO.editor);
    expect(await canWork(a)).toBe(200);
    expect((await a.client.call('POST', '/api/v1/auth/logout', {})).status).toBe(200);
    const refused = await a.get('/api/v1/reference');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('session_ended');
    expect(await canWork(b)).toBe(200);
  });

  it('a password change ends every other sign-in (access and refresh), not the one that changed it', async () => {
    const [user, pass] = DEMO.manager;
    const here = await session(srv.url, user, pass);
    const phone = await session(srv.url, user, pass);
    expect(await canWork(phone)).toBe(200);
    const changed = await here.send('POST', '/api/v1/auth/change-password', {
      currentPassword: pass,
      newPassword: 'Mngr2new',
    });
    expect(changed.status).toBe(200);
    expect(await canWork(phone)).toBe(401);
    expect(
      (await phone.client.call('POST', '/api/v1/auth/refresh', { accountId: phone.item.account.accountId })).status,
    ).toBe(401);
    expect(await canWork(here)).toBe(200);
  });

  it("a blocked account and a deactivated user are refused within the check's moment", async () => {
    const multi = await session(srv.url, ...DEMO.multi, 'North Haulage');
    const viewer = await session(srv.url, ...DEMO.viewer);
    expect(await canWork(multi)).toBe(200);
    expect(await canWork(viewer)).toBe(200);
    await srv.database.db.execute(sql`update accounts set blocked = true where id = ${multi.item.account.accountId}`);
    await srv.database.db.execute(sql`update users set active = false where id = ${viewer.item.userRoles.id}`);
    await expect.poll(() => canWork(multi), later).toBe(401);
    await expect.poll(() => canWork(viewer), later).toBe(401);
    // The equipment write that used to succeed after a block.
    const write = await multi.send('POST', '/api/v1/cost-centres', {
      code: `BLK${Date.now() % 100000}`,
      name: 'After block',
    });
    expect(write.status).toBe(401);
  });
});
