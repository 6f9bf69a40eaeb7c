import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, registrationRequests } from '../../db/schema';

/**
 * Which waiting requests a decider sees (ADR 060): those sent through their account's sign-up link, and for a
 * system administrator also those that name no account.
 */
function scope(accountId: number, withUnassigned: boolean): SQL | undefined {
  const own = eq(registrationRequests.accountId, accountId);
  return withUnassigned ? or(own, isNull(registrationRequests.accountId)) : own;
}

/** Self-service registrations (`/pages/register`) and the accounts' sign-up links. */
export function registrationsRepository(db: DbOrTx) {
  return {
    async pending(accountId: number, withUnassigned: boolean) {
      return db
        .select({
          id: registrationRequests.id,
          name: registrationRequests.name,
          email: registrationRequests.email,
          company: registrationRequests.company,
          phone: registrationRequests.phone,
          viaSignupLink: sql<boolean>`${registrationRequests.accountId} is not null`,
          createdAt: registrationRequests.createdAt,
        })
        .from(registrationRequests)
        .where(and(eq(registrationRequests.status, 'pending'), scope(accountId, withUnassigned)))
        .orderBy(registrationRequests.createdAt);
    },
    /** Marks a pending request in the decider's scope decided; undefined when unknown, decided or not theirs. */
    async decide(id: string, status: 'approved' | 'rejected', accountId: number, withUnassigned: boolean) {
      const [row] = await db
        .update(registrationRequests)
        .set({ status })
        .where(
          and(
            eq(registrationRequests.id, id),
            eq(registrationRequests.status, 'pending'),
            scope(accountId, withUnassigned),
          ),
        )
        .returning();
      return row;
    },

    async signupCode(accountId: number) {
      const [row] = await db.select({ code: accounts.signupCode }).from(accounts).where(eq(accounts.id, accountId));
      return row?.code ?? null;
    },
    async setSignupCode(accountId: number, code: string | null) {
      await db.update(accounts).set({ signupCode: code }).where(eq(accounts.id, accountId));
    },
    /** The account a sign-up link joins; none when the code is unknown, turned off or the account is blocked. */
    async accountOfSignupCode(code: string) {
      const [row] = await db
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(and(eq(accounts.signupCode, code), eq(accounts.blocked, false)));
      return row;
    },
  };
}
