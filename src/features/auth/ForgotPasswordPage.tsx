import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import { TextField } from '@/app/ui/Fields';
import { Panel } from '@/app/ui/Panel';
import { ForgotPasswordBody, OkResponse } from '@/contract/auth';
import { api } from '@/lib/api';
import { useSubmit, useZodForm } from '@/lib/form';

/** The same answer whether or not the address is known, so it reveals no accounts. */
const SENT =
  'If an account uses this e-mail address, a link to reset the password is on its way. The link works once and expires in one hour.';

export function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordBody, { email: '' });
  const [sent, setSent] = useState(false);
  const { busy, message, submit } = useSubmit({
    check: form.validate,
    run: async () => {
      await api.post('auth/forgot-password', { email: form.values.email.trim() }, OkResponse, {
        quiet: true,
        anonymous: true,
      });
      setSent(true);
    },
    fieldErrors: form.setServerErrors,
  });

  return (
    <Panel title="Forgot your password?">
      {sent ? (
        <FormMessage message={{ tone: 'success', text: SENT }} />
      ) : (
        <>
          <Text>Enter the e-mail address of your user. We will send you a link to choose a new password.</Text>
          <FormMessage message={message} />
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
              <Button type="submit" loading={busy}>
                Send reset link
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Text fontSize="sm" textAlign="center">
        <ChakraLink asChild variant="underline">
          <Link to="/pages/login">Back to login</Link>
        </ChakraLink>
      </Text>
    </Panel>
  );
}
