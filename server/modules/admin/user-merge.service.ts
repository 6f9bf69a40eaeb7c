import { roleNames } from '../../../src/contract/role-names';
import { emailKey, type MergeUsersBody } from '../../../src/contract/users-admin';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { authRepository } from '../auth/auth.repository';
import type { SessionGate } from '../auth/sessions';
import { userMergeRepository } from './user-merge.repository';

const refused = (code: string, message: string) => new AppError(409, code, message, 'Cannot merge these users');

/**
 * `/UsersAdmin` (ThebigBoss): one person with two logins becomes one. In one transaction the
 * retired user's memberships, device records, authorship of records and audit entries move to the
 * kept user; the retired user is disabled and its refresh tokens revoked (its access tokens are
 * refused at their next request: the session gate requires an active user). All or nothing.
 */
export function userMergeService(db: Db, sessions: SessionGate) {
  return {
    async merge(actor: Actor, { keep, retire }: MergeUsersBody) {
      if (retire === actor.userId)
        throw refused('self', 'You cannot retire yourself: keep your own user and merge the other into it.');
      const out = await db.transaction(async (tx) => {
        const repo = userMergeRepository(tx);
        const both = await repo.lockBoth(keep, retire);
        const kept = both.find((u) => u.id === keep);
        const gone = both.find((u) => u.id === retire);
        if (!kept || !gone) throw notFound('No such user.');
        if (emailKey(kept.email) !== emailKey(gone.email))
          throw refused(
            'not_duplicates',
            `${gone.display_name} (${gone.email}) and ${kept.display_name} (${kept.email}) do not share an e-mail address: only duplicates by e-mail are merged.`,
          );
        if (!kept.active)
          throw refused('kept_disabled', `${kept.display_name} is disabled: enable the user you keep first.`);
        const conflicts = await repo.roleConflicts(keep, retire);
        if (conflicts.length)
          throw refused(
            'role_conflict',
            `Both are members of ${conflicts
              .map(
                (c) =>
                  `${c.name} with different roles (${kept.username}: ${roleNames(c.keep_roles)}; ${gone.username}: ${roleNames(c.retire_roles)})`,
              )
              .join(' and ')}. Give them the same roles there, or remove one of them from that account, first.`,
          );
        const memberships = await repo.membershipCount(retire);
        const moved = await repo.moveReferences(keep, retire);
        await authRepository(tx).revokeAllOfUser(retire);
        await repo.retire(retire);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'merge',
          entity: 'user',
          entityId: String(keep),
          before: { retired: { id: gone.id, username: gone.username, email: gone.email } },
          after: { kept: { id: kept.id, username: kept.username }, moved },
        });
        return { kept, gone, memberships, moved };
      });
      sessions.forget();
      const refs = Object.values(out.moved).reduce((a, b) => a + b, 0);
      return {
        ok: true as const,
        message: `${out.gone.display_name} (${out.gone.username}) is merged into ${out.kept.display_name} (${out.kept.username}): ${out.memberships} membership${out.memberships === 1 ? '' : 's'} and ${refs} reference${refs === 1 ? '' : 's'} moved; ${out.gone.username} is retired.`,
        moved: out.moved,
      };
    },
  };
}
