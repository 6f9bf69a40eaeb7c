import { DEMO_USERS } from '../server/seed/demo-users';

/** A demo user's username and password, read from the seed itself (one list for the API and e2e tests). */
function login(username: string): readonly [string, string] {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username} in server/seed/demo-users.ts`);
  return [user.username, user.password] as const;
}

/** The README's demo users, by the name the tests call them. */
export const DEMO_LOGINS = {
  admin: login('admin'),
  manager: login('manager'),
  editor: login('editor'),
  driver: login('driver'),
  attendant: login('attendant'),
  viewer: login('viewer'),
  multi: login('multi'),
  boss: login('boss'),
} as const;
