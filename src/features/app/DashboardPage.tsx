import { Alert, Box, Card, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useAllowedScreens } from '@/app/access';
import type { ScreenPath } from '@/app/guard';
import { HOME_PATH } from '@/contract/screens';
import { session } from '@/lib/session';

/**
 * Home: the account's message, who is signed in where, the KPI cards (`cards`, composed by the
 * route from the dashboard area) and links to what this user may open.
 */
export function DashboardPage({ cards }: { cards?: ReactNode }) {
  const snap = useSnapshot(session);
  const links = useAllowedScreens().filter((s) => s.path !== HOME_PATH && s.menu);
  return (
    <Stack gap="6">
      {snap.homeScreenMessage && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Message from {snap.account?.name ?? 'your account'}</Alert.Title>
            <Alert.Description>{snap.homeScreenMessage}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body>
          <Stack gap="1">
            <Text>
              Welcome, <Text as="strong">{snap.user?.displayName}</Text>
            </Text>
            <Text color="fg.muted">
              Account:{' '}
              <Text as="strong" color="fg">
                {snap.account?.name}
              </Text>
              {snap.account?.type ? ` (${snap.account.type})` : ''}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      {cards}
      <Box as="section" aria-labelledby="quick-links">
        <Heading as="h2" id="quick-links" size="md" mb="3">
          Quick links
        </Heading>
        {links.length === 0 ? (
          <Text>No other screens are open to your role in this account.</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="3">
            {links.map((s) => (
              // The card is clickable as a whole, but the link is named by the screen's title only.
              <Box
                as="li"
                key={s.path}
                position="relative"
                bg="bg"
                borderWidth="1px"
                borderRadius="md"
                px="4"
                py="3"
                _hover={{ borderColor: 'orange.solid' }}
              >
                <ChakraLink asChild fontWeight="semibold" _after={{ content: '""', position: 'absolute', inset: '0' }}>
                  <Link to={s.path as ScreenPath}>{s.title}</Link>
                </ChakraLink>
                <Text fontSize="sm" color="fg.muted">
                  {s.group}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Stack>
  );
}
