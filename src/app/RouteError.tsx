import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, reloadOnce } from '@/lib/chunkReload';

/** A page failed to load or render. Missing chunks (a new deploy) reload the page once. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  if (isChunkLoadError(error) && reloadOnce()) return null;
  console.error(error);
  return (
    <Center minH="60dvh" px="4">
      <Stack gap="4" maxW="md" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          This page could not be shown
        </Heading>
        <Text>{error instanceof Error ? error.message : 'An unexpected error occurred.'}</Text>
        <Stack direction="row" justify="center">
          <Button onClick={reset}>Try again</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            Go home
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}

/** Unknown paths (and `notFound()` thrown by a route) end on the 404 page (docs/product-rules.md §2). */
export function NotFoundRedirect() {
  return <Navigate to="/pages/error-404" replace />;
}
