import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Panel } from '@/app/ui/Panel';
import { session } from '@/lib/session';
import { AccountList } from './AccountList';

const route = getRouteApi('/_blank/selectaccount');

/** `/selectaccount`: after a multi-account sign-in, outside the main layout. */
export function SelectAccountPage() {
  const { to } = route.useSearch();
  const { accounts } = useSnapshot(session);
  return (
    <Panel title="Select an account">
      <Text>
        {accounts.length > 1
          ? 'Your user has access to several accounts. Choose the one to work in.'
          : 'Choose the account to work in.'}
      </Text>
      <AccountList to={to} />
      <Text fontSize="sm" textAlign="center">
        <ChakraLink asChild variant="underline">
          <Link to="/pages/login">Sign in as another user</Link>
        </ChakraLink>
      </Text>
    </Panel>
  );
}

/** `/AccountSelect`: the same list inside the main layout (its title comes from the shell). */
export function AccountSelectScreen() {
  return (
    <Stack gap="4" maxW="xl">
      <Text>Choose the account to work in. Menus and data follow the chosen account.</Text>
      <AccountList />
    </Stack>
  );
}
