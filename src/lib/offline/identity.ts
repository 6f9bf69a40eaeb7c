import { REFRESH_TOKEN_TTL_S } from '@/contract/constants';
import type { OfflineIdentity } from '@/lib/identity';
import { deviceDb, type DeviceDb } from './db';
import { OfflineUnlockError } from './unlockError';
import { checkPassword, createVerifier, PBKDF2_ITERATIONS } from './verifier';

export { OfflineUnlockError, type UnlockFailure } from './unlockError';

/**
 * Offline unlock (docs/design.md §6): after an online sign-in the device keeps, per user, a password
 * verifier and the identity the session had (no tokens). With no network and no session, the same
 * password restores that identity as an "offline session" that can record but never calls the API.
 * Kept in the device database, which the login page's storage clearing does not touch.
 */

export type { OfflineIdentity } from '@/lib/identity';

/** A verifier is as old as the last online sign-in; past the refresh cookie's life it stops working. */
export const OFFLINE_UNLOCK_MAX_AGE_MS = REFRESH_TOKEN_TTL_S * 1000;
/** Wrong passwords before unlock pauses; each further one doubles the pause. */
export const OFFLINE_MAX_FAILURES = 5;
const PAUSE_MS = 60_000;

const norm = (s: string) => s.trim().toLowerCase();

/** After an online sign-in: store a fresh verifier (new salt) for every name the user may type. */
export async function rememberPassword(
  userId: number,
  loginNames: string[],
  password: string,
  db: DeviceDb = deviceDb(),
  iterations = PBKDF2_ITERATIONS,
): Promise<void> {
  const v = await createVerifier(password, iterations);
  const names = [...new Set(loginNames.map(norm).filter(Boolean))];
  await db.transaction('rw', db.verifiers, async () => {
    // A name moves to this user if another user on this device had it before.
    const others = await db.verifiers.where('loginNames').anyOf(names).toArray();
    for (const o of others) if (o.userId !== userId) await db.verifiers.delete(o.userId);
    await db.verifiers.put({ userId, loginNames: names, ...v, createdAt: Date.now(), failures: 0, lockedUntil: 0 });
  });
}

/** Keeps the offline copy of the identity current (account switch, new permissions). */
export async function rememberIdentity(identity: OfflineIdentity, db: DeviceDb = deviceDb()): Promise<void> {
  await db.identities.put({ userId: identity.user.uid, snapshot: identity, savedAt: Date.now() });
}

/** Whether someone (or this login name) can unlock offline on this device. */
export async function canUnlockOffline(loginName?: string, db: DeviceDb = deviceDb()): Promise<boolean> {
  if (loginName === undefined) return (await db.verifiers.count()) > 0;
  return (await db.verifiers.where('loginNames').equals(norm(loginName)).count()) > 0;
}

/** Checks the password against the stored verifier; returns the identity to restore. */
export async function unlockOffline(
  loginName: string,
  password: string,
  db: DeviceDb = deviceDb(),
  now = Date.now(),
): Promise<OfflineIdentity> {
  const v = await db.verifiers.where('loginNames').equals(norm(loginName)).first();
  if (!v) {
    throw new OfflineUnlockError(
      'unavailable',
      'No connection, and this user has not signed in on this device before. Sign in when you are online.',
    );
  }
  if (v.lockedUntil > now) {
    const s = Math.ceil((v.lockedUntil - now) / 1000);
    throw new OfflineUnlockError('locked', `Too many wrong passwords. Try again in ${s} s.`);
  }
  if (!(await checkPassword(password, v))) {
    const failures = v.failures + 1;
    const pause = failures >= OFFLINE_MAX_FAILURES ? PAUSE_MS * 2 ** (failures - OFFLINE_MAX_FAILURES) : 0;
    await db.verifiers.update(v.userId, { failures, lockedUntil: pause ? now + pause : 0 });
    throw new OfflineUnlockError('wrong', 'Wrong Email or Password');
  }
  await db.verifiers.update(v.userId, { failures: 0, lockedUntil: 0 });
  if (now - v.createdAt > OFFLINE_UNLOCK_MAX_AGE_MS) {
    throw new OfflineUnlockError('expired', 'Offline sign-in has expired on this device. Sign in when you are online.');
  }
  const row = await db.identities.get(v.userId);
  const identity = row?.snapshot as OfflineIdentity | undefined;
  if (!identity?.account) {
    throw new OfflineUnlockError(
      'unavailable',
      'This device has no account saved for this user yet. Sign in when you are online.',
    );
  }
  return identity;
}
