import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { FormMessage } from '@/app/ui/FormMessage';
import { PasswordField } from '@/app/ui/Fields';
import { Panel } from '@/app/ui/Panel';
import { password } from '@/contract/auth';
import { MESSAGES } from '@/contract/errors';
import { homePathFor } from '@/contract/screens';
import { ApiError } from '@/lib/api';
import { failureText, LEAVING, useSubmit, useZodForm } from '@/lib/form';
import { goTo } from '@/lib/navigation';
import { currentRoles, session } from '@/lib/session';
import { unlock } from './service';

const UnlockForm = z.object({ password });

/** Re-enter the password of the stored user; the account in use is selected again. */
export function LockScreenPage() {
  const snap = useSnapshot(session);
  const form = useZodForm(UnlockForm, { password: '' });
  const { busy, message, submit } = useSubmit({
    check: form.validate,
    run: async () => {
      await unlock(form.values.password);
      goTo(homePathFor(currentRoles()));
      return LEAVING;
    },
    failure: (err) =>
      err instanceof ApiError && err.status === 401
        ? { tone: 'danger', text: MESSAGES.wrongCredentials }
        : failureText(err),
  });
  const other = (
    <ChakraLink asChild variant="underline">
      <Link to="/pages/login">Sign in as another user</Link>
    </ChakraLink>
  );

  if (!snap.user) {
    return (
      <Panel title="Screen locked">
        <Text>No user is signed in on this device.</Text>
        <ChakraLink asChild variant="underline">
          <Link to="/pages/login">Go to login</Link>
        </ChakraLink>
      </Panel>
    );
  }

  return (
    <Panel title="Screen locked">
      <Stack gap="0">
        <Text fontWeight="semibold">{snap.user.displayName}</Text>
        <Text fontSize="sm" color="fg.muted">
          {snap.user.email}
          {snap.account ? ` · ${snap.account.name}` : ''}
        </Text>
      </Stack>
      <FormMessage message={message} />
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <PasswordField label="Password" autoComplete="current-password" autoFocus {...form.field('password')} />
          <Button type="submit" loading={busy} disabled={form.values.password === ''}>
            Unlock
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" textAlign="center">
        {other}
      </Text>
    </Panel>
  );
}
