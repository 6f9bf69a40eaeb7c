import { Button, Code, Flex, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuCheck, LuCopy, LuLink, LuLink2Off } from 'react-icons/lu';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import { LoadError } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { notify } from '@/lib/notify';
import { signupLinkApi } from './client';

const KEY = ['admin', 'signup-link'] as const;

/** The address a colleague opens to ask for a user in this account. */
const linkOf = (code: string) => `${window.location.origin}/pages/register?join=${encodeURIComponent(code)}`;

/**
 * `/User`: the account's sign-up link (ADR 060). Whoever opens it can ask for a user in this account; the
 * request waits above the list for an admin. A new link ends the old one at once.
 */
export function SignupLinkSection() {
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => signupLinkApi.get(signal) });
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'renew' | 'off' | null>(null);
  const [copied, setCopied] = useState(false);

  const change = async (p: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await p();
      setCopied(false);
      notify({ tone: 'success', message });
      await q.refetch();
    } catch (e) {
      notify({ tone: 'danger', title: 'Not done', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify({ tone: 'warning', message: 'The browser did not allow copying: select the link and copy it.' });
    }
  };

  if (q.error) return <LoadError what="The sign-up link" message={q.error.message} onRetry={() => void q.refetch()} />;
  const code = q.data?.code ?? null;
  return (
    <Section title="Sign-up link">
      {code ? (
        <>
          <Text fontSize="sm">
            Send this link to colleagues who need a user here. Their requests wait below for your approval.
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Code data-testid="signup-link" fontSize="sm" p="2" wordBreak="break-all" flex="1" minW="0">
              {linkOf(code)}
            </Code>
            <Button size="sm" variant="outline" onClick={() => void copy(linkOf(code))}>
              {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />} {copied ? 'Copied' : 'Copy link'}
            </Button>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirm('renew')}>
              <LuLink aria-hidden /> New link
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirm('off')}>
              <LuLink2Off aria-hidden /> Turn off
            </Button>
          </Flex>
        </>
      ) : (
        <Flex gap="3" align="center" wrap="wrap">
          <Text fontSize="sm" flex="1" minW="48">
            {q.isPending
              ? 'Loading…'
              : 'No sign-up link. With one, colleagues can ask for a user in this account and you approve them here.'}
          </Text>
          <Button
            size="sm"
            variant="outline"
            loading={busy}
            disabled={q.isPending}
            onClick={() => void change(signupLinkApi.renew, 'Sign-up link created.')}
          >
            <LuLink aria-hidden /> Create a sign-up link
          </Button>
        </Flex>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'off' ? 'Turn off the sign-up link?' : 'Make a new sign-up link?'}
        confirmLabel={confirm === 'off' ? 'Turn off' : 'New link'}
        danger={confirm === 'off'}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          void (confirm === 'off'
            ? change(signupLinkApi.turnOff, 'Sign-up link turned off.')
            : change(signupLinkApi.renew, 'New sign-up link made; the old one no longer works.'))
        }
      >
        {confirm === 'off'
          ? 'The link stops working at once. Requests already sent still wait for you.'
          : 'The current link stops working at once; send the new one to those who still need it.'}
      </ConfirmDialog>
    </Section>
  );
}
