import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { FormMessage } from '@/app/ui/FormMessage';
import { PasswordField } from '@/app/ui/Fields';
import { Panel } from '@/app/ui/Panel';
import { OkResponse, password } from '@/contract/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/contract/constants';
import { api, ApiError } from '@/lib/api';
import { failureText, useSubmit, useZodForm } from '@/lib/form';

const ResetForm = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'The passwords do not match', path: ['confirm'] });

/** Read from the URL itself: a search parser could turn an all-digit token into a number. */
const tokenFromUrl = () => new URLSearchParams(window.location.search).get('token') ?? '';
/** An invitation (issue 14) opens the same page: the same one-time link, worded for a first password. */
const route = getRouteApi('/_blank/pages/reset-password');

export function ResetPasswordPage() {
  const [token] = useState(tokenFromUrl);
  const invite = route.useSearch().invite === '1';
  const title = invite ? 'Choose your password' : 'Choose a new password';
  const form = useZodForm(ResetForm, { password: '', confirm: '' });
  const [done, setDone] = useState(false);
  const { busy, message, submit } = useSubmit({
    check: form.validate,
    run: async () => {
      await api.post('auth/reset-password', { token, password: form.values.password }, OkResponse, {
        quiet: true,
        anonymous: true,
      });
      setDone(true);
    },
    fieldErrors: form.setServerErrors,
    // The token has no field: its refusal (used, expired) is the message.
    failure: (err) => {
      const tokenError = err instanceof ApiError ? err.fieldErrors.token?.[0] : undefined;
      return tokenError ? { tone: 'danger', text: tokenError } : failureText(err);
    },
  });

  const toLogin = (
    <ChakraLink asChild variant="underline">
      <Link to="/pages/login">Go to login</Link>
    </ChakraLink>
  );
  if (!token) {
    return (
      <Panel title={title}>
        <FormMessage message={{ tone: 'danger', text: 'The reset link is not valid. Ask for a new one.' }} />
        <ChakraLink asChild variant="underline">
          <Link to="/pages/forgot-password">Ask for a new link</Link>
        </ChakraLink>
      </Panel>
    );
  }
  if (done) {
    return (
      <Panel title={invite ? 'Password set' : 'Password changed'}>
        <FormMessage
          message={{
            tone: 'success',
            text: invite
              ? 'Your password is set. You can sign in with it now.'
              : 'Your password has been changed. You can sign in with it now.',
          }}
        />
        {toLogin}
      </Panel>
    );
  }
  return (
    <Panel title={title}>
      <Text>
        {invite ? 'Welcome to FAMS. ' : ''}Use {PASSWORD_MIN} to {PASSWORD_MAX} characters.
      </Text>
      <FormMessage message={message} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <PasswordField label="New password" autoComplete="new-password" {...form.field('password')} />
          <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirm')} />
          <Button type="submit" loading={busy}>
            {invite ? 'Set password' : 'Change password'}
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        {toLogin}
      </Text>
    </Panel>
  );
}
