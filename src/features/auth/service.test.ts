import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Sign-in must leave offline unlock ready before it resolves (issue 9): a page load right after
 * an online sign-in used to find no verifier, and the next offline sign-in was refused.
 */

const { api } = vi.hoisted(() => {
  class MemoryStorage {
    private m = new Map<string, string>();
    get length() {
      return this.m.size;
    }
    key(i: number) {
      return [...this.m.keys()][i] ?? null;
    }
    getItem(k: string) {
      return this.m.get(k) ?? null;
    }
    setItem(k: string, v: string) {
      this.m.set(k, String(v));
    }
    removeItem(k: string) {
      this.m.delete(k);
    }
    clear() {
      this.m.clear();
    }
  }
  // Just enough of a browser tab; `window` is the global itself, so fake-indexeddb is found there.
  Object.assign(globalThis, {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    window: globalThis,
    addEventListener() {},
    location: { pathname: '/', search: '', hash: '', assign() {} },
  });
  if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: {} });
  return { api: { post: vi.fn(), get: vi.fn() } };
});
vi.mock('@/lib/api', () => ({
  api,
  ApiError: class extends Error {
    status = 0;
  },
  refreshToken: vi.fn(),
}));
vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const { login, selectAccount } = await import('./service');
const { canUnlockOffline, unlockOffline } = await import('@/lib/offline/identity');
const { deviceDb } = await import('@/lib/offline/db');
const { notify } = await import('@/lib/notify');

const account = (id: number, name: string) => ({
  accountKey: `k${id}`,
  accountName: name,
  accountId: id,
  accountTypeId: 1,
  accountType: 'FAMS',
  blocked: false,
  timeZone: 'Africa/Johannesburg',
  currency: 'ZAR',
  units: 'metric' as const,
  locale: 'en-ZA',
});
const result = (id: number, name: string) => ({
  token: `t${id}`,
  expiresAt: Date.now() + 900_000,
  userName: 'Dana Driver',
  email: 'driver@fams.example',
  userKey: 'uk',
  homeScreenMessage: '',
  userRoles: { id: 5, username: 'driver', userRoles: [{ code: 'basic' }, { code: 'FAMS' }] },
  account: account(id, name),
});
const permissions = { roles: ['basic', 'FAMS'], rules: ['everybody', 'famsAllBasic'], screens: {} };

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await deviceDb().verifiers.clear();
  await deviceDb().identities.clear();
  api.post.mockReset();
  api.get.mockReset().mockResolvedValue(permissions);
});

describe('online sign-in keeps offline unlock ready before it resolves', () => {
  it('the verifier and the identity with its account are stored when login() returns', async () => {
    api.post.mockResolvedValue({ value: [result(1, 'Demo Fuels')] });
    expect(await login('Driver', 'driver1')).toEqual({ next: 'done' });
    // No waiting: straight after sign-in, as a page reload would be.
    expect(await canUnlockOffline('driver')).toBe(true);
    expect(await canUnlockOffline('driver@fams.example')).toBe(true);
    const identity = await unlockOffline('driver', 'driver1');
    expect(identity.account).toMatchObject({ id: 1, name: 'Demo Fuels' });
    expect(identity.roles).toEqual(['basic', 'FAMS']);
    expect(notify).not.toHaveBeenCalled();
  });

  it('after choosing among several accounts, the identity follows the account chosen', async () => {
    api.post.mockResolvedValue({ value: [result(1, 'Demo Fuels'), result(2, 'North Haulage')] });
    expect(await login('driver', 'driver1')).toEqual({ next: 'select' });
    await selectAccount(2);
    expect((await unlockOffline('driver', 'driver1')).account).toMatchObject({ id: 2, name: 'North Haulage' });
  });

  it('a device that cannot store the verifier says so; the online sign-in still goes on', async () => {
    api.post.mockResolvedValue({ value: [result(1, 'Demo Fuels')] });
    const put = vi.spyOn(deviceDb().verifiers, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'));
    expect(await login('driver', 'driver1')).toEqual({ next: 'done' });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ tone: 'warning', title: 'Offline sign-in not saved' }),
    );
    put.mockRestore();
  });
});
