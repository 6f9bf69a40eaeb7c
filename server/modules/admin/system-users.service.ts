import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { authRepository, liftSignInLocks, type SessionGate } from '../auth';
import { invitationsRepository } from './invitations.repository';
import { systemUsersRepository } from './system-users.repository';

/** `/UsersAdmin` (ThebigBoss): disable or enable a user everywhere. */
export function systemUsersService(db: Db, sessions: SessionGate) {
  return {
    /**
     * Disabled everywhere: every refresh token revoked, every access token refused at its next
     * request (the session gate requires an active user). Refused (409 `last_admin`) while the
     * user is an account's only working admin, and for oneself (409 `self`).
     */
    async setActive(actor: Actor, userId: number, active: boolean) {
      if (!active && userId === actor.userId)
        throw new AppError(409, 'self', 'You cannot disable yourself.', 'Not allowed here');
      const name = await db.transaction(async (tx) => {
        const repo = systemUsersRepository(tx);
        const user = await repo.lock(userId);
        if (!user) throw notFound('No such user.');
        if (!active) {
          const sole = await repo.soleAdminOf(userId);
          if (sole.length)
            throw new AppError(
              409,
              'last_admin',
              `${user.display_name} is the last administrator of ${sole.join(', ')}: make someone else an administrator there first.`,
              'Last administrator',
            );
          await authRepository(tx).revokeAllOfUser(userId);
          // Their open invitations end with them (ADR 073): the links refuse, enabled again or not.
          await invitationsRepository(tx).withdrawAllOf(userId);
        }
        await repo.setActive(userId, active);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: active ? 'enable' : 'disable',
          entity: 'user',
          entityId: String(userId),
        });
        return user.display_name;
      });
      sessions.forget();
      return { ok: true as const, message: `${name} is ${active ? 'enabled' : 'disabled everywhere'}.` };
    },

    /** Lifts the user's sign-in locks (ADR 072): every address's, the all-address ceiling, their devices' own. */
    async unlockSignIn(actor: Actor, userId: number) {
      const name = await db.transaction(async (tx) => {
        const user = await systemUsersRepository(tx).lock(userId);
        if (!user) throw notFound('No such user.');
        await liftSignInLocks(tx, actor, userId);
        return user.display_name;
      });
      return { ok: true as const, message: `${name} can sign in again from anywhere.` };
    },
  };
}
