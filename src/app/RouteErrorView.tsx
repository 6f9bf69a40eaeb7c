import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';

/** A page failed to load or render (loaded by `RouteErrorBoundary`, inside Chakra's provider: ADR 047). */
export default function RouteError({ error, reset }: ErrorComponentProps) {
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
