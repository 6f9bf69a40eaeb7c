import { isIPv6 } from 'node:net';
import { LOGIN_LOCK_S, LOGIN_MAX_FAILURES } from '../../../src/contract/constants';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/resource';
import { authRepository, type AuthRepository } from './auth.repository';

const DAY_S = 24 * 3600;

/** How many attempts a key may make, and how long it stays refused once they are spent. */
export interface Allowance {
  max: number;
  windowS: number;
}

/** `checked: false`: refused without looking at the secret (the allowance was already spent). */
export type Judged = { ok: true } | { ok: false; checked: boolean; lockedUntil?: Date };

/**
 * Checks a secret within a key's allowance (ADR 019; employee PINs: sign-ins use `judgeSignIn`).
 * The attempt is claimed before `check` runs, so parallel attempts cannot all pass a count read
 * earlier; an attempt beyond the allowance is refused without checking anything. A right secret
 * frees the key; the wrong one that spends the allowance locks it for the window from now.
 */
export async function withinAllowance(
  repo: AuthRepository,
  key: string,
  a: Allowance,
  check: () => Promise<boolean>,
): Promise<Judged> {
  const { count, freesAt } = await repo.claimAttempt(key, a.windowS);
  if (count > a.max) return { ok: false, checked: false, lockedUntil: freesAt };
  if (await check()) {
    await repo.clearFailures(key);
    return { ok: true };
  }
  return {
    ok: false,
    checked: true,
    ...(count >= a.max ? { lockedUntil: await repo.lockNow(key, a.max, a.windowS) } : {}),
  };
}

// Sign-ins (ADR 072): a lock per user and client, never the known device's.

/**
 * A sign-in key's ladder: `free` failures, then each further failure locks the key at once, for
 * `firstLockS` doubled per failure beyond the free ones, at most `maxLockS` (1, 2, 4, 8, 15, 15…
 * minutes). A key with no failure since its first one and no lock for `forgetS` starts again.
 */
export interface Ladder {
  free: number;
  firstLockS: number;
  maxLockS: number;
  forgetS: number;
}

export const SIGN_IN_LADDER: Ladder = {
  free: LOGIN_MAX_FAILURES,
  firstLockS: 60,
  maxLockS: LOGIN_LOCK_S,
  forgetS: DAY_S,
};
/**
 * Failures of one user from unrecognised clients, all addresses together, a day from the first:
 * bounds a guess spread over many addresses. Spent, it refuses every unrecognised client of the
 * user (never a known device) until the day is over or an admin lifts it.
 */
export const SIGN_IN_CEILING: Allowance = { max: 500, windowS: DAY_S };
/** At most one "failed sign-ins" mail per user in this long. */
export const ALARM_MAIL_EVERY_S = 3600;

/** How long the ladder locks a key after its `failures`-th failure (0 while free). */
export function lockSeconds(l: Ladder, failures: number): number {
  return failures < l.free ? 0 : Math.min(l.maxLockS, l.firstLockS * 2 ** Math.min(failures - l.free, 20));
}

/**
 * A client address as a throttle key names it: an IPv4-mapped IPv6 address as IPv4, and IPv6 by
 * its /64 network (one subscriber's line holds a whole /64; its addresses are one client).
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1];
  if (!isIPv6(bare)) return bare;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) =>
    s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const h = groups(head);
  const all =
    tail === undefined ? h : [...h, ...Array<string>(8 - h.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${all
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Who a sign-in names: a user, or a typed name that is no user (throttled alike, ADR 019). */
export type SignInSubject = { userId: number } | { name: string };

/**
 * The keys an attempt is counted on. `client`: a known device's own (`device:<nonce>:<user>`, a
 * valid device cookie naming the user) or else the subject at the client's address
 * (`user:<id>@<address>`, `name:<name>@<address>`). `ceiling`: the subject's all-address allowance
 * (`user:<id>`, `name:<name>`), only for unrecognised clients.
 */
export interface SignInKeys {
  client: string;
  ceiling?: string;
}

export const subjectKey = (s: SignInSubject) => ('userId' in s ? `user:${s.userId}` : `name:${s.name}`);

export function signInKeys(s: SignInSubject, client: { ip: string; deviceNonce?: string }): SignInKeys {
  if ('userId' in s && client.deviceNonce) return { client: `device:${client.deviceNonce}:${s.userId}` };
  return { client: `${subjectKey(s)}@${addressKey(client.ip)}`, ceiling: subjectKey(s) };
}

/**
 * A lock an unrecognised client's failures just set, the user's to hear about: `address` (this
 * client's failures reached a lock) or `ceiling` (all addresses together spent the day's allowance).
 */
export interface Alarm {
  kind: 'address' | 'ceiling';
  failures: number;
  lockedUntil: Date;
}

export type SignInJudged = { ok: true } | { ok: false; lockedUntil?: Date; alarm?: Alarm };

/**
 * Judges a sign-in attempt (ADR 072). The attempt is claimed on the client's key before `check`
 * runs; a key in its lock refuses it unchecked (the claim that reaches a lock sets it at once, so
 * parallel attempts wait for its check). Then it is counted against the ceiling. A right password
 * frees the client's key and gives the ceiling its attempt back; a wrong one that reached the
 * ladder's lock answers with it.
 */
export async function judgeSignIn(
  repo: AuthRepository,
  keys: SignInKeys,
  check: () => Promise<boolean>,
): Promise<SignInJudged> {
  const claim = await repo.claimRung(keys.client, SIGN_IN_LADDER);
  if (!claim.granted) return { ok: false, lockedUntil: claim.lockedUntil };
  if (keys.ceiling) {
    const c = await repo.claimAttempt(keys.ceiling, SIGN_IN_CEILING.windowS);
    if (c.count > SIGN_IN_CEILING.max)
      return {
        ok: false,
        lockedUntil: c.freesAt,
        alarm: { kind: 'ceiling', failures: c.count - 1, lockedUntil: c.freesAt },
      };
  }
  if (await check()) {
    await repo.clearFailures(keys.client);
    if (keys.ceiling) await repo.refundAttempt(keys.ceiling);
    return { ok: true };
  }
  if (!claim.lockedUntil) return { ok: false };
  // The ceiling's row also remembers the latest lock of any address, for the admin's list.
  if (keys.ceiling) await repo.noteLock(keys.ceiling, claim.lockedUntil);
  return {
    ok: false,
    lockedUntil: claim.lockedUntil,
    ...(keys.ceiling ? { alarm: { kind: 'address', failures: claim.count, lockedUntil: claim.lockedUntil } } : {}),
  };
}

/**
 * The seam for a second factor (none yet, ADR 072): once one is proven after the password, the
 * client is as good as a known device — call this to lift its key's lock (the ceiling counts only
 * failures), then set the device cookie so its next attempts count on the device's own allowance.
 */
export async function liftForVerifiedClient(repo: AuthRepository, keys: SignInKeys): Promise<void> {
  await repo.clearFailures(keys.client);
}

/**
 * An admin lifts a user's sign-in locks (ADR 072): every address's, the all-address ceiling and their
 * devices' own, audited in the caller's transaction whether or not a lock was in force.
 */
export async function liftSignInLocks(tx: DbOrTx, actor: Actor, userId: number): Promise<void> {
  const lifted = await authRepository(tx).clearSignInLocks(userId);
  await audit(tx, {
    accountId: actor.accountId,
    userId: actor.userId,
    action: 'unlock_sign_in',
    entity: 'user',
    entityId: String(userId),
    after: { cleared: lifted },
  });
}
