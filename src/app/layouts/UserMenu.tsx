import { Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronDown, LuCircleUser } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { SELECT_ACCOUNT_PATH } from '@/contract/screens';
import { requestLogout } from '@/features/auth/LogoutWarning';
import { lock } from '@/features/auth/service';
import { goTo } from '@/lib/navigation';
import { session } from '@/lib/session';

/** Who is signed in, in which account, and the ways out (switch account, lock, log out). */
export function UserMenu() {
  const snap = useSnapshot(session);
  const usable = snap.accounts.filter((a) => !a.blocked).length;
  const onSelect = ({ value }: { value: string }) => {
    if (value === 'switch') goTo(SELECT_ACCOUNT_PATH);
    if (value === 'lock') lock();
    if (value === 'logout') void requestLogout(); // warns when records are not sent yet
  };
  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }} px="2" h="auto" py="1"
          minH={{ base: '12', md: 'auto' }} minW={{ base: '12', md: 'auto' }}>
          <LuCircleUser aria-hidden />
          <Box textAlign="start" hideBelow="md" lineHeight="short">
            <Text fontSize="sm" fontWeight="semibold">{snap.user?.displayName}</Text>
            <Text fontSize="xs">{snap.account?.name}</Text>
          </Box>
          <VisuallyHidden>User menu</VisuallyHidden>
          <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text>{snap.user?.displayName}</Text>
                <Text fontWeight="normal" color="fg.muted">Account: {snap.account?.name ?? 'none'}</Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {usable > 1 && <Menu.Item value="switch">Switch account</Menu.Item>}
            <Menu.Item value="lock">Lock screen</Menu.Item>
            <Menu.Item value="logout">Log out</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
