import { Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import { FormMessage } from '@/app/ui/FormMessage';
import { Panel } from '@/app/ui/Panel';

const route = getRouteApi('/_blank/callback');

/** Return from an identity provider: an `error` code is shown in an alert, else go home. */
export function CallbackPage() {
  const { error, error_description: detail } = route.useSearch();
  if (!error) {
    return (
      <Stack align="center" py="10">
        <Spinner aria-label="Signing in" />
        <Navigate to="/" replace />
      </Stack>
    );
  }
  return (
    <Panel title="Sign-in did not complete">
      <FormMessage message={{ tone: 'danger', text: `Sign-in failed: ${error}` }} />
      {detail && <Text>{detail}</Text>}
      <ChakraLink asChild variant="underline">
        <Link to="/pages/login">Back to login</Link>
      </ChakraLink>
    </Panel>
  );
}
