import { Box, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuX } from 'react-icons/lu';
import { SearchSelect } from '@/app/ui/form/SearchSelect';
import { searchAccounts } from '@/lib/accounts';

export interface PickedAccount {
  id: number;
  name: string;
}

/**
 * The other accounts a custom report is published to (ADR 064): type to search the accounts (the
 * `/accounts` list, ThebigBoss's), pick one to add it; each chosen one is listed with a remove button.
 * The report's own account is not offered (there it is published to the roles anyway).
 */
export function AccountsPicker({
  value,
  onChange,
  ownAccount,
  error,
}: {
  value: PickedAccount[];
  onChange: (v: PickedAccount[]) => void;
  ownAccount?: number;
  error?: string;
}) {
  // A new key after each pick empties the search box for the next one.
  const [round, setRound] = useState(0);
  const chosen = new Set(value.map((a) => a.id));
  return (
    <Stack gap="2">
      <Box maxW={{ base: 'full', sm: '96' }}>
        <SearchSelect
          key={round}
          label="Also publish to accounts"
          value=""
          selectedLabel=""
          placeholder="Type an account's name"
          helper="Its users with the roles above run it over their own account's records."
          error={error}
          queryKey={['reports', 'publish-accounts', [...chosen].join(',')]}
          search={async (q, signal) =>
            (await searchAccounts(q, signal)).filter((a) => a.id !== ownAccount && !chosen.has(a.id))
          }
          onChange={(id, label) => {
            if (!id || chosen.has(Number(id))) return;
            onChange([...value, { id: Number(id), name: label.replace(/ \(blocked\)$/, '') }]);
            setRound((r) => r + 1);
          }}
        />
      </Box>
      {value.length > 0 && (
        <Flex as="ul" aria-label="Accounts it is published to" gap="2" wrap="wrap" listStyleType="none">
          {value.map((a) => (
            <Flex
              as="li"
              key={a.id}
              align="center"
              gap="1"
              borderWidth="1px"
              borderRadius="full"
              ps="3"
              pe="1"
              py="0.5"
              bg="bg.subtle"
            >
              <Text fontSize="sm">{a.name}</Text>
              <IconButton
                size="2xs"
                variant="ghost"
                borderRadius="full"
                aria-label={`Remove ${a.name}`}
                onClick={() => onChange(value.filter((x) => x.id !== a.id))}
              >
                <LuX aria-hidden />
              </IconButton>
            </Flex>
          ))}
        </Flex>
      )}
    </Stack>
  );
}
