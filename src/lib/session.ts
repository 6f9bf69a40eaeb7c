import { proxy } from 'valtio';
import type { LoginResult, PermissionsResponse } from '@/contract/auth';
import { DEFAULT_ROLE, identityHeaders } from '@/contract/constants';
import type { OfflineIdentity, SelectedAccount, UserAccount, UserInfo } from './identity';

export type { SelectedAccount, UserAccount, UserInfo } from './identity';

/**
 * The signed-in state (docs/product-rules.md §3). Storage is the source of truth across reloads; the valtio
 * `session` proxy mirrors it so components re-render when it changes. Only this module touches
 * the storage keys below.
 */

/** sessionStorage: gone when the browser session ends, as the spec keeps the token. */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  roles: 'roles',
  tokenExpiry: 'tokenExpiry',
  loggedIn: 'loggedIn',
  /** Set by an offline unlock: the cached identity is used without a token until one is had. */
  offlineSession: 'offlineSession',
} as const;

/** localStorage: survives a restart so a reopened app can renew its token with the cookie. */
export const LOCAL_KEYS = {
  permissions: 'permissions',
  userInfo: 'userInfo',
  currentUserId: 'currentUserId',
  userId: 'userId',
  userEmail: 'userEmail',
  userAccounts: 'userAccounts',
  selectedAccount: 'selectedAccount',
  homeScreenMessage: 'homeScreenMessage',
  userAccountId: 'userAccountId',
  userAccountKey: 'userAccountKey',
  userKey: 'userKey',
} as const;

/** Starred pages and list columns are per user and survive sign-out (`clearAllStorage` spares them). */
const STARRED_PREFIX = 'starredPages:';
export const starredKey = (userId: number) => `${STARRED_PREFIX}${userId}`;
const LIST_COLUMNS_PREFIX = 'listColumns:';
export const listColumnsKey = (userId: number, screen: string) => `${LIST_COLUMNS_PREFIX}${userId}:${screen}`;
const KEPT_PREFIXES = [STARRED_PREFIX, LIST_COLUMNS_PREFIX];

export interface RolesObject {
  id: number;
  userRoles: { code: string }[];
}

function read<T>(store: Storage, key: string): T | null {
  try {
    const raw = store.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null; // a hand-edited or foreign value reads as absent rather than crashing start-up
  }
}
const write = (store: Storage, key: string, value: unknown) => store.setItem(key, JSON.stringify(value));

function loadState() {
  return {
    token: read<string>(sessionStorage, SESSION_KEYS.accessToken),
    expiresAt: read<number>(sessionStorage, SESSION_KEYS.tokenExpiry) ?? 0,
    loggedIn: read<boolean>(sessionStorage, SESSION_KEYS.loggedIn) === true,
    roles: read<RolesObject>(sessionStorage, SESSION_KEYS.roles),
    user: read<UserInfo>(localStorage, LOCAL_KEYS.userInfo),
    accounts: read<UserAccount[]>(localStorage, LOCAL_KEYS.userAccounts) ?? [],
    account: read<SelectedAccount>(localStorage, LOCAL_KEYS.selectedAccount),
    permissions: read<PermissionsResponse>(localStorage, LOCAL_KEYS.permissions),
    homeScreenMessage: read<string>(localStorage, LOCAL_KEYS.homeScreenMessage) ?? '',
    userKey: read<string>(localStorage, LOCAL_KEYS.userKey) ?? '',
    /**
     * No token, cached identity in use: the renewal failed for lack of network, or the user
     * unlocked offline with the device's password verifier. Such a session records, never calls.
     */
    offline: read<boolean>(sessionStorage, SESSION_KEYS.offlineSession) === true,
  };
}
export type SessionState = ReturnType<typeof loadState>;

export const session = proxy<SessionState>(loadState());

/** Small margin so a token is not used in the last seconds before it expires. */
const EXPIRY_SKEW_MS = 5_000;

/** Spec §4: valid only before the stored expiry and when flagged as logged in. */
export function hasValidSession(now = Date.now()): boolean {
  return session.loggedIn && !!session.token && session.expiresAt - EXPIRY_SKEW_MS > now;
}

/** A user and an account are stored, so the refresh cookie can be tried. */
export function hasStoredIdentity(): boolean {
  return !!session.user && session.accounts.length > 0;
}

/** Role codes of the current account: the session roles object, else the cached permissions. */
export function currentRoles(): string[] {
  const fromSession = session.roles?.userRoles.map((r) => r.code);
  return fromSession ?? session.permissions?.roles ?? [];
}

const primaryRole = (codes: readonly string[]) => codes[0] ?? DEFAULT_ROLE;

/** After Authenticate: who the user is and which accounts they may use (never the tokens). */
export function storeIdentity(results: LoginResult[]): void {
  const first = results[0];
  const uid = first.userRoles.id;
  const accounts: UserAccount[] = results.map((r) => ({
    ...r.account,
    homeScreenMessage: r.homeScreenMessage,
    roles: r.userRoles.userRoles.map((x) => x.code),
  }));
  const user: UserInfo = {
    uid,
    displayName: first.userName,
    email: first.email,
    photoURL: '',
    userRole: DEFAULT_ROLE,
  };
  write(localStorage, LOCAL_KEYS.userInfo, user);
  write(localStorage, LOCAL_KEYS.currentUserId, uid);
  write(localStorage, LOCAL_KEYS.userId, uid);
  write(localStorage, LOCAL_KEYS.userEmail, first.email);
  write(localStorage, LOCAL_KEYS.userAccounts, accounts);
  write(localStorage, LOCAL_KEYS.userKey, first.userKey);
  Object.assign(session, { user, accounts, userKey: first.userKey });
}

/** Scopes the stored identity to one account (its token follows with `storeToken`). */
export function storeSelectedAccount(acc: UserAccount): void {
  const account: SelectedAccount = {
    key: acc.accountKey,
    name: acc.accountName,
    id: acc.accountId,
    typeId: acc.accountTypeId,
    type: acc.accountType,
  };
  write(localStorage, LOCAL_KEYS.selectedAccount, account);
  write(localStorage, LOCAL_KEYS.userAccountId, acc.accountId);
  write(localStorage, LOCAL_KEYS.userAccountKey, acc.accountKey);
  write(localStorage, LOCAL_KEYS.homeScreenMessage, acc.homeScreenMessage);
  session.account = account;
  session.homeScreenMessage = acc.homeScreenMessage;
  storeRoles(acc.roles);
}

export function storeToken(token: string, expiresAt: number): void {
  sessionStorage.removeItem(SESSION_KEYS.offlineSession);
  write(sessionStorage, SESSION_KEYS.accessToken, token);
  write(sessionStorage, SESSION_KEYS.tokenExpiry, expiresAt);
  write(sessionStorage, SESSION_KEYS.loggedIn, true);
  Object.assign(session, { token, expiresAt, loggedIn: true, offline: false });
}

export function storeRoles(codes: string[]): void {
  if (!session.user) return;
  const roles: RolesObject = { id: session.user.uid, userRoles: codes.map((code) => ({ code })) };
  write(sessionStorage, SESSION_KEYS.roles, roles);
  session.roles = roles;
  const user = { ...session.user, userRole: primaryRole(codes) };
  write(localStorage, LOCAL_KEYS.userInfo, user);
  session.user = user;
}

export function storePermissions(p: PermissionsResponse): void {
  write(localStorage, LOCAL_KEYS.permissions, p);
  session.permissions = p;
  storeRoles(p.roles);
}

/** The account entry of the signed-in user, by id. */
export function findAccount(accountId: number): UserAccount | undefined {
  return session.accounts.find((a) => a.accountId === accountId);
}

/** Removes the token and identity (401 after refresh, 498, logout); per-user preferences stay. */
export function clearAllStorage(): void {
  sessionStorage.clear();
  const keep = Object.keys(localStorage).filter((k) => KEPT_PREFIXES.some((p) => k.startsWith(p)));
  const saved = keep.map((k) => [k, localStorage.getItem(k) ?? ''] as const);
  localStorage.clear();
  for (const [k, v] of saved) localStorage.setItem(k, v);
  Object.assign(session, loadState());
}

/**
 * Forgets this tab's session only (lock screen; the login page while another tab is signed in):
 * the user stays known in localStorage so unlock can re-authenticate and other tabs go on.
 */
export function clearToken(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
  Object.assign(session, { token: null, expiresAt: 0, loggedIn: false, roles: null, offline: false });
}

/** The per-tab (sessionStorage) half of a session, as one tab hands it to another (ADR 018). */
export interface TabSessionState {
  userId: number;
  token: string | null;
  expiresAt: number;
  loggedIn: boolean;
  roles: RolesObject | null;
  offline: boolean;
}

export function tabSessionOf(): TabSessionState | null {
  if (!session.user) return null;
  const { token, expiresAt, loggedIn, roles, offline } = session;
  return {
    userId: session.user.uid,
    token,
    expiresAt,
    loggedIn,
    roles: roles ? (JSON.parse(JSON.stringify(roles)) as RolesObject) : null,
    offline,
  };
}

/** A new tab takes over another tab's session; the identity (localStorage) is already shared. */
export function adoptTabSession(s: TabSessionState): boolean {
  if (!session.user || session.user.uid !== s.userId) return false;
  if (s.token) write(sessionStorage, SESSION_KEYS.accessToken, s.token);
  write(sessionStorage, SESSION_KEYS.tokenExpiry, s.expiresAt);
  write(sessionStorage, SESSION_KEYS.loggedIn, s.loggedIn);
  if (s.roles) write(sessionStorage, SESSION_KEYS.roles, s.roles);
  if (s.offline) write(sessionStorage, SESSION_KEYS.offlineSession, true);
  Object.assign(session, loadState());
  return true;
}

/** The identity to keep on the device for offline unlock (plain data, no proxies, no token). */
export function identitySnapshot(): OfflineIdentity | null {
  if (!session.user) return null;
  const { user, accounts, userKey, account, permissions, homeScreenMessage } = session;
  return JSON.parse(
    JSON.stringify({ user, accounts, userKey, account, permissions, homeScreenMessage, roles: currentRoles() }),
  ) as OfflineIdentity;
}

/** Offline unlock: the cached identity becomes this tab's session, without a token. */
export function storeOfflineSession(id: OfflineIdentity): void {
  write(localStorage, LOCAL_KEYS.userInfo, id.user);
  write(localStorage, LOCAL_KEYS.currentUserId, id.user.uid);
  write(localStorage, LOCAL_KEYS.userId, id.user.uid);
  write(localStorage, LOCAL_KEYS.userEmail, id.user.email);
  write(localStorage, LOCAL_KEYS.userAccounts, id.accounts);
  write(localStorage, LOCAL_KEYS.userKey, id.userKey);
  write(localStorage, LOCAL_KEYS.homeScreenMessage, id.homeScreenMessage);
  if (id.permissions) write(localStorage, LOCAL_KEYS.permissions, id.permissions);
  if (id.account) {
    write(localStorage, LOCAL_KEYS.selectedAccount, id.account);
    write(localStorage, LOCAL_KEYS.userAccountId, id.account.id);
    write(localStorage, LOCAL_KEYS.userAccountKey, id.account.key);
  }
  write(sessionStorage, SESSION_KEYS.roles, { id: id.user.uid, userRoles: id.roles.map((code) => ({ code })) });
  write(sessionStorage, SESSION_KEYS.offlineSession, true);
  Object.assign(session, loadState());
}

/** The four headers every authenticated call carries (docs/product-rules.md §7), or null without a session. */
export function authHeaders(): Record<string, string> | null {
  if (!session.token || !session.user || !session.account) return null;
  return {
    Authorization: `Bearer ${session.token}`,
    ...identityHeaders({
      userId: session.user.uid,
      accountId: session.account.id,
      accountKey: session.account.key,
      userKey: session.userKey,
    }),
  };
}
