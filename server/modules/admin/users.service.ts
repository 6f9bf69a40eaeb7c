import { grantProblem, ROLE_PROBLEM_MESSAGES } from '../../../src/contract/admin-roles';
import { roleName } from '../../../src/contract/role-names';
import { INVITE_LINK_TTL_S, type ContactBody, type CreateUserBody, type InviteBody } from '../../../src/contract/admin';
import { RESET_LINK_TTL_S } from '../../../src/contract/constants';
import { ACCEPT_INVITATION_PAGE, rolesInWords } from '../../../src/contract/invitations';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { assertWithinLimit } from '../../lib/plan-limits';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import type { Actor } from '../../lib/resource';
import {
  authRepository,
  issuePasswordLink,
  hashPassword,
  randomToken,
  sha256,
  liftSignInLocks,
  type SessionGate,
} from '../auth';
import { invitationsRepository } from './invitations.repository';
import { registrationsRepository } from './registrations.repository';
import { isBigBoss } from './registrations.service';
import { usersRepository } from './users.repository';

/** A password hash no password matches (not `scrypt$…`): an invited user cannot sign in before choosing one. */
const UNUSABLE = '!invited';

const lastAdmin = () =>
  new AppError(
    409,
    'last_admin',
    'This is the last administrator of the account: make someone else administrator first.',
    'Last administrator',
  );
const notYourself = (what: string) => new AppError(409, 'self', `You cannot ${what} yourself.`);
const usernameTaken = () =>
  unprocessable('duplicate', 'This username is already taken.', { username: ['Already taken.'] });

function checkGrant(actor: Actor, next: string[], before: string[] = []) {
  if (before.includes('ThebigBoss') && !actor.roles.includes('ThebigBoss'))
    throw new AppError(403, 'forbidden', 'A system administrator’s roles are changed by a system administrator.');
  const problem = grantProblem(actor.roles, next, before);
  if (!problem) return;
  const role = 'role' in problem ? ` (${roleName(problem.role)})` : '';
  const message = ROLE_PROBLEM_MESSAGES[problem.code] + role;
  throw problem.code === 'grant'
    ? new AppError(403, 'grant_refused', message, 'Not allowed', { roles: [message] })
    : unprocessable('roles', message, { roles: [message] });
}

export interface InviteOutcome {
  /** The mail to queue in the invitation's transaction; null for a user disabled everywhere (nothing to answer). */
  mail: { to: string; subject: string; text: string } | null;
  /** The same words whether or not the e-mail already signs in to FAMS (ADR 073). */
  message: string;
}

/**
 * `/User` (issue 14): invitations, temporary passwords, roles, blocking, removal. Every change is
 * one transaction with its audit entry; the session gate forgets its answers after each, so the
 * next request of a blocked or changed member is judged afresh (ADR 036).
 */
export function usersService(db: Db, mailer: MailQueue, sessions: SessionGate) {
  /**
   * Invites `email` into the actor's account (ADR 073): an invitation, never a membership — the
   * invitee joins when they answer it. Whether the e-mail already signs in to FAMS changes only the
   * mail (an accept link, or a link to choose a first password), never the answer, its status or
   * the work done (no password hashed on either path): the answer is no account-existence oracle.
   * A member or an open invitation of this account is the admin's own data: a 422 on `email`.
   */
  async function inviteIn(
    tx: DbOrTx,
    actor: Actor,
    body: { displayName: string; email: string; username?: string; roles: string[] },
    origin: string,
    accountName?: string,
  ): Promise<InviteOutcome> {
    const repo = usersRepository(tx);
    const invitations = invitationsRepository(tx);
    accountName ??= (await authRepository(tx).membership(actor.userId, actor.accountId))?.account.name ?? 'FAMS';
    // A typed username is checked against everybody, whoever the e-mail belongs to: otherwise a taken
    // username would be refused for an unknown e-mail and ignored for a known one.
    if (body.username && (await repo.loginTaken(body.username))) throw usernameTaken();
    let user = await authRepository(tx).userByEmail(body.email);
    if (user) {
      if (await repo.member(actor.accountId, user.id))
        throw unprocessable('duplicate', 'This person is already a user of the account.', {
          email: ['Already a user of this account.'],
        });
      const open = await invitations.openOf(actor.accountId, user.id);
      if (open && open.expiresAt > new Date())
        throw unprocessable('duplicate', 'This person is invited already and has not answered yet.', {
          email: ['Already invited.'],
        });
      if (open) await invitations.end(open.id, 'expired');
    } else {
      const username = body.username ?? body.email;
      if (await repo.loginTaken(username, body.email)) throw usernameTaken();
      user = await repo.insertUser({
        username,
        email: body.email,
        displayName: body.displayName,
        passwordHash: UNUSABLE,
      });
    }
    // An open invitation holds a place of the plan's users until it is answered or withdrawn.
    await assertWithinLimit(tx, actor.accountId, 'users');
    // Who has no password yet (new, or invited elsewhere and not answered) chooses one: that answers it.
    const firstPassword = user.passwordHash === UNUSABLE;
    const token = firstPassword ? null : randomToken();
    const invitation = await invitations.insert({
      accountId: actor.accountId,
      userId: user.id,
      roles: body.roles,
      displayName: body.displayName,
      email: body.email,
      username: body.username ?? null,
      tokenHash: token && sha256(token),
      expiresAt: new Date(Date.now() + INVITE_LINK_TTL_S * 1000),
    });
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'invite',
      entity: 'invitation',
      entityId: invitation.id,
      after: { email: body.email, displayName: body.displayName, username: body.username, roles: body.roles },
    });
    const message = `Invitation sent to ${body.email}.`;
    if (!user.active) return { message, mail: null };
    if (token)
      return {
        message,
        mail: {
          to: user.email,
          subject: `FAMS: ${accountName} invites you`,
          text: `Hello ${body.displayName},\n\n${accountName} invites you to FAMS as ${rolesInWords(body.roles)}. Open this link within 72 hours to accept or decline:\n\n${origin}${ACCEPT_INVITATION_PAGE}?token=${token}\n\nNothing changes for you until you accept.\n`,
        },
      };
    const link = await issuePasswordLink(tx, {
      userId: user.id,
      origin,
      ttlS: INVITE_LINK_TTL_S,
      invite: { accountId: actor.accountId },
    });
    return {
      message,
      mail: {
        to: user.email,
        subject: `FAMS: you are invited to ${accountName}`,
        text: `Hello ${body.displayName},\n\nYou are invited to use FAMS for ${accountName} as ${rolesInWords(body.roles)}. Open this link within 72 hours to choose your password and accept:\n\n${link}\n\nThen sign in as ${user.username} (or with this e-mail address).\n`,
      },
    };
  }

  /** Runs a change to one member of the actor's account; 404 for anyone else's user. */
  async function onMember<T>(
    actor: Actor,
    userId: number,
    change: (
      tx: DbOrTx,
      member: NonNullable<Awaited<ReturnType<ReturnType<typeof usersRepository>['member']>>>,
    ) => Promise<T>,
  ): Promise<T> {
    const out = await db.transaction(async (tx) => {
      const member = await usersRepository(tx).member(actor.accountId, userId);
      if (!member) throw notFound('No such user in this account.');
      return change(tx, member);
    });
    sessions.forget();
    return out;
  }

  /** Refuses a change that leaves the account without a working admin (rows locked until commit). */
  async function guardLastAdmin(tx: DbOrTx, accountId: number, userId: number) {
    const admins = await usersRepository(tx).lockAdmins(accountId);
    if (admins.includes(userId) && admins.length === 1) throw lastAdmin();
  }

  return {
    inviteIn,

    async invite(actor: Actor, body: InviteBody, origin: string) {
      checkGrant(actor, body.roles);
      // The mail is queued in the invitation's transaction: no link without the invitation, nor the reverse.
      const out = await db.transaction(async (tx) => {
        const o = await inviteIn(tx, actor, body, origin);
        if (o.mail) await mailer.send(o.mail, tx);
        return o;
      });
      return { ok: true as const, message: out.message };
    },

    async create(actor: Actor, body: CreateUserBody) {
      checkGrant(actor, body.roles);
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const repo = usersRepository(tx);
        await assertWithinLimit(tx, actor.accountId, 'users');
        if (await repo.loginTaken(body.username, body.email))
          throw unprocessable('duplicate', 'This username or e-mail already signs in to FAMS: invite them instead.', {
            email: ['Already a FAMS user: invite them instead.'],
          });
        const user = await repo.insertUser({
          username: body.username,
          email: body.email,
          displayName: body.displayName,
          passwordHash,
        });
        await repo.insertMember(actor.accountId, user.id, body.roles);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'create',
          entity: 'user',
          entityId: String(user.id),
          after: { username: body.username, email: body.email, roles: body.roles },
        });
        return user.id;
      });
      return { ok: true as const, message: `${body.displayName} can sign in now as ${body.username}.`, userId };
    },

    async setRoles(actor: Actor, userId: number, roles: string[]) {
      return onMember(actor, userId, async (tx, m) => {
        checkGrant(actor, roles, m.roles);
        if (m.roles.includes('admin') && !roles.includes('admin')) await guardLastAdmin(tx, actor.accountId, userId);
        await usersRepository(tx).setRoles(actor.accountId, userId, roles);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'membership',
          entityId: String(userId),
          before: { roles: m.roles },
          after: { roles },
        });
        return { ok: true as const, message: `Roles of ${m.user.displayName} saved.` };
      });
    },

    /**
     * Blocks or unblocks the member here. Their access tokens for this account fail at the next
     * request (the session gate checks the membership) and a refresh into it is refused; when no
     * other account lets them in, their refresh tokens are revoked too.
     */
    async setBlocked(actor: Actor, userId: number, blocked: boolean) {
      if (blocked && userId === actor.userId) throw notYourself('block');
      return onMember(actor, userId, async (tx, m) => {
        const repo = usersRepository(tx);
        if (blocked) await guardLastAdmin(tx, actor.accountId, userId);
        await repo.setBlocked(actor.accountId, userId, blocked);
        if (blocked && (await repo.openMemberships(userId)) === 0) await authRepository(tx).revokeAllOfUser(userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: blocked ? 'block' : 'unblock',
          entity: 'membership',
          entityId: String(userId),
        });
        return { ok: true as const, message: `${m.user.displayName} is ${blocked ? 'blocked' : 'unblocked'}.` };
      });
    },

    async remove(actor: Actor, userId: number) {
      if (userId === actor.userId) throw notYourself('remove');
      return onMember(actor, userId, async (tx, m) => {
        const repo = usersRepository(tx);
        await guardLastAdmin(tx, actor.accountId, userId);
        await repo.removeMember(actor.accountId, userId);
        // Their invitation links into this account refuse from now (ADR 073): no membership, none open.
        await invitationsRepository(tx).withdrawAllOf(userId, actor.accountId);
        if ((await repo.openMemberships(userId)) === 0) await authRepository(tx).revokeAllOfUser(userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'delete',
          entity: 'membership',
          entityId: String(userId),
          before: { roles: m.roles },
        });
        return { ok: true as const, message: `${m.user.displayName} no longer has access to this account.` };
      });
    },

    /** E-mails a password link: a new 72 h invitation while they never signed in, else a 1 h reset link. */
    async sendPasswordLink(actor: Actor, userId: number, origin: string) {
      const mail = await onMember(actor, userId, async (tx, m) => {
        if (!m.user.active) throw new AppError(409, 'disabled', 'This user is disabled everywhere.');
        const invite = !m.user.lastSignInAt;
        const link = await issuePasswordLink(tx, {
          userId,
          origin,
          ttlS: invite ? INVITE_LINK_TTL_S : RESET_LINK_TTL_S,
          ...(invite ? { invite: { accountId: actor.accountId } } : {}),
        });
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'password_link',
          entity: 'user',
          entityId: String(userId),
        });
        const out = {
          to: m.user.email,
          subject: 'FAMS password',
          text: `Hello ${m.user.displayName},\n\nTo choose your FAMS password, open this link within ${invite ? '72 hours' : 'one hour'}:\n\n${link}\n`,
        };
        await mailer.send(out, tx);
        return out;
      });
      return { ok: true as const, message: `A password link was e-mailed to ${mail.to}.` };
    },

    /**
     * Lifts the member's sign-in locks (ADR 072): every address's, the all-address ceiling and their
     * devices' own. Audited whether or not a lock was in force.
     */
    async unlockSignIn(actor: Actor, userId: number) {
      return onMember(actor, userId, async (tx, m) => {
        await liftSignInLocks(tx, actor, userId);
        return { ok: true as const, message: `${m.user.displayName} can sign in again from anywhere.` };
      });
    },

    async setContact(actor: Actor, userId: number, body: ContactBody) {
      const storeIds = [...new Set(body.storeIds)];
      return onMember(actor, userId, async (tx, m) => {
        const repo = usersRepository(tx);
        if ((await repo.liveStores(actor.accountId, storeIds)) !== storeIds.length)
          throw unprocessable('invalid_reference', 'A chosen store is not one of this account’s stores.', {
            storeIds: ['Unknown store.'],
          });
        await repo.setContact(actor.accountId, userId, { ...body, storeIds });
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'user_contact',
          entityId: String(userId),
          after: { ...body, storeIds },
        });
        return { ok: true as const, message: `Contact details of ${m.user.displayName} saved.` };
      });
    },

    /**
     * Approves a self-service request in the decider's scope (ADR 060): its author is invited into the
     * decider's account — the account whose sign-up link they used, or for ThebigBoss the one he works in.
     */
    async approveRegistration(actor: Actor, id: string, roles: string[], origin: string) {
      checkGrant(actor, roles);
      const out = await db.transaction(async (tx) => {
        const reg = await registrationsRepository(tx).decide(id, 'approved', actor.accountId, isBigBoss(actor));
        if (!reg) throw notFound('No such request waiting.');
        const o = await inviteIn(tx, actor, { displayName: reg.name, email: reg.email, roles }, origin);
        if (o.mail) await mailer.send(o.mail, tx);
        return o;
      });
      return { ok: true as const, message: out.message };
    },

    async rejectRegistration(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const reg = await registrationsRepository(tx).decide(id, 'rejected', actor.accountId, isBigBoss(actor));
        if (!reg) throw notFound('No such request waiting.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'reject',
          entity: 'registration_request',
          entityId: id,
        });
      });
      return { ok: true as const, message: 'Request rejected.' };
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
