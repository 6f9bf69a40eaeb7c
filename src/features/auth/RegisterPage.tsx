import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import { TextField } from '@/app/ui/Fields';
import { Panel } from '@/app/ui/Panel';
import { JOIN_PATH, JoinInfo, OkResponse, RegisterBody } from '@/contract/auth';
import { api, ApiError } from '@/lib/api';
import { failureText, useSubmit, useZodForm } from '@/lib/form';
import { relative } from '@/lib/resource';

const RECEIVED =
  'Your request has been received. An administrator will approve it and you will get an e-mail when your user is ready.';

const route = getRouteApi('/_blank/pages/register');

/**
 * The account a sign-up link joins. A plain effect: the blank layout has no query client (the login path
 * stays light, ADR 047).
 */
function useJoinInfo(code: string | undefined) {
  const [state, setState] = useState<{ data?: JoinInfo; error?: Error }>({});
  useEffect(() => {
    if (!code) return;
    const abort = new AbortController();
    api
      .get(`${relative(JOIN_PATH)}/${encodeURIComponent(code)}`, JoinInfo, {
        signal: abort.signal,
        quiet: true,
        anonymous: true,
      })
      .then(
        (data) => setState({ data }),
        (e: unknown) => {
          if (!abort.signal.aborted) setState({ error: e instanceof Error ? e : new Error(String(e)) });
        },
      );
    return () => abort.abort();
  }, [code]);
  return state;
}

/**
 * Self sign-up request (SCREENS.md): an administrator approves it later. Opened from an account's sign-up
 * link (`?join=`), the request goes to that account's admins and the page says which account (ADR 060).
 */
export function RegisterPage() {
  const { join } = route.useSearch();
  const joining = useJoinInfo(join);
  const form = useZodForm(RegisterBody, { name: '', email: '', company: '', phone: '' });
  const [done, setDone] = useState(false);
  const { busy, message, submit } = useSubmit({
    check: form.validate,
    run: async () => {
      const { name, email, company, phone } = form.values;
      const body = {
        name: name.trim(),
        email: email.trim(),
        company: company.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(join ? { joinCode: join } : {}),
      };
      await api.post('auth/register', body, OkResponse, { quiet: true, anonymous: true });
      setDone(true);
    },
    fieldErrors: form.setServerErrors,
    // Field errors are said at their fields; only another failure gets a message.
    failure: (err) => (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0 ? null : failureText(err)),
  });

  const toLogin = (
    <ChakraLink asChild variant="underline">
      <Link to="/pages/login">Back to login</Link>
    </ChakraLink>
  );
  if (done) {
    return (
      <Panel title="Request received">
        <FormMessage message={{ tone: 'success', text: RECEIVED }} />
        {toLogin}
      </Panel>
    );
  }
  return (
    <Panel title="Request access to FAMS">
      {joining.data ? (
        <Text>
          You are asking for a user in <strong>{joining.data.accountName}</strong>. One of its administrators approves
          new users.
        </Text>
      ) : (
        <Text>Tell us who you are. An administrator of your company's account approves new users.</Text>
      )}
      {joining.error && <FormMessage message={{ tone: 'warning', text: joining.error.message }} />}
      <FormMessage message={message} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <TextField label="Name" autoComplete="name" {...form.field('name')} />
          <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
          <TextField label="Company" autoComplete="organization" {...form.field('company')} />
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
          <Button type="submit" loading={busy}>
            Send request
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        Already have a user? {toLogin}
      </Text>
    </Panel>
  );
}
