import { grantProblem, ROLE_PROBLEM_MESSAGES } from '../../../src/contract/admin-roles';
import { INVITE_LINK_TTL_S, type ContactBody, type CreateUserBody, type InviteBody } from '../../../src/contract/admin';
import { RESET_LINK_TTL_S } from '../../../src/contract/constants';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { assertWithinLimit } from '../../lib/plan-limits';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import type { Actor } from '../../lib/resource';
import { authRepository } from '../auth/auth.repository';
import { issuePasswordLink } from '../auth/password-links';
import { hashPassword } from '../auth/passwords';
import type { SessionGate } from '../auth/sessions';
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

function checkGrant(actor: Actor, next: string[], before: string[] = []) {
  if (before.includes('ThebigBoss') && !actor.roles.includes('ThebigBoss'))
    throw new AppError(403, 'forbidden', 'A system administrator’s roles are changed by a system administrator.');
  const problem = grantProblem(actor.roles, next, before);
  if (!problem) return;
  const role = 'role' in problem ? ` (${problem.role})` : '';
  const message = ROLE_PROBLEM_MESSAGES[problem.code] + role;
  throw problem.code === 'grant'
    ? new AppError(403, 'grant_refused', message, 'Not allowed', { roles: [message] })
    : unprocessable('roles', message, { roles: [message] });
}

export interface InviteOutcome {
  userId: number;
  /** The mail to send after the commit (never inside the transaction: a rollback cannot unsend it). */
  mail: { to: string; subject: string; text: string };
  message: string;
}

/**
 * `/User` (issue 14): invitations, temporary passwords, roles, blocking, removal. Every change is
 * one transaction with its audit entry; the session gate forgets its answers after each, so the
 * next request of a blocked or changed member is judged afresh (ADR 036).
 */
export function usersService(db: Db, mailer: MailQueue, sessions: SessionGate) {
  /** Adds `email` to the account: a new user with an invitation link, or an existing one with a notice. */
  async function inviteIn(
    tx: DbOrTx,
    actor: Actor,
    body: { displayName: string; email: string; username?: string; roles: string[] },
    origin: string,
    accountName?: string,
  ): Promise<InviteOutcome> {
    const repo = usersRepository(tx);
    accountName ??= (await authRepository(tx).membership(actor.userId, actor.accountId))?.account.name ?? 'FAMS';
    const existing = await authRepository(tx).userByEmail(body.email);
    if (existing) {
      if (await repo.member(actor.accountId, existing.id))
        throw unprocessable('duplicate', 'This person is already a user of the account.', {
          email: ['Already a user of this account.'],
        });
      await assertWithinLimit(tx, actor.accountId, 'users');
      await repo.insertMember(actor.accountId, existing.id, body.roles);
      await audit(tx, {
        accountId: actor.accountId,
        userId: actor.userId,
        action: 'create',
        entity: 'membership',
        entityId: String(existing.id),
        after: { roles: body.roles },
      });
      return {
        userId: existing.id,
        message: `${existing.displayName} already signs in to FAMS and can now open ${accountName}.`,
        mail: {
          to: existing.email,
          subject: `FAMS: you now have access to ${accountName}`,
          text: `Hello ${existing.displayName},\n\nYou can now open ${accountName} in FAMS with your usual sign-in.\n`,
        },
      };
    }
    const username = body.username ?? body.email;
    if (await repo.loginTaken(username, body.email))
      throw unprocessable('duplicate', 'This username is already taken.', { username: ['Already taken.'] });
    const user = await repo.insertUser({
      username,
      email: body.email,
      displayName: body.displayName,
      passwordHash: UNUSABLE,
    });
    await assertWithinLimit(tx, actor.accountId, 'users');
    await repo.insertMember(actor.accountId, user.id, body.roles);
    const link = await issuePasswordLink(tx, {
      userId: user.id,
      origin,
      ttlS: INVITE_LINK_TTL_S,
      invite: { accountId: actor.accountId },
    });
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'invite',
      entity: 'user',
      entityId: String(user.id),
      after: { username, email: body.email, displayName: body.displayName, roles: body.roles },
    });
    return {
      userId: user.id,
      message: `Invitation sent to ${body.email}.`,
      mail: {
        to: body.email,
        subject: `FAMS: you are invited to ${accountName}`,
        text: `Hello ${body.displayName},\n\nYou are invited to use FAMS for ${accountName}. Open this link within 72 hours to choose your password:\n\n${link}\n\nThen sign in as ${username} (or with this e-mail address).\n`,
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
        await mailer.send(o.mail, tx);
        return o;
      });
      return { ok: true as const, message: out.message, userId: out.userId };
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
        await mailer.send(o.mail, tx);
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
