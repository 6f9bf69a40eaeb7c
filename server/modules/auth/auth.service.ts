import crypto from 'node:crypto';
import type {
  AuthenticateBody,
  LoginResult,
  MeResponse,
  PermissionsResponse,
  RegisterBody,
} from '../../../src/contract/auth';
import { satisfiedRules, satisfies } from '../../../src/contract/access';
import { REFRESH_TOKEN_TTL_S, RESET_LINK_TTL_S } from '../../../src/contract/constants';
import { MESSAGES } from '../../../src/contract/errors';
import { JOIN_LINK_INVALID } from '../../../src/contract/auth';
import { SCREENS } from '../../../src/contract/screens';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import { ALARM_MAIL_EVERY_S, judgeSignIn, SIGN_IN_CEILING, signInKeys, type Alarm } from './throttle';
import { authRepository, type AccountRow, type MembershipRow, type UserRow } from './auth.repository';
import { burnPasswordCheck, hashPassword, randomToken, sha256, verifyPassword } from './passwords';
import { issuePasswordLink } from './password-links';
import { registrationsRepository } from '../admin/registrations.repository';
import { answerThroughPasswordLink } from '../admin';
import type { SessionGate } from './sessions';
import type { AccessClaims, TokenService } from './tokens';

/** A refresh token used again within this many seconds is a race between tabs, not theft. */
const REFRESH_GRACE_S = 15;

/** Work to run after the answer is sent (the route's `setImmediate`), so its time does not tell the answer apart. */
export type Later = (work: () => Promise<void>) => void;
/** Where a sign-in comes from: its address (`req.ip`, TRUST_PROXY honoured) and the device cookie it carries. */
export interface SignInClient {
  ip: string;
  deviceCookie?: string;
}

/** "2025-03-01 14:32 UTC": mails about sign-ins go to users of any account and zone. */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const wrongCredentials = () => new AppError(401, 'wrong_credentials', MESSAGES.wrongCredentials, 'Sign-in failed');
const noSession = () => new AppError(401, 'no_session', 'Your session has ended. Please sign in again.');

const accountInfo = (a: AccountRow) => ({
  accountKey: a.key,
  accountName: a.name,
  accountId: a.id,
  accountTypeId: a.typeId,
  accountType: a.type,
  blocked: a.blocked,
  timeZone: a.timeZone,
  currency: a.currency,
  units: a.units as 'metric' | 'imperial' | 'us',
  locale: a.locale,
});

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
}

export function authService(database: Database, tokens: TokenService, mailer: MailQueue, sessions: SessionGate) {
  const { db } = database;
  const repo = authRepository(db);

  const claimsFor = (u: UserRow, m: MembershipRow, sessionId: string): AccessClaims => ({
    userId: u.id,
    userKey: u.key,
    accountId: m.account.id,
    accountKey: m.account.key,
    roles: m.roles,
    sessionId,
  });

  async function issueRefresh(userId: number, familyId: string = crypto.randomUUID()): Promise<IssuedRefresh> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000);
    await repo.insertRefresh({ familyId, userId, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt };
  }

  /** Tells the user their sign-ins are being attacked: one mail an hour at most (ADR 072). */
  async function mailAlarm(user: UserRow, alarm: Alarm, ip: string) {
    await db.transaction(async (tx) => {
      if (!(await authRepository(tx).claimAlarmMail(user.id, ALARM_MAIL_EVERY_S))) return;
      const what =
        alarm.kind === 'address'
          ? `${alarm.failures} failed sign-ins to your FAMS account (${user.username}) came from the address ${ip}, the last at ${utc(new Date())}. Sign-ins from that address are paused until ${utc(alarm.lockedUntil)}.`
          : `${alarm.failures} failed sign-ins to your FAMS account (${user.username}) came from many addresses since ${utc(new Date(alarm.lockedUntil.getTime() - SIGN_IN_CEILING.windowS * 1000))}, the last from ${ip} at ${utc(new Date())}. Sign-ins from browsers and phones where you never signed in are paused until ${utc(alarm.lockedUntil)}; an administrator of your account can lift this on the Users screen.`;
      await mailer.send(
        {
          to: user.email,
          subject: 'FAMS: failed sign-ins to your account',
          text: `Hello ${user.displayName},\n\n${what}\n\nThe phones and browsers where you signed in before still sign in as usual.\n\nIf this was not you, someone may be guessing your password: change it (in FAMS, or with "Forgot password" on the sign-in page). If it was you, nothing needs doing.\n`,
        },
        tx,
      );
    });
  }

  return {
    /**
     * Signs in. Attempts are throttled per user, whatever alias was typed, and per client (ADR 019,
     * ADR 072): a browser where this user signed in before (its device cookie names them) has an
     * allowance of its own; any other client has one per address, with growing locks, and all of
     * them together a daily ceiling. So failures at one address lock neither the user's phone nor
     * a new browser elsewhere. A name that is no user is throttled alike and costs the same
     * password check; a lock of a real user's address mails the user (`later`, after the answer).
     */
    async authenticate(
      body: AuthenticateBody,
      client: SignInClient,
      later: Later = (work) => void work(),
    ): Promise<{ value: LoginResult[]; refresh: IssuedRefresh; device: string }> {
      const name = body.Username.trim().toLowerCase();
      const user = await repo.userByLogin(name);
      const device = await tokens.verifyDevice(client.deviceCookie);
      const keys = signInKeys(user ? { userId: user.id } : { name }, {
        ip: client.ip,
        deviceNonce: user && device?.users.includes(user.id) ? device.nonce : undefined,
      });
      const judged = await judgeSignIn(repo, keys, () =>
        user ? verifyPassword(body.Password, user.passwordHash) : burnPasswordCheck(body.Password),
      );
      if (!judged.ok) {
        const alarm = judged.alarm;
        if (user && alarm) later(() => mailAlarm(user, alarm, client.ip));
        throw judged.lockedUntil ? tooMany(judged.lockedUntil) : wrongCredentials();
      }
      if (!user) throw wrongCredentials();
      const members = user.active ? await repo.memberships(user.id) : [];
      if (members.length === 0) throw new AppError(403, 'account_blocked', MESSAGES.accountBlocked, 'Sign-in failed');
      const value: LoginResult[] = [];
      const sessionId = crypto.randomUUID();
      for (const m of members) {
        // Blocked for this user alone shows as a blocked account: listed, not selectable (issue 14).
        const blocked = m.account.blocked || m.blocked;
        const signed = blocked ? { token: '', expiresAt: 0 } : await tokens.sign(claimsFor(user, m, sessionId));
        value.push({
          ...signed,
          userName: user.displayName,
          email: user.email,
          userKey: user.key,
          homeScreenMessage: m.account.homeScreenMessage,
          userRoles: { id: user.id, username: user.username, userRoles: m.roles.map((code) => ({ code })) },
          account: { ...accountInfo(m.account), blocked },
        });
      }
      await repo.touchSignIn(user.id);
      await audit(db, {
        accountId: null,
        userId: user.id,
        action: 'sign_in',
        entity: 'user',
        entityId: String(user.id),
      });
      return {
        value,
        refresh: await issueRefresh(user.id, sessionId),
        device: await tokens.signDevice(user.id, device),
      };
    },

    /** Renews the access token for one account; rotates the refresh token. */
    async refresh(
      cookie: string | undefined,
      accountId: number,
    ): Promise<{ token: string; expiresAt: number; refresh?: IssuedRefresh }> {
      if (!cookie) throw noSession();
      const row = await repo.refreshByHash(sha256(cookie));
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw noSession();
      if (row.usedAt || !(await repo.useRefresh(row.id))) {
        const usedAt = row.usedAt ?? new Date();
        if (Date.now() - usedAt.getTime() > REFRESH_GRACE_S * 1000) {
          // An old token came back: someone kept a copy. End every session of this sign-in.
          await repo.revokeFamily(row.familyId);
          sessions.forget();
          await audit(db, {
            accountId: null,
            userId: row.userId,
            action: 'refresh_reuse',
            entity: 'session',
            entityId: row.familyId,
          });
          throw new AppError(401, 'refresh_reused', 'Your session was ended for safety. Please sign in again.');
        }
      }
      // Within the grace period the old token gets a new one too: the answer that carried its
      // successor may never have reached the browser (a navigation cancelled the request, the
      // signal dropped). Without a new cookie the browser would keep the used token and its next
      // renewal, minutes later, would end the sign-in as a reuse — and a driver's queue would wait
      // for an online sign-in. The successor nobody received stays unused until it expires.
      const refresh: IssuedRefresh = await issueRefresh(row.userId, row.familyId);
      const user = await repo.userById(row.userId);
      const m = user?.active ? await repo.membership(row.userId, accountId) : undefined;
      if (!user || !m || m.account.blocked || m.blocked)
        throw new AppError(403, 'account_blocked', MESSAGES.accountBlocked);
      return { ...(await tokens.sign(claimsFor(user, m, row.familyId))), refresh };
    },

    async logout(cookie: string | undefined) {
      if (!cookie) return;
      const row = await repo.refreshByHash(sha256(cookie));
      if (row) await repo.revokeFamily(row.familyId);
      sessions.forget();
    },

    async me(c: AccessClaims): Promise<MeResponse> {
      const user = await repo.userById(c.userId);
      const m = await repo.membership(c.userId, c.accountId);
      if (!user || !m) throw noSession();
      return {
        userId: user.id,
        userKey: user.key,
        userName: user.displayName,
        email: user.email,
        account: accountInfo(m.account),
        roles: m.roles,
        homeScreenMessage: m.account.homeScreenMessage,
      };
    },

    permissions(c: AccessClaims): PermissionsResponse {
      const screens: PermissionsResponse['screens'] = {};
      for (const s of SCREENS) {
        const view = satisfies(c.roles, s.rule);
        // Writing is for the screen's rule holders; viewers-only roles read.
        const write = view && !(c.roles.length === 1 && c.roles[0] === 'TheBoss');
        screens[s.path] = { view, create: write, edit: write, delete: write };
      }
      return { roles: c.roles, rules: satisfiedRules(c.roles), screens };
    },

    async forgotPassword(email: string, origin: string) {
      const user = await repo.userByEmail(email);
      if (!user || !user.active) return;
      await db.transaction(async (tx) => {
        const link = await issuePasswordLink(tx, { userId: user.id, origin, ttlS: RESET_LINK_TTL_S });
        await mailer.send(
          {
            to: user.email,
            subject: 'FAMS password reset',
            text: `Hello ${user.displayName},\n\nTo choose a new FAMS password, open this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
          },
          tx,
        );
      });
    },

    async resetPassword(token: string, password: string) {
      await db.transaction(async (tx) => {
        const r = authRepository(tx);
        const link = await r.consumeReset(sha256(token));
        if (!link)
          throw new AppError(
            400,
            'reset_link_invalid',
            'This reset link is not valid any more. Ask for a new one.',
            'Invalid link',
            { token: ['This reset link is not valid any more.'] },
          );
        const { userId } = link;
        // An invitation's link answers it (ADR 073), and refuses once the invitation is withdrawn
        // or its user removed, blocked or disabled: then no password is set.
        if (link.purpose === 'invite' && link.accountId !== null)
          await answerThroughPasswordLink(tx, userId, link.accountId);
        await r.setPassword(userId, await hashPassword(password));
        await r.revokeAllOfUser(userId);
        await audit(tx, {
          accountId: null,
          userId,
          action: 'password_reset',
          entity: 'user',
          entityId: String(userId),
        });
      });
      sessions.forget();
    },

    async changePassword(c: AccessClaims, current: string, next: string) {
      const user = await repo.userById(c.userId);
      if (!user || !(await verifyPassword(current, user.passwordHash))) {
        throw new AppError(400, 'wrong_password', 'The current password is not right.', undefined, {
          currentPassword: ['The current password is not right.'],
        });
      }
      const hash = await hashPassword(next);
      await db.transaction(async (tx) => {
        await authRepository(tx).setPassword(user.id, hash);
        // Every other sign-in ends (its refresh and, through the session check, its access tokens).
        await authRepository(tx).revokeAllOfUser(user.id, c.sessionId);
        await audit(tx, {
          accountId: c.accountId,
          userId: user.id,
          action: 'password_change',
          entity: 'user',
          entityId: String(user.id),
        });
      });
      sessions.forget();
    },

    async register(body: RegisterBody) {
      await db.transaction(async (tx) => {
        const r = authRepository(tx);
        // Spec §5: an e-mail already known (a user, or a request waiting) is refused on the field.
        if ((await r.userByEmail(body.email)) || (await r.pendingRegistration(body.email))) {
          throw new AppError(422, 'duplicate', 'This email is already in use.', undefined, {
            email: ['This email is already in use.'],
          });
        }
        // A sign-up link's request waits for that account's admins; a link turned off or renewed is refused.
        let accountId: number | null = null;
        if (body.joinCode !== undefined) {
          const account = await registrationsRepository(tx).accountOfSignupCode(body.joinCode);
          if (!account) throw new AppError(422, 'join_link', JOIN_LINK_INVALID);
          accountId = account.id;
        }
        const row = await r.insertRegistration(body, accountId);
        await audit(tx, {
          accountId: null,
          userId: null,
          action: 'create',
          entity: 'registration_request',
          entityId: row.id,
          after: row,
        });
      });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;

function tooMany(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError(429, 'too_many_attempts', MESSAGES.tooManyAttempts, 'Too many attempts', undefined, {
    'retry-after': String(seconds),
  });
}
