import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { usersApi } from './client';
import { useRowAction } from './useRowAction';

/** Roles an approved applicant starts with; the admin adjusts them on the list after. */
const START_ROLES = ['user', 'FAMS'];

/**
 * Self-service requests from `/pages/register` waiting for this admin (ADR 060): those sent through the
 * account's sign-up link, and for ThebigBoss also those that name no account. Approving invites the
 * applicant into the current account; rejecting closes the request.
 */
export function Registrations({ bigBoss }: { bigBoss: boolean }) {
  const q = useQuery({ queryKey: ['admin', 'registrations'], queryFn: ({ signal }) => usersApi.registrations(signal) });
  const { busy, run: decide } = useRowAction();
  if (q.error) return <LoadError what="The requests" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data?.length) return null;
  return (
    <Box mb="4">
      <Section title="Requests waiting for approval">
        <Stack gap="2">
          {q.data.map((r) => (
            <Flex key={r.id} gap="3" align="center" wrap="wrap">
              <Text flex="1" minW="48">
                {r.name} · {r.email} · {r.company}
                {r.phone ? ` · ${r.phone}` : ''}
              </Text>
              {bigBoss && (
                <Badge colorPalette={r.viaSignupLink ? 'blue' : 'gray'}>
                  {r.viaSignupLink ? 'Through this account’s link' : 'Names no account'}
                </Badge>
              )}
              <Button
                size="xs"
                loading={busy === r.id}
                onClick={() => void decide(r.id, () => usersApi.approve(r.id, START_ROLES))}
              >
                Approve into this account
              </Button>
              <Button
                size="xs"
                variant="outline"
                disabled={busy === r.id}
                onClick={() => void decide(r.id, () => usersApi.reject(r.id))}
              >
                Reject
              </Button>
            </Flex>
          ))}
        </Stack>
      </Section>
    </Box>
  );
}
