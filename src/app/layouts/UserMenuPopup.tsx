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
 *
 * Each item acts on its own click, not through the menu's `onSelect`: zag selects the item it has
 * highlighted, which a pointer or the arrow keys set. A click that comes without them (a screen
 * reader's activation, a tap whose highlight was cleared) closed the menu and did nothing, so
 * "Log out" could be tapped in vain. Enter on a highlighted item clicks it, so keys still work.
 */
export function UserMenuPopup() {
  const snap = useSnapshot(session);
  const usable = snap.accounts.filter((a) => !a.blocked).length;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
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
            {usable > 1 && (
              <Menu.Item value="switch" onClick={() => goTo(SELECT_ACCOUNT_PATH)}>
                Switch account
              </Menu.Item>
            )}
            <Menu.Item value="lock" onClick={() => lock()}>
              Lock screen
            </Menu.Item>
            {/* Warns first when records are not sent yet. */}
            <Menu.Item value="logout" onClick={() => void requestLogout()}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
