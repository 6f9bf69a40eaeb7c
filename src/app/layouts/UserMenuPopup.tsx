import { Menu, Portal, Text } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { SELECT_ACCOUNT_PATH } from '@/contract/screens';
import { requestLogout } from '@/features/auth/LogoutWarning';
import { lock } from '@/features/auth/service';
import { goTo } from '@/lib/navigation';
import { session } from '@/lib/session';
import { UserMenuFace } from './UserMenuFace';

/**
 * The user menu itself (zag's menu, floating-ui): loaded with the first tap on the navbar's user
 * button (`UserMenu`), and open from its first render since that tap asked for it (ADR 017).
 */
export function UserMenuPopup() {
  const snap = useSnapshot(session);
  const usable = snap.accounts.filter((a) => !a.blocked).length;
  const onSelect = ({ value }: { value: string }) => {
    if (value === 'switch') goTo(SELECT_ACCOUNT_PATH);
    if (value === 'lock') lock();
    if (value === 'logout') void requestLogout(); // warns when records are not sent yet
  };
  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <UserMenuFace />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text>{snap.user?.displayName}</Text>
                <Text fontWeight="normal" color="fg.muted">
                  Account: {snap.account?.name ?? 'none'}
                </Text>
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
