import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceDb } from './db';
import {
  canUnlockOffline,
  OFFLINE_MAX_FAILURES,
  OFFLINE_UNLOCK_MAX_AGE_MS,
  OfflineUnlockError,
  rememberIdentity,
  rememberPassword,
  unlockOffline,
  type OfflineIdentity,
} from './identity';
import { checkPassword, createVerifier, PBKDF2_ITERATIONS } from './verifier';

const identity: OfflineIdentity = {
  user: { uid: 5, displayName: 'Dana Driver', email: 'driver@example.com', photoURL: '', userRole: 'basic' },
  accounts: [
    {
      accountKey: 'k',
      accountName: 'Demo',
      accountId: 1,
      accountTypeId: 1,
      accountType: 'FAMS',
      blocked: false,
      timeZone: 'Africa/Johannesburg',
      currency: 'ZAR',
      units: 'metric' as const,
      locale: 'en-ZA',
      homeScreenMessage: '',
      roles: ['basic', 'FAMS'],
    },
  ],
  userKey: 'uk',
  account: { key: 'k', name: 'Demo', id: 1, typeId: 1, type: 'FAMS' },
  roles: ['basic', 'FAMS'],
  permissions: { roles: ['basic', 'FAMS'], rules: ['everybody'], screens: {} },
  homeScreenMessage: '',
};
const dbs: DeviceDb[] = [];
async function device() {
  // One device database per test, emptied: fake-indexeddb lives as long as the file.
  const db = new DeviceDb();
  dbs.push(db);
  await db.open();
  await Promise.all([db.verifiers.clear(), db.identities.clear()]);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('password verifier', () => {
  it('uses PBKDF2-SHA256 with ≥ 310,000 iterations, a 16-byte salt and 256 bits; stores no password', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(310_000);
    const v = await createVerifier('driver1');
    expect(v.iterations).toBe(PBKDF2_ITERATIONS);
    expect(v.salt).toHaveLength(16);
    expect(v.hash).toHaveLength(32);
    expect(JSON.stringify(v)).not.toContain('driver1');
    expect(await checkPassword('driver1', v)).toBe(true);
    expect(await checkPassword('driver2', v)).toBe(false);
    const again = await createVerifier('driver1');
    expect(Buffer.from(again.salt).equals(Buffer.from(v.salt))).toBe(false);
  });
});

describe('offline unlock', () => {
  it('the same password under either login name restores the identity', async () => {
    const db = await device();
    await rememberPassword(5, ['driver', 'Driver@Example.com'], 'driver1', db, 1000);
    await rememberIdentity(identity, db);
    expect(await canUnlockOffline('DRIVER', db)).toBe(true);
    expect(await unlockOffline(' driver@example.com ', 'driver1', db)).toEqual(identity);
  });

  it('a wrong password is refused, and repeated failures pause unlocking', async () => {
    const db = await device();
    await rememberPassword(5, ['driver'], 'driver1', db, 1000);
    await rememberIdentity(identity, db);
    const now = Date.now();
    for (let i = 0; i < OFFLINE_MAX_FAILURES; i++) {
      await expect(unlockOffline('driver', 'nope', db, now)).rejects.toMatchObject({ reason: 'wrong' });
    }
    await expect(unlockOffline('driver', 'driver1', db, now + 1000)).rejects.toMatchObject({ reason: 'locked' });
    expect(await unlockOffline('driver', 'driver1', db, now + 61_000)).toEqual(identity);
  });

  it('unknown users, users without a saved account, and old verifiers cannot unlock', async () => {
    const db = await device();
    await expect(unlockOffline('nobody', 'x', db)).rejects.toBeInstanceOf(OfflineUnlockError);
    await rememberPassword(5, ['driver'], 'driver1', db, 1000);
    await expect(unlockOffline('driver', 'driver1', db)).rejects.toMatchObject({ reason: 'unavailable' });
    await rememberIdentity(identity, db);
    await expect(
      unlockOffline('driver', 'driver1', db, Date.now() + OFFLINE_UNLOCK_MAX_AGE_MS + 1),
    ).rejects.toMatchObject({ reason: 'expired' });
  });

  it('a login name re-used by another user moves to that user', async () => {
    const db = await device();
    await rememberPassword(5, ['shared'], 'pass-a', db, 1000);
    await rememberPassword(6, ['shared'], 'pass-b', db, 1000);
    expect(await db.verifiers.count()).toBe(1);
    expect((await db.verifiers.toArray())[0].userId).toBe(6);
  });
});
