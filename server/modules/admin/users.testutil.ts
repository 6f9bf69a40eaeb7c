import { afterAll, beforeAll, expect } from 'vitest';
import { Client, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

export type Session = Awaited<ReturnType<typeof session>>;
export const USERS = '/api/v1/admin/users';

/** A membership's call-list fields, valid. */
export const contact = () => ({
  phone: '+353 1 555 0100',
  jobTitle: 'Driver',
  emergencyContact: 'Sam, +353 1 555 0199',
  storeIds: [],
});

/**
 * `/User`'s API tests (users, invitations, accounts): one server per file with the demo admin and
 * ThebigBoss signed in, and the helpers the files share. Registers its hooks; the object is filled
 * in `beforeAll`.
 */
export function usersFixture() {
  const f = {
    srv: undefined as unknown as TestServer,
    admin: undefined as unknown as Session,
    boss: undefined as unknown as Session,
    linkIn: (text: string) => /token=([\w-]+)/.exec(text)?.[1],
    async lastMailTo(to: string) {
      await f.srv.mailsSent();
      return [...f.srv.mails].reverse().find((m) => m.to === to);
    },
    async waitingInvitations(s: Session) {
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
    },
    async listed(s: Session, q = '') {
      const r = await s.get(`${USERS}?pageSize=200${q}`);
      expect(r.status).toBe(200);
      return r.body.items as { id: number; username: string; email: string; status: string; roles: string[] }[];
    },
    canWork: async (s: Session) => (await s.get('/api/v1/auth/me')).status,
    /** The id of the user with this e-mail (the invite's answer names nobody: ADR 073). */
    async userIdOf(email: string) {
      const { rows } = await f.srv.database.pool.query('select id from users where lower(email) = lower($1)', [email]);
      return Number((rows[0] as { id: string }).id);
    },
    /** Invites `email` as a driver and sets the password through the mailed link (which accepts): the user id. */
    async invitedDriver(email: string, pass = 'drive123') {
      const r = await f.admin.send('POST', `${USERS}/invite`, {
        displayName: `Driver ${email}`,
        email,
        roles: ['basic', 'FAMS'],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const token = f.linkIn((await f.lastMailTo(email))!.text)!;
      const set = await new Client(f.srv.url).call('POST', '/api/v1/auth/reset-password', { token, password: pass });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return f.userIdOf(email);
    },
  };
  beforeAll(async () => {
    f.srv = await startServer();
    f.admin = await session(f.srv.url, ...DEMO.admin);
    f.boss = await session(f.srv.url, ...DEMO.boss, 'Demo Fuels');
  });
  afterAll(async () => {
    await f.srv?.close();
  });
  return f;
}
