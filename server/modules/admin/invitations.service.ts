import type { InvitationView, PendingInvitation } from '../../../src/contract/invitations';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { authRepository, sha256 } from '../auth';
import { invitationsRepository, type InvitationByToken } from './invitations.repository';

/** Every refusal names the token (the pages show a field error of the token as the message). */
const refused = (status: number, code: string, message: string, title: string) =>
  new AppError(status, code, message, title, { token: [message] });

export const invitationInvalid = () =>
  refused(
    400,
    'invitation_invalid',
    'This invitation link is not valid. Open the whole link from the e-mail.',
    'Invalid link',
  );
/** The invitation was withdrawn, or its user removed, blocked or disabled: it can never be answered. */
export const invitationWithdrawn = () =>
  refused(
    410,
    'invitation_withdrawn',
    'This invitation was withdrawn. Ask the account’s administrator if you still need access.',
    'Invitation withdrawn',
  );
const invitationExpired = () =>
  refused(
    410,
    'invitation_expired',
    'This invitation has expired. Ask the account’s administrator to invite you again.',
    'Invitation expired',
  );
const invitationAnswered = (accepted: boolean) =>
  refused(
    409,
    'invitation_answered',
    accepted
      ? 'This invitation was accepted already: sign in to open the account.'
      : 'This invitation was declined. Ask the account’s administrator to invite you again.',
    'Already answered',
  );

/** Why an accept link cannot be answered any more, or null while it can. */
function refusal(inv: InvitationByToken | undefined, now = new Date()): AppError | null {
  if (!inv) return invitationInvalid();
  if (inv.outcome === 'withdrawn' || !inv.userActive) return invitationWithdrawn();
  if (inv.outcome === 'accepted' || inv.outcome === 'declined') return invitationAnswered(inv.outcome === 'accepted');
  if (inv.outcome === 'expired' || inv.expiresAt <= now) return invitationExpired();
  return null;
}

/**
 * A password link of purpose `invite` (a new user's invitation, ADR 073) was just consumed: it
 * answers the user's open invitation into `accountId` (the membership is made now), or stands for
 * a membership already there (a link sent again to a member who never signed in). Anything else —
 * the invitation withdrawn, the member removed or blocked, the user disabled — refuses the link
 * (410), and the caller's transaction sets no password.
 */
export async function answerThroughPasswordLink(tx: DbOrTx, userId: number, accountId: number) {
  const repo = invitationsRepository(tx);
  const user = await authRepository(tx).userById(userId);
  if (!user?.active) throw invitationWithdrawn();
  const inv = await repo.openOf(accountId, userId);
  if (inv) {
    await repo.join(accountId, userId, inv.roles);
    await repo.end(inv.id, 'accepted');
    await audit(tx, {
      accountId,
      userId,
      action: 'accept',
      entity: 'invitation',
      entityId: inv.id,
      after: { roles: inv.roles },
    });
    return;
  }
  const m = await repo.membership(accountId, userId);
  if (!m || m.blocked) throw invitationWithdrawn();
}

const toPending = (
  r: Awaited<ReturnType<ReturnType<typeof invitationsRepository>['listOpen']>>[number],
  now: Date,
) => ({
  id: r.id,
  displayName: r.displayName,
  email: r.email,
  username: r.username ?? r.email,
  roles: r.roles,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  expired: r.expiresAt <= now,
});

/**
 * Invitations ask (ADR 073). The admin lists and withdraws the account's open invitations; the
 * invitee reads, accepts or declines one through the e-mailed token (public: the token is the
 * permission, one answer, 72 h). Accepting makes the membership; nothing else does.
 */
export function invitationsService(db: Db) {
  /** Runs `answer` on the token's invitation while it can still be answered (row locked). */
  const answering = <T>(token: string, answer: (tx: DbOrTx, inv: InvitationByToken) => Promise<T>) =>
    db.transaction(async (tx) => {
      const inv = await invitationsRepository(tx).byToken(sha256(token));
      const no = refusal(inv);
      if (no) throw no;
      return answer(tx, inv!);
    });

  return {
    async list(actor: Actor): Promise<PendingInvitation[]> {
      const now = new Date();
      return (await invitationsRepository(db).listOpen(actor.accountId)).map((r) => toPending(r, now));
    },

    /** Withdraws an open invitation of the actor's account: its link refuses from now on. */
    async withdraw(actor: Actor, id: string) {
      return db.transaction(async (tx) => {
        const repo = invitationsRepository(tx);
        const inv = await repo.openById(actor.accountId, id);
        if (!inv) throw notFound('No such invitation waiting.');
        await repo.end(inv.id, 'withdrawn');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'withdraw',
          entity: 'invitation',
          entityId: inv.id,
          before: { email: inv.email, displayName: inv.displayName, roles: inv.roles },
        });
        return { ok: true as const, message: `The invitation to ${inv.email} is withdrawn.` };
      });
    },

    async view(token: string): Promise<InvitationView> {
      return answering(token, async (_tx, inv) => ({
        accountName: inv.accountName,
        roles: inv.roles,
        email: inv.email,
        expiresAt: inv.expiresAt.toISOString(),
      }));
    },

    async accept(token: string) {
      return answering(token, async (tx, inv) => {
        const repo = invitationsRepository(tx);
        await repo.join(inv.accountId, inv.userId, inv.roles);
        await repo.end(inv.id, 'accepted');
        await audit(tx, {
          accountId: inv.accountId,
          userId: inv.userId,
          action: 'accept',
          entity: 'invitation',
          entityId: inv.id,
          after: { roles: inv.roles },
        });
        return {
          ok: true as const,
          message: `You joined ${inv.accountName}. Sign in as usual and choose it from your accounts.`,
        };
      });
    },

    async decline(token: string) {
      return answering(token, async (tx, inv) => {
        await invitationsRepository(tx).end(inv.id, 'declined');
        await audit(tx, {
          accountId: inv.accountId,
          userId: inv.userId,
          action: 'decline',
          entity: 'invitation',
          entityId: inv.id,
        });
        return { ok: true as const, message: `You declined the invitation to ${inv.accountName}. Nothing changed.` };
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof invitationsService>;
