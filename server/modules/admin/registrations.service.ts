import { JOIN_LINK_INVALID } from '../../../src/contract/auth';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { randomToken } from '../auth/passwords';
import { registrationsRepository } from './registrations.repository';

/** A system administrator also decides the requests that name no account (ADR 060). */
export const isBigBoss = (actor: Actor) => actor.roles.includes('ThebigBoss');

/**
 * The waiting self-service requests and the account's sign-up link (ADR 060). Approving and rejecting live in
 * the users service: approval is an invitation into the account.
 */
export function registrationsService(db: Db) {
  async function setLink(actor: Actor, code: string | null) {
    return db.transaction(async (tx) => {
      const repo = registrationsRepository(tx);
      const before = await repo.signupCode(actor.accountId);
      await repo.setSignupCode(actor.accountId, code);
      // The audit says that the link changed, never the secret itself.
      await audit(tx, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: code ? (before ? 'rotate' : 'create') : 'delete',
        entity: 'signup_link',
        entityId: String(actor.accountId),
      });
      return { code };
    });
  }

  return {
    async pending(actor: Actor) {
      const rows = await registrationsRepository(db).pending(actor.accountId, isBigBoss(actor));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    signupLink: async (actor: Actor) => ({ code: await registrationsRepository(db).signupCode(actor.accountId) }),
    /** A new code: the old link stops working at once. */
    newSignupLink: (actor: Actor) => setLink(actor, randomToken()),
    turnOffSignupLink: (actor: Actor) => setLink(actor, null),
    /** The account a sign-up link joins, for the register page's heading. */
    async joinInfo(code: string) {
      const account = await registrationsRepository(db).accountOfSignupCode(code);
      if (!account) throw notFound(JOIN_LINK_INVALID);
      return { accountName: account.name };
    },
  };
}
export type RegistrationsService = ReturnType<typeof registrationsService>;
