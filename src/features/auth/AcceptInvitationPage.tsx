import { Button, Link as ChakraLink, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { Panel } from '@/app/ui/Panel';
import { AdminOk } from '@/contract/admin';
import { INVITATION_PATH, InvitationView, rolesInWords } from '@/contract/invitations';
import { api, ApiError } from '@/lib/api';
import { relative } from '@/lib/resource';

/** Read from the URL itself: a search parser could turn an all-digit token into a number. */
const tokenFromUrl = () => new URLSearchParams(window.location.search).get('token') ?? '';
const anonymous = { quiet: true, anonymous: true } as const;
const path = relative(INVITATION_PATH);
const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** A refusal's own words (withdrawn, expired, answered already), else what went wrong. */
const refusal = (e: unknown): FormMessageValue => ({
  tone: 'danger',
  text: e instanceof ApiError ? (e.fieldErrors.token?.[0] ?? e.message) : String(e),
});

type State =
  | { kind: 'loading' }
  | { kind: 'open'; view: InvitationView }
  | { kind: 'refused'; message: FormMessageValue }
  | { kind: 'answered'; accepted: boolean; message: string };

/**
 * `/pages/accept-invitation?token=…` (ADR 073): someone who signs in to FAMS already is invited into
 * another account. The page says which account and with which roles; Accept makes them a member,
 * Decline ends the invitation. Nothing changes for them until they answer; the link answers once.
 */
export function AcceptInvitationPage() {
  const [token] = useState(tokenFromUrl);
  const [state, setState] = useState<State>(() =>
    token
      ? { kind: 'loading' }
      : { kind: 'refused', message: { tone: 'danger', text: 'This invitation link is not complete.' } },
  );
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<FormMessageValue | null>(null);

  // A plain effect: the blank layout has no query client (ADR 047).
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    api.post(path, { token }, InvitationView, { ...anonymous, signal: abort.signal }).then(
      (view) => setState({ kind: 'open', view }),
      (e: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'refused', message: refusal(e) });
      },
    );
    return () => abort.abort();
  }, [token]);

  const answer = async (how: 'accept' | 'decline') => {
    setBusy(how);
    setFailure(null);
    try {
      const r = await api.post(`${path}/${how}`, { token }, AdminOk, anonymous);
      setState({ kind: 'answered', accepted: how === 'accept', message: r.message });
    } catch (e) {
      // Refused meanwhile (withdrawn, expired): the invitation is over, say why; else let them try again.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500)
        setState({ kind: 'refused', message: refusal(e) });
      else setFailure(refusal(e));
    } finally {
      setBusy(null);
    }
  };

  const toLogin = (label: string) => (
    <ChakraLink asChild variant="underline">
      <Link to="/pages/login">{label}</Link>
    </ChakraLink>
  );

  if (state.kind === 'loading')
    return (
      <Panel title="Invitation">
        <Stack gap="3" aria-busy="true" aria-label="Reading the invitation">
          <Skeleton height="5" />
          <Skeleton height="5" width="70%" />
          <Skeleton height="10" width="50%" />
        </Stack>
      </Panel>
    );
  if (state.kind === 'refused')
    return (
      <Panel title="Invitation">
        <FormMessage message={state.message} />
        <Text fontSize="sm">{toLogin('Go to login')}</Text>
      </Panel>
    );
  if (state.kind === 'answered')
    return (
      <Panel title={state.accepted ? 'Invitation accepted' : 'Invitation declined'}>
        <FormMessage message={{ tone: state.accepted ? 'success' : 'info', text: state.message }} />
        <Text fontSize="sm">{toLogin(state.accepted ? 'Sign in' : 'Go to login')}</Text>
      </Panel>
    );
  const { view } = state;
  return (
    <Panel title={`Invitation to ${view.accountName}`}>
      <Text fontSize="lg">
        <strong>{view.accountName}</strong> invites you to FAMS as {rolesInWords(view.roles)}.
      </Text>
      <Text color="fg.muted">
        Sent to {view.email}. Accept to open {view.accountName} with your usual sign-in; nothing changes until you do.
        The link works until {until.format(new Date(view.expiresAt))}.
      </Text>
      <FormMessage message={failure} />
      <Flex gap="3" wrap="wrap">
        <Button loading={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')}>
          Accept
        </Button>
        <Button
          variant="outline"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void answer('decline')}
        >
          Decline
        </Button>
      </Flex>
    </Panel>
  );
}
