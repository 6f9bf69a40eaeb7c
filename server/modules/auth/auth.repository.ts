import { and, eq, getTableColumns, gt, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  loginThrottle,
  memberships,
  passwordResets,
  refreshTokens,
  registrationRequests,
  users,
} from '../../db/schema';
import type { RegisterBody } from '../../../src/contract/auth';
import { messageInForce } from '../admin/home-messages.repository';
import type { Ladder } from './throttle';

export type UserRow = typeof users.$inferSelect;
/** The account with the home-screen message in force today (`/messageAccount`), '' for none. */
export type AccountRow = typeof accounts.$inferSelect & { homeScreenMessage: string };

const accountWithMessage = {
  ...getTableColumns(accounts),
  // Written out qualified: drizzle leaves columns unqualified in one-table selects, and inside the
  // subquery a bare "id" would be the message's own.
  homeScreenMessage: messageInForce(sql`accounts.id`, sql`accounts.time_zone`),
};
export interface MembershipRow {
  account: AccountRow;
  roles: string[];
  /** Blocked in this account by its admin (issue 14); the account itself may be fine. */
  blocked: boolean;
}

export function authRepository(db: DbOrTx) {
  return {
    async userByLogin(login: string): Promise<UserRow | undefined> {
      const l = login.trim().toLowerCase();
      const [u] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${l}`, sql`lower(${users.email}) = ${l}`))
        .limit(1);
      return u;
    },
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [u] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return u;
    },
    async userById(id: number): Promise<UserRow | undefined> {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      return u;
    },
    async memberships(userId: number): Promise<MembershipRow[]> {
      const rows = await db
        .select({ account: accountWithMessage, roles: memberships.roles, blocked: memberships.blocked })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(eq(memberships.userId, userId))
        .orderBy(accounts.name);
      return rows;
    },
    async membership(userId: number, accountId: number): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select({ account: accountWithMessage, roles: memberships.roles, blocked: memberships.blocked })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
      return row;
    },
    async setPassword(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
    async touchSignIn(userId: number) {
      await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    },

    // Throttling of sign-ins and PIN checks (ADR 019): an attempt is claimed before the secret is checked.
    /**
     * Claims one attempt of `key`'s allowance in one statement: the row lock of the upsert
     * serialises concurrent claims, so 30 parallel attempts get the counts 1…30 and only the
     * first `max` may go on to check the secret. A window older than `windowS` starts again.
     */
    async claimAttempt(key: string, windowS: number): Promise<{ count: number; freesAt: Date }> {
      const res = await db.execute(sql`
        insert into login_throttle as t (login_key, failures, first_failure_at) values (${key}, 1, now())
        on conflict (login_key) do update set
          failures = case when t.first_failure_at < now() - make_interval(secs => ${windowS}) then 1 else t.failures + 1 end,
          first_failure_at = case when t.first_failure_at < now() - make_interval(secs => ${windowS}) then now() else t.first_failure_at end
        returning failures, first_failure_at + make_interval(secs => ${windowS}) as frees_at`);
      const row = res.rows[0] as { failures: number | string; frees_at: Date | string };
      return { count: Number(row.failures), freesAt: new Date(row.frees_at) };
    },
    /** The allowance is spent: the key stays refused for `windowS` from now. */
    async lockNow(key: string, max: number, windowS: number): Promise<Date> {
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures}, ${max})`, firstFailureAt: sql`now()` })
        .where(eq(loginThrottle.loginKey, key));
      return new Date(Date.now() + windowS * 1000);
    },
    async clearFailures(key: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.loginKey, key));
    },
    /**
     * Claims one attempt on a sign-in key's ladder (ADR 072), in one statement: refused (`granted:
     * false`, nothing counted) while the key is locked; else counted, and the claim whose count
     * reaches the ladder's lock sets that lock at once, before its secret is checked, so parallel
     * attempts are refused until the check frees the key (a right password) or the lock runs out.
     */
    async claimRung(
      key: string,
      l: Ladder,
    ): Promise<{ granted: true; count: number; lockedUntil?: Date } | { granted: false; lockedUntil: Date }> {
      const stale = sql`greatest(t.first_failure_at, coalesce(t.locked_until, t.first_failure_at)) < now() - make_interval(secs => ${l.forgetS})`;
      const count = sql`case when ${stale} then 1 else t.failures + 1 end`;
      const lockAt = (n: SQL) =>
        sql`case when ${n} >= ${l.free} then now() + make_interval(secs => least(${l.maxLockS}, ${l.firstLockS} * power(2, least(${n} - ${l.free}, 20)))) end`;
      const res = await db.execute(sql`
        insert into login_throttle as t (login_key, failures, first_failure_at, locked_until)
          values (${key}, 1, now(), ${lockAt(sql`1`)})
        on conflict (login_key) do update set
          failures = ${count},
          first_failure_at = case when ${stale} then now() else t.first_failure_at end,
          locked_until = ${lockAt(count)}
        where t.locked_until is null or t.locked_until <= now()
        returning failures, locked_until`);
      const row = res.rows[0] as { failures: number | string; locked_until: Date | string | null } | undefined;
      if (row)
        return {
          granted: true,
          count: Number(row.failures),
          ...(row.locked_until !== null ? { lockedUntil: new Date(row.locked_until) } : {}),
        };
      const [held] = await db
        .select({ lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(eq(loginThrottle.loginKey, key));
      // Freed between the two statements (a right password elsewhere): refused once more all the same.
      return { granted: false, lockedUntil: held?.lockedUntil ?? new Date(Date.now() + 1000) };
    },
    /**
     * Gives back an attempt `claimAttempt` counted (it was the right password): the row goes when
     * that was its only one and it holds no lock in force, so users' sign-ins leave no rows behind.
     */
    async refundAttempt(key: string) {
      await db.execute(sql`
        with gone as (
          delete from login_throttle where login_key = ${key} and failures <= 1
            and (locked_until is null or locked_until <= now()) returning 1)
        update login_throttle set failures = greatest(failures - 1, 0)
        where login_key = ${key} and not exists (select 1 from gone)`);
    },
    /** Remembers on a subject's ceiling row the latest lock any of its addresses got (the admin's list shows it). */
    async noteLock(key: string, until: Date) {
      await db
        .update(loginThrottle)
        .set({ lockedUntil: sql`greatest(${loginThrottle.lockedUntil}, ${until.toISOString()}::timestamptz)` })
        .where(eq(loginThrottle.loginKey, key));
    },
    /** Lifts every sign-in lock of a user: each address's, the all-address ceiling, their devices' own. */
    async clearSignInLocks(userId: number): Promise<number> {
      const r = await db
        .delete(loginThrottle)
        .where(
          or(
            eq(loginThrottle.loginKey, `user:${userId}`),
            like(loginThrottle.loginKey, `user:${userId}@%`),
            like(loginThrottle.loginKey, `device:%:${userId}`),
          ),
        )
        .returning({ key: loginThrottle.loginKey });
      return r.length;
    },
    /** Whether the "failed sign-ins" mail may go to the user now: claims the turn, at most one per `everyS`. */
    async claimAlarmMail(userId: number, everyS: number): Promise<boolean> {
      const res = await db.execute(sql`
        insert into login_throttle as t (login_key, failures, first_failure_at) values (${`alarm-mail:${userId}`}, 1, now())
        on conflict (login_key) do update set failures = t.failures + 1, first_failure_at = now()
        where t.first_failure_at <= now() - make_interval(secs => ${everyS})
        returning 1`);
      return res.rows.length > 0;
    },

    // Refresh tokens.
    async insertRefresh(row: { familyId: string; userId: number; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(row);
    },
    async refreshByHash(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Marks a token used; false when another request used it first. */
    async useRefresh(id: string): Promise<boolean> {
      const r = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return r.length === 1;
    },
    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllOfUser(userId: number, exceptFamily?: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptFamily ? ne(refreshTokens.familyId, exceptFamily) : undefined,
          ),
        );
    },
    /**
     * Whether an access token's session still stands: the user active and a member of the
     * account, neither the membership nor the account blocked, the roles the token carries still
     * the member's (a role change sends the client through one refresh, issue 14), and (for tokens
     * that name one) its sign-in not revoked.
     */
    async sessionStands(
      userId: number,
      accountId: number,
      familyId: string | null,
      roles: readonly string[],
    ): Promise<boolean> {
      const r = await db.execute(sql`
        select 1 from ${users} u
          join ${memberships} m on m.user_id = u.id and m.account_id = ${accountId} and not m.blocked
            and m.roles @> ${sql.param([...roles])}::text[] and m.roles <@ ${sql.param([...roles])}::text[]
          join ${accounts} a on a.id = m.account_id and not a.blocked
        where u.id = ${userId} and u.active
          and (${familyId}::uuid is null or exists (
            select 1 from ${refreshTokens} t where t.family_id = ${familyId}::uuid and t.revoked_at is null))`);
      return r.rows.length > 0;
    },

    // Password reset links.
    async insertReset(tokenHash: string, userId: number, expiresAt: Date, invite?: { accountId: number }) {
      await db.insert(passwordResets).values({
        tokenHash,
        userId,
        expiresAt,
        ...(invite ? { purpose: 'invite', accountId: invite.accountId } : {}),
      });
    },
    /** Consumes a link once: its user, purpose and invitation's account; undefined if unknown, used or expired. */
    async consumeReset(
      tokenHash: string,
    ): Promise<{ userId: number; purpose: 'reset' | 'invite'; accountId: number | null } | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning({
          userId: passwordResets.userId,
          purpose: passwordResets.purpose,
          accountId: passwordResets.accountId,
        });
      return row;
    },

    async pendingRegistration(email: string) {
      const [row] = await db
        .select({ id: registrationRequests.id })
        .from(registrationRequests)
        .where(
          and(
            sql`lower(${registrationRequests.email}) = ${email.trim().toLowerCase()}`,
            eq(registrationRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return row;
    },
    async insertRegistration(body: RegisterBody, accountId: number | null) {
      const { name, email, company, phone } = body;
      const [row] = await db
        .insert(registrationRequests)
        .values({ name, email, company, phone: phone ?? null, accountId })
        .returning();
      return row;
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
