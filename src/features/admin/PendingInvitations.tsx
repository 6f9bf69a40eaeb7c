import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { INVITATION_EXPIRED, INVITATION_WAITING, rolesInWords } from '@/contract/invitations';
import { usersApi } from './client';
import { useRowAction } from './useRowAction';

/**
 * The account's open invitations on `/User` (ADR 073): whoever was invited — someone new or someone
 * who signs in to FAMS already — shows alike, with the name, e-mail and username the admin typed,
 * until they answer. Withdrawing one makes its link refuse.
 */
export function PendingInvitations() {
  const q = useQuery({ queryKey: ['admin', 'invitations'], queryFn: ({ signal }) => usersApi.invitations(signal) });
  const { busy, run } = useRowAction();
  if (q.error) return <LoadError what="The invitations" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data?.length) return null;
  return (
    <Box mb="4">
      <Section title="Invitations waiting for an answer">
        <Stack gap="3" as="ul" listStyleType="none" aria-label="Invitations">
          {q.data.map((i) => (
            <Flex as="li" key={i.id} gap="3" align="center" wrap="wrap">
              <Box flex="1" minW="56">
                <Text fontWeight="medium">
                  {i.displayName} · {i.email}
                  {i.username !== i.email ? ` · ${i.username}` : ''}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  As {rolesInWords(i.roles)}
                </Text>
              </Box>
              <Badge colorPalette={i.expired ? 'orange' : 'blue'}>
                {i.expired ? INVITATION_EXPIRED : INVITATION_WAITING}
              </Badge>
              <Button
                size="xs"
                variant="outline"
                loading={busy === i.id}
                aria-label={`Withdraw the invitation to ${i.email}`}
                onClick={() => void run(i.id, () => usersApi.withdrawInvitation(i.id))}
              >
                Withdraw
              </Button>
            </Flex>
          ))}
        </Stack>
      </Section>
    </Box>
  );
}
