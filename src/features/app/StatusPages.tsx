import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Panel } from '@/app/ui/Panel';

function StatusPage({
  title,
  children,
  showLogin = false,
}: {
  title: string;
  children: ReactNode;
  showLogin?: boolean;
}) {
  return (
    <Panel title={title}>
      {children}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild>
          <Link to="/">Go to the dashboard</Link>
        </Button>
        {showLogin && (
          <Button asChild variant="outline">
            <Link to="/pages/login">Sign in as another user</Link>
          </Button>
        )}
      </Stack>
    </Panel>
  );
}

export function NotAuthorizedPage() {
  return (
    <StatusPage title="Not authorized" showLogin>
      <Text>
        Your role in this account does not allow you to open that page. Ask an administrator of the account if you need
        it.
      </Text>
    </StatusPage>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage title="Page not found">
      <Text>There is no page at this address. Check the link, or start again from the dashboard.</Text>
    </StatusPage>
  );
}

export function ServerErrorPage() {
  return (
    <StatusPage title="Something went wrong">
      <Text>
        FAMS could not complete your request. Try again in a moment; if it keeps happening, tell your administrator.
      </Text>
    </StatusPage>
  );
}

export function MaintenancePage() {
  return (
    <StatusPage title="Under maintenance">
      <Text>FAMS is being updated. Records you capture on this device are kept and sent once the service is back.</Text>
    </StatusPage>
  );
}

export function ComingSoonPage() {
  return (
    <StatusPage title="Not available yet">
      <Text>This part of FAMS is being prepared and will be available in a later version.</Text>
    </StatusPage>
  );
}
