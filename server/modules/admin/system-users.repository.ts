import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { filter, type ListSpec } from '../../lib/resource';
import { ROLE_NAMES } from '../../../src/contract/role-names';
import type { SystemUser } from '../../../src/contract/users-admin';
import { signInLockOf } from '../auth';

/** A `SystemUser` as SQL answers it: its times as dates (or text). */
export type SystemUserRaw = Omit<SystemUser, 'lastSignInAt' | 'signInLockedUntil'> & {
  lastSignInAt: Date | string | null;
  signInLockedUntil: Date | string | null;
};

/** A role code `r` by its name (ADR 078): the contract's names, fixed literals. */
const ROLE_NAME = sql.raw(
  `case r ${Object.entries(ROLE_NAMES)
    .map(([code, name]) => `when '${code}' then '${name.replace(/'/g, "''")}'`)
    .join(' ')} else r end`,
);
const MEMBERSHIPS = sql<string[]>`array(select a.name || ' ('
  || array_to_string(array(select ${ROLE_NAME} from unnest(m.roles) with ordinality as x(r, i) order by i), ', ') || ')'
  || case when m.blocked then ' — blocked' else '' end
  from memberships m join accounts a on a.id = m.account_id where m.user_id = u.id order by a.name)`;
/** `emailKey` (src/contract/users-admin.ts) in SQL: lower case, trimmed, no `+tag` before the @. */
const EMAIL_KEY = (t: string) => sql`regexp_replace(lower(btrim(${sql.raw(t)}.email)), '\\+[^@]*(@[^@]*)$', '\\1')`;
const ACCOUNTS = sql<number>`(select count(*)::int from memberships m where m.user_id = u.id)`;
const LOCK = signInLockOf(sql`u.id`);

/** `/UsersAdmin`: every person who signs in (not the system user, id 1); the thebigBoss rule guards it. */
export const systemUsersSpec: ListSpec = {
  from: sql`users u`,
  fields: {
    id: sql<number>`u.id`,
    displayName: sql<string>`u.display_name`,
    username: sql<string>`u.username`,
    email: sql<string>`u.email`,
    active: sql<boolean>`u.active`,
    memberships: MEMBERSHIPS,
    accounts: ACCOUNTS,
    lastSignInAt: sql`u.last_sign_in_at`,
    signInLockedUntil: LOCK.until,
    failedSignIns: LOCK.failures,
  },
  scope: () => sql`u.id > 1`,
  id: sql`u.id`,
  search: [sql`u.display_name`, sql`u.username`, sql`u.email`],
  sort: {
    displayName: sql`lower(u.display_name)`,
    username: sql`lower(u.username)`,
    email: sql`lower(u.email)`,
    accounts: ACCOUNTS,
    lastSignInAt: sql`u.last_sign_in_at`,
  },
  defaultSort: 'displayName',
  filters: { active: filter.bool(sql`u.active`) },
};

export function systemUsersRepository(db: DbOrTx) {
  return {
    async lock(userId: number) {
      const r = await db.execute(sql`select id, display_name from users where id = ${userId} and id > 1 for update`);
      return r.rows[0] as { id: number; display_name: string } | undefined;
    },
    /**
     * Accounts where this user is the only working admin (user active, membership not blocked),
     * the admins' rows locked so a concurrent demotion elsewhere cannot slip past.
     */
    async soleAdminOf(userId: number): Promise<string[]> {
      const r = await db.execute(sql`
        with admins as (
          select m.account_id, m.user_id from memberships m join users u on u.id = m.user_id
          where 'admin' = any(m.roles) and not m.blocked and u.active
            and m.account_id in (select account_id from memberships where user_id = ${userId})
          for update of m)
        select a.name from accounts a where a.id in (
          select account_id from admins group by account_id
          having count(*) = 1 and bool_and(user_id = ${userId}))
        order by a.name`);
      return r.rows.map((x) => String((x as { name: string }).name));
    },
    /** The other users whose e-mail is the same mailbox (`emailKey` of the contract, in SQL). */
    async duplicatesOf(userId: number) {
      const r = await db.execute(sql`select u.id::int, u.display_name as "displayName", u.username, u.email, u.active,
          ${MEMBERSHIPS} as memberships, ${ACCOUNTS} as accounts, u.last_sign_in_at as "lastSignInAt",
          ${LOCK.until} as "signInLockedUntil", ${LOCK.failures} as "failedSignIns"
        from users u, users t
        where t.id = ${userId} and u.id > 1 and u.id <> t.id and ${EMAIL_KEY('u')} = ${EMAIL_KEY('t')}
        order by u.id`);
      return r.rows as unknown as SystemUserRaw[];
    },
    async setActive(userId: number, active: boolean) {
      await db.update(users).set({ active }).where(eq(users.id, userId));
    },
  };
}
