import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { PlainButton } from '@/app/plain/PlainButton';
import { PlainPasswordField, PlainTextField } from '@/app/plain/PlainFields';
import { PlainMessage } from '@/app/plain/PlainMessage';
import { PlainPanel } from '@/app/plain/PlainPanel';
import css from '@/app/plain/plain.module.css';
import type { FormMessageValue } from '@/app/ui/formMessageValue';
import { MESSAGES } from '@/contract/error-codes';
import { SignInForm } from '@/contract/sign-in';
import { ApiError } from '@/lib/api';
import { LEAVING, useSubmit, useZodForm } from '@/lib/form';
import { OfflineUnlockError } from '@/lib/offline/unlockError';
import { useSnapshot } from 'valtio';
import { session } from '@/lib/session';
import {
  afterLogin,
  continueOtherTabSession,
  leaveSessionForLogin,
  login,
  loginOffline,
  LoginRefused,
  wasSignedInOnOpen,
} from './service';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** No answer at all (network down, server unreachable): the case for offline unlock. */
const noAnswer = (e: unknown) => e instanceof ApiError && e.status === 0;
const route = getRouteApi('/_blank/pages/login');

function messageFor(e: unknown): FormMessageValue {
  if (e instanceof LoginRefused) return { tone: 'danger', text: e.message };
  if (e instanceof OfflineUnlockError) return { tone: 'danger', text: e.message };
  if (e instanceof ApiError && e.status === 401) return { tone: 'danger', text: MESSAGES.wrongCredentials };
  if (e instanceof ApiError && e.status === 429) return { tone: 'danger', text: e.message || MESSAGES.tooManyAttempts };
  if (e instanceof ApiError) return { tone: e.status === 0 ? 'danger' : 'warning', text: e.message };
  return { tone: 'danger', text: e instanceof Error ? e.message : String(e) };
}

/** Spec §2/§5/§8 login: both fields required, on-blur validation, Enter submits. */
export function LoginPage() {
  const { to } = route.useSearch();
  // Read before the storage is cleared: a user who was signed in is told so (docs/product-rules.md §8).
  const [wasSignedIn] = useState(wasSignedInOnOpen);
  const [joining, setJoining] = useState(false);
  const [otherTabLive, setOtherTabLive] = useState(false);
  const { user } = useSnapshot(session);
  const form = useZodForm(SignInForm, { Username: '', Password: '' });
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { Username, Password } = form.values;
  const filled = Username.trim() !== '' && Password !== '';

  const signIn = useSubmit({
    initialMessage: wasSignedIn ? { tone: 'warning', text: MESSAGES.alreadyLoggedIn } : null,
    check: () => filled && form.validate(),
    run: async () => {
      try {
        afterLogin(await login(Username.trim(), Password), to);
      } catch (first) {
        // No network: a user who signed in on this device before unlocks with the same password
        // and goes on recording; the records are sent once an online session exists again.
        if (!noAnswer(first)) throw first;
        afterLogin(await loginOffline(Username.trim(), Password), to);
      }
      return LEAVING;
    },
    fieldErrors: form.setServerErrors,
    failure: messageFor,
  });
  const { message, submit } = signIn;
  const busy = signIn.busy || joining;

  useEffect(() => {
    // Spec §2: opening the login clears the storage and revokes the cookie — unless another tab
    // is signed in, which keeps its session (ADR 018); this tab may then join it.
    let live = true;
    void leaveSessionForLogin().then((r) => {
      if (live) setOtherTabLive(r === 'others-live');
    });
    return () => {
      live = false;
    };
  }, []);

  const continueHere = async () => {
    setJoining(true);
    if (await continueOtherTabSession()) afterLogin({ next: 'done' }, to);
    else {
      setOtherTabLive(false);
      setJoining(false);
    }
  };

  // Static CSS, no Chakra (ADR 047): the login page is the first thing every device loads.
  return (
    <PlainPanel title="Sign in to FAMS">
      {!online && !message && (
        <PlainMessage
          message={{
            tone: 'info',
            text: 'You are offline. If you have signed in on this device before, sign in with your usual password to keep recording.',
          }}
        />
      )}
      <PlainMessage message={message} />
      {otherTabLive && user && (
        <div className={css.group} role="group" aria-label="Signed in in another tab">
          <p className={css.small}>{user.displayName} is signed in on this device in another tab.</p>
          <PlainButton variant="outline" onClick={() => void continueHere()} disabled={busy}>
            Continue as {user.displayName}
          </PlainButton>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <div className={css.stack}>
          <PlainTextField label="E-mail or username" autoComplete="username" autoFocus {...form.field('Username')} />
          <PlainPasswordField label="Password" autoComplete="current-password" {...form.field('Password')} />
          <div className={css.end}>
            <Link to="/pages/forgot-password" className={css.link}>
              Forgot password?
            </Link>
          </div>
          <PlainButton type="submit" disabled={!filled || busy} loading={busy} loadingText="Signing in">
            Login
          </PlainButton>
        </div>
      </form>
      <p className={`${css.small} ${css.center}`}>
        No account yet?{' '}
        <Link to="/pages/register" className={css.link}>
          Request access
        </Link>
      </p>
    </PlainPanel>
  );
}
