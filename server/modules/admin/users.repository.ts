import { and, eq, sql } from 'drizzle-orm';
import type { UserStatus } from '../../../src/contract/admin';
import type { DbOrTx } from '../../db/client';
import { memberships, stores, users } from '../../db/schema';
import { filter, type ListSpec } from '../../lib/resource';
import { signInLockOf } from '../auth';

/**
 * The account's members: `memberships m join users u`. Status: disabled (the user, everywhere) over
 * blocked (here) over invited (never signed in, an invitation link still unused) over active.
 */
const STATUS = sql<UserStatus>`case when not u.active then 'disabled' when m.blocked then 'blocked'
  when u.last_sign_in_at is null and exists (select 1 from password_resets r
    where r.user_id = u.id and r.purpose = 'invite' and r.used_at is null) then 'invited'
  else 'active' end`;
/** Live sign-ins: refresh families with a current token (not used, revoked nor expired). */
const DEVICES = sql<number>`(select count(distinct t.family_id)::int from refresh_tokens t
  where t.user_id = u.id and t.used_at is null and t.revoked_at is null and t.expires_at > now())`;
const FROM = sql`memberships m join users u on u.id = m.user_id`;
const LOCK = signInLockOf(sql`u.id`);
const scope = (a: { accountId: number }) => sql`m.account_id = ${a.accountId}`;

export interface AccountUserRaw {
  id: number;
  userKey: string;
  username: string;
  displayName: string;
  email: string;
  roles: string[];
  status: UserStatus;
  lastSignInAt: Date | string | null;
  devices: number;
  signInLockedUntil: Date | string | null;
  failedSignIns: number;
}

export const accountUsersSpec: ListSpec = {
  from: FROM,
  fields: {
    id: sql<number>`u.id`,
    userKey: sql<string>`u.key`,
    username: sql<string>`u.username`,
    displayName: sql<string>`u.display_name`,
    email: sql<string>`u.email`,
    roles: sql<string[]>`m.roles`,
    status: STATUS,
    lastSignInAt: sql`u.last_sign_in_at`,
    devices: DEVICES,
    signInLockedUntil: LOCK.until,
    failedSignIns: LOCK.failures,
  },
  scope,
  id: sql`u.id`,
  search: [sql`u.display_name`, sql`u.username`, sql`u.email`],
  sort: {
    displayName: sql`lower(u.display_name)`,
    username: sql`lower(u.username)`,
    email: sql`lower(u.email)`,
    status: STATUS,
    lastSignInAt: sql`u.last_sign_in_at`,
  },
  defaultSort: 'displayName',
  filters: { status: filter.exact(STATUS) },
};

export interface ContactRaw {
  id: number;
  displayName: string;
  email: string;
  phone: string | null;
  jobTitle: string;
  emergencyContact: string;
  storeIds: string[];
  stores: string[];
  status: UserStatus;
}

export const contactsSpec: ListSpec = {
  from: FROM,
  fields: {
    id: sql<number>`u.id`,
    displayName: sql<string>`u.display_name`,
    email: sql<string>`u.email`,
    phone: sql<string | null>`u.phone`,
    jobTitle: sql<string>`m.job_title`,
    emergencyContact: sql<string>`m.emergency_contact`,
    storeIds: sql<string[]>`m.store_ids::text[]`,
    stores: sql<string[]>`array(select s.code || ' ' || s.name from stores s
      where s.account_id = m.account_id and s.id = any(m.store_ids) and s.deleted_at is null order by s.code)`,
    status: STATUS,
  },
  scope,
  id: sql`u.id`,
  search: [sql`u.display_name`, sql`u.email`, sql`m.job_title`, sql`coalesce(u.phone, '')`],
  sort: {
    displayName: sql`lower(u.display_name)`,
    jobTitle: sql`lower(m.job_title)`,
    email: sql`lower(u.email)`,
  },
  defaultSort: 'displayName',
  filters: {},
};

export function usersRepository(db: DbOrTx) {
  return {
    /** One member of the account (with the user), or undefined: another account's user is unknown here. */
    async member(accountId: number, userId: number) {
      const [row] = await db
        .select({ user: users, roles: memberships.roles, blocked: memberships.blocked })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
      return row;
    },
    /**
     * The account's working admins (user active, not blocked here), their rows locked: two
     * concurrent demotions of the last two admins cannot both see the other one still standing.
     */
    async lockAdmins(accountId: number): Promise<number[]> {
      const r = await db.execute(sql`
        select m.user_id from memberships m join users u on u.id = m.user_id
        where m.account_id = ${accountId} and 'admin' = any(m.roles) and not m.blocked and u.active
        for update of m`);
      return r.rows.map((x) => Number((x as { user_id: number | string }).user_id));
    },
    /** Users whose e-mail or username is `login` (either way round), case-insensitive. */
    async loginTaken(...logins: string[]) {
      const l = logins.map((x) => x.trim().toLowerCase());
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`lower(${users.username}) = any(${sql.param(l)}::text[]) or lower(${users.email}) = any(${sql.param(l)}::text[])`,
        )
        .limit(1);
      return u;
    },
    async insertUser(v: { username: string; email: string; displayName: string; passwordHash: string }) {
      const [u] = await db.insert(users).values(v).returning();
      return u!;
    },
    async insertMember(accountId: number, userId: number, roles: string[]) {
      await db.insert(memberships).values({ accountId, userId, roles });
    },
    async setRoles(accountId: number, userId: number, roles: string[]) {
      await db
        .update(memberships)
        .set({ roles })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },
    async setBlocked(accountId: number, userId: number, blocked: boolean) {
      await db
        .update(memberships)
        .set({ blocked })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },
    async removeMember(accountId: number, userId: number) {
      await db.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },
    /** Memberships of the user that still let them in somewhere (not blocked there). */
    async openMemberships(userId: number): Promise<number> {
      const r = await db.execute(
        sql`select count(*)::int as n from memberships where user_id = ${userId} and not blocked`,
      );
      return Number((r.rows[0] as { n: number }).n);
    },
    async setContact(
      accountId: number,
      userId: number,
      c: { phone: string; jobTitle: string; emergencyContact: string; storeIds: string[] },
    ) {
      await db
        .update(users)
        .set({ phone: c.phone || null })
        .where(eq(users.id, userId));
      await db
        .update(memberships)
        .set({ jobTitle: c.jobTitle, emergencyContact: c.emergencyContact, storeIds: c.storeIds })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },
    /** How many of `ids` are live stores of the account. */
    async liveStores(accountId: number, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const r = await db.execute(sql`select count(*)::int as n from ${stores}
        where account_id = ${accountId} and deleted_at is null and id = any(${sql.param(ids)}::uuid[])`);
      return Number((r.rows[0] as { n: number }).n);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
