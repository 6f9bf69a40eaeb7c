import { Card, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useCurrentScreen } from '@/app/access';

/** The one page of every screen that a later version builds (SCREENS `ready` not set). */
export function NotReadyPage() {
  const screen = useCurrentScreen();
  const name = screen?.title ?? 'This screen';
  return (
    <Card.Root maxW="2xl">
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="lg" fontWeight="semibold">
            {name} is not available yet in this version of FAMS.
          </Text>
          <Text>
            It arrives with a later release. Your access to it is already set up, and the rest of FAMS works as usual.
          </Text>
          <ChakraLink asChild variant="underline" w="fit-content">
            <Link to="/">Back to the dashboard</Link>
          </ChakraLink>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
