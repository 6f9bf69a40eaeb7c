import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { homePathFor } from '@/contract/screens';
import { goTo, safeTo } from '@/lib/navigation';
import { currentRoles, session } from '@/lib/session';
import { selectAccount } from './service';

/**
 * The user's accounts (from local storage, docs/product-rules.md §3). Blocked accounts are listed and marked but
 * cannot be chosen. Choosing one scopes the session to it, reloads permissions and goes on.
 */
export function AccountList({ to }: { to?: string }) {
  const snap = useSnapshot(session);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const choose = async (accountId: number) => {
    setBusyId(accountId);
    setMessage(null);
    try {
      await selectAccount(accountId);
      goTo(safeTo(to) ?? homePathFor(currentRoles()));
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
      setBusyId(null);
    }
  };

  if (snap.accounts.length === 0) return <Text>No accounts are available for this user.</Text>;
  return (
    <Stack gap="3">
      <FormMessage message={message} />
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Accounts">
        {snap.accounts.map((a) => {
          const current = snap.loggedIn && snap.account?.id === a.accountId;
          return (
            <Box as="li" key={a.accountId}>
              <Button
                w="full"
                h="auto"
                py="3"
                justifyContent="space-between"
                variant={current ? 'subtle' : 'outline'}
                disabled={a.blocked || busyId !== null}
                loading={busyId === a.accountId}
                onClick={() => void choose(a.accountId)}
              >
                <Stack gap="0" align="start" textAlign="start">
                  <Text fontWeight="semibold">{a.accountName}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {a.accountType}
                  </Text>
                </Stack>
                <HStack>
                  {current && <Badge colorPalette="blue">Current</Badge>}
                  {a.blocked && (
                    <Badge colorPalette="red" variant="solid">
                      Blocked
                    </Badge>
                  )}
                </HStack>
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
