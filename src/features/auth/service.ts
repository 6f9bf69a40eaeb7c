import type { LoginResult } from '@/contract/auth';
import { MESSAGES } from '@/contract/error-codes';
import { homePathFor, LOGIN_PATH, SELECT_ACCOUNT_PATH } from '@/contract/screens';
import { api, ApiError, refreshToken } from '@/lib/api';
import { currentHref, goTo, loginHref, safeTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import {
  clearAllStorage,
  clearToken,
  currentRoles,
  findAccount,
  hasStoredIdentity,
  hasValidSession,
  identitySnapshot,
  LOCAL_KEYS,
  session,
  storeIdentity,
  storeOfflineSession,
  storePermissions,
  storeSelectedAccount,
  storeToken,
} from '@/lib/session';
import { anotherTabIsLive, joinOtherTab } from '@/lib/tabSession';

/** Sign-in, account choice, renewal and sign-out: the flows behind the auth pages and guards. */

/**
 * The offline unlock and identity copy live in the device database (Dexie): loaded when a sign-in
 * needs them, so the login page's first screen does not carry the database code (ADR 017).
 */
const offlineIdentity = () => import('@/lib/offline/identity');

/** The sign-in answers' schemas (zod): loaded by the first call that needs them, not with the login page. */
const schemas = () => import('@/contract/auth');

/**
 * Tokens of the last sign-in, per account, kept only in memory until the user picks an account:
 * stored accounts never carry tokens, and after a reload the cookie renews instead.
 */
const pendingTokens = new Map<number, LoginResult>();

/**
 * Whether a valid session existed when the app started on the login page; read by the page to
 * say "already logged in" after start-up cleared the storage. Reset by the next sign-in/out.
 */
let signedInAtStart: boolean | null = null;

/** The last sign-out's server call; a sign-in waits for it so its new cookie is not cleared. */
let loggingOut: Promise<unknown> = Promise.resolve();

export class LoginRefused extends Error {}

export type LoginOutcome = { next: 'done' } | { next: 'select' };

/** Spec §4/§5: one usable account is chosen at once, several go to the account list. */
export async function login(username: string, password: string): Promise<LoginOutcome> {
  signedInAtStart = null;
  await leaving;
  await loggingOut;
  const { value } = await api.post(
    'FAMSlegacy/Authenticate',
    { Username: username, Password: password },
    (await schemas()).AuthenticateResponse,
    { quiet: true, anonymous: true },
  );
  const usable = value.filter((r) => !r.account.blocked && r.userRoles.id > 1 && r.token);
  if (usable.length === 0) throw new LoginRefused(MESSAGES.accountBlocked);
  storeIdentity(value);
  await rememberForOffline(username, password, value);
  askPersistentStorage();
  pendingTokens.clear();
  for (const r of usable) pendingTokens.set(r.account.accountId, r);
  if (value.length === 1) {
    await selectAccount(usable[0].account.accountId);
    return { next: 'done' };
  }
  return { next: 'select' };
}

/** True right after a multi-account sign-in, before an account was chosen. */
export function hasPendingLogin(): boolean {
  return pendingTokens.size > 0;
}

/** Scopes the session to one account: its sign-in token, else a renewal for that account. */
export async function selectAccount(accountId: number): Promise<void> {
  const account = findAccount(accountId);
  if (!account || account.blocked) throw new LoginRefused(MESSAGES.accountBlocked);
  const pending = pendingTokens.get(accountId);
  if (pending) storeToken(pending.token, pending.expiresAt);
  else await refreshToken(accountId);
  storeSelectedAccount(account);
  pendingTokens.clear();
  await loadPermissions();
}

export async function loadPermissions(): Promise<void> {
  storePermissions(await api.get('Role/GetPermissions', (await schemas()).PermissionsResponse));
  // The offline copy follows the session (account switch, changed roles) before the app moves on.
  const snap = identitySnapshot();
  if (snap)
    await offlineIdentity()
      .then((o) => o.rememberIdentity(snap))
      .catch(offlineNotSaved);
}

/**
 * After an online sign-in: a PBKDF2 verifier of the password for offline unlock (docs/design.md §6).
 * Awaited (~0.3 s, the button stays busy): a page load right after sign-in must find it, or the
 * next offline sign-in would wrongly say this user never signed in here. A failure (storage full,
 * private mode) does not stop the online sign-in but is shown, since it costs offline recording.
 */
async function rememberForOffline(typed: string, pass: string, results: LoginResult[]): Promise<void> {
  const first = results[0];
  await offlineIdentity()
    .then((o) =>
      o.rememberPassword(first.userRoles.id, [typed, first.email, first.userName, first.userRoles.username], pass),
    )
    .catch(offlineNotSaved);
}

function offlineNotSaved(e: unknown): void {
  console.warn('Offline sign-in not saved', e);
  notify({
    tone: 'warning',
    title: 'Offline sign-in not saved',
    durationMs: 15_000,
    message:
      `This device could not keep your sign-in for offline use (${e instanceof Error ? e.message : String(e)}). ` +
      'You can record while online; sign in again before you go where there is no signal.',
  });
}

/** Ask once per sign-in that the browser never evicts the outbox under storage pressure. */
function askPersistentStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Sign-in without network (docs/design.md §6): the password is checked against the verifier stored at
 * the last online sign-in and the cached identity becomes an offline session (no token). Throws
 * OfflineUnlockError with a message for the form.
 */
export async function loginOffline(username: string, password: string): Promise<LoginOutcome> {
  signedInAtStart = null;
  pendingTokens.clear();
  const { unlockOffline } = await offlineIdentity();
  storeOfflineSession(await unlockOffline(username, password));
  return { next: 'done' };
}

/**
 * The network is back during an offline session: renew with the refresh cookie (if it survived)
 * and reload the permissions. False when the server refused: the user must sign in online.
 */
export async function renewOfflineSession(): Promise<boolean> {
  try {
    await refreshToken();
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) throw e;
    return false;
  }
  await loadPermissions().catch((e: unknown) => console.warn('Permissions not refreshed', e));
  return true;
}

let resuming: Promise<boolean> | null = null;

/**
 * A reopened app (no token in this tab, identity in localStorage) renews once with the cookie;
 * guards running at the same time share that one attempt. Without network, a tab that already
 * had a session goes on with the cached identity (field work continues; the token is renewed when
 * the connection returns); a freshly opened app goes to the login, where the user unlocks offline
 * with the password. Returns whether the user may continue.
 */
export function resumeSession(): Promise<boolean> {
  if (hasValidSession() || session.offline) return Promise.resolve(true);
  if (!hasStoredIdentity()) return Promise.resolve(false);
  resuming ??= tryResume().finally(() => {
    resuming = null;
  });
  return resuming;
}

async function tryResume(): Promise<boolean> {
  // A new tab (or the installed app beside a tab) joins the live session instead of the login.
  if (await joinOtherTab()) return true;
  try {
    await refreshToken();
    if (!session.account) {
      const first = session.accounts.find((a) => !a.blocked);
      if (first) storeSelectedAccount(first);
    }
    await loadPermissions().catch((e: unknown) => console.warn('Permissions not refreshed', e));
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0 && session.loggedIn && session.account && session.permissions) {
      session.offline = true;
      window.addEventListener('online', () => void renewQuietly(), { once: true });
      return true;
    }
    // No network and no session in this tab: the login offers offline unlock. Only a refusal
    // from the server drops the stored identity.
    if (e instanceof ApiError && e.status === 0) return false;
    clearAllStorage();
    return false;
  }
}

/** Start-up renewal (docs/product-rules.md §4): a failure is only logged, the session stays as it is. */
export async function renewQuietly(): Promise<void> {
  try {
    await refreshToken();
  } catch (e) {
    console.warn('Token renewal failed', e);
  }
}

/**
 * Spec §2: opening the login clears the storage. On a full page load this runs before the page's
 * chunk is even fetched, so nothing stale is left while it loads.
 */
export function clearIfStartingOnLogin(pathname: string): void {
  if (pathname.toLowerCase() !== LOGIN_PATH.toLowerCase()) return;
  signedInAtStart = hasValidSession();
  void leaveSessionForLogin();
}

let leaving: Promise<'others-live' | 'cleared'> | null = null;

/**
 * What opening the login clears (ADR 018 reads docs/product-rules.md §2 for several tabs): always this tab's own
 * session; the shared identity and the refresh cookie only when no other tab (or the installed
 * app) is signed in — those belong to a user who is still working. The device database (outbox,
 * reference cache, offline unlock) is never touched here. Runs once per visit of the page.
 */
export function leaveSessionForLogin(): Promise<'others-live' | 'cleared'> {
  leaving ??= (async () => {
    clearToken();
    if (await anotherTabIsLive()) return 'others-live' as const;
    await logout({ navigate: false });
    return 'cleared' as const;
  })().finally(() => {
    leaving = null;
  });
  return leaving;
}

/** For the login page: was the user signed in when the page opened? */
export function wasSignedInOnOpen(): boolean {
  return signedInAtStart ?? hasValidSession();
}

/**
 * Forgets everything but starred pages at once, revokes the refresh cookie, and (unless the
 * caller is the login page itself) shows the login.
 */
export function logout({ navigate = true } = {}): Promise<void> {
  pendingTokens.clear();
  if (navigate) signedInAtStart = null;
  const hadIdentity = hasStoredIdentity() || hasValidSession();
  clearAllStorage();
  if (hadIdentity) loggingOut = revokeCookie();
  if (navigate) goTo(LOGIN_PATH);
  return loggingOut.then(() => undefined);
}

/** The server forgets this device's sign-in (the refresh cookie); any failure is ignored. */
function revokeCookie(): Promise<unknown> {
  return schemas()
    .then((s) => api.post('auth/logout', {}, s.OkResponse, { quiet: true, anonymous: true }))
    .catch(() => undefined);
}

/** Lock: the cookie is revoked and the token dropped, but the user stays known for unlock. */
export function lock(): void {
  clearToken();
  loggingOut = revokeCookie();
  goTo('/pages/lock-screen');
}

/** Unlock re-authenticates the stored user and returns to the account that was in use. */
export async function unlock(password: string): Promise<void> {
  const user = session.user;
  const accountId = session.account?.id;
  if (!user) throw new LoginRefused('Please sign in again.');
  await loggingOut;
  const { value } = await api.post(
    'FAMSlegacy/Authenticate',
    { Username: user.email || user.displayName, Password: password },
    (await schemas()).AuthenticateResponse,
    { quiet: true, anonymous: true },
  );
  storeIdentity(value);
  await rememberForOffline(user.email || user.displayName, password, value);
  const match =
    value.find((r) => r.account.accountId === accountId && !r.account.blocked) ??
    value.find((r) => !r.account.blocked && r.token);
  if (!match) throw new LoginRefused(MESSAGES.accountBlocked);
  pendingTokens.set(match.account.accountId, match);
  await selectAccount(match.account.accountId);
}

/**
 * Signing out in another tab clears the shared localStorage, and another user signing in there
 * replaces it; this tab's token would then go out with someone else's identity, so it signs out
 * too. (Opening the login in another tab no longer clears anything while this tab is live.)
 */
export function watchSignOutElsewhere(): void {
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== localStorage || (e.key !== null && e.key !== LOCAL_KEYS.userInfo)) return;
    const uid = (JSON.parse(e.newValue ?? 'null') as { uid?: number } | null)?.uid;
    const identityGone = e.key === null || uid === undefined || uid !== session.user?.uid;
    if (!identityGone || !(session.loggedIn || session.offline)) return;
    const to = currentHref();
    clearAllStorage();
    goTo(loginHref(to));
  });
}

/** The login page's "continue" while another tab is signed in: this tab joins that session. */
export async function continueOtherTabSession(): Promise<boolean> {
  return joinOtherTab();
}

/** Where to go once signed in: the wanted page, or home (drivers: their Quick dispense). */
export function afterLogin(outcome: LoginOutcome, to?: string): void {
  const target = safeTo(to);
  if (outcome.next === 'select')
    goTo(target ? `${SELECT_ACCOUNT_PATH}?to=${encodeURIComponent(target)}` : SELECT_ACCOUNT_PATH);
  else goTo(target ?? homePathFor(currentRoles()));
}
