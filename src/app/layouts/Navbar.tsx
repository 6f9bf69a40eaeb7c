import { Box, Flex, IconButton, Spacer } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LuMenu } from '@/app/ui/field-icons';
import { LogoutWarning } from '@/features/auth/LogoutWarning';
import { renewOfflineSession } from '@/features/auth/service';
import { SyncStatusButton } from '@/features/device/SyncStatusButton';
import { startOfflineSync } from '@/lib/offline/runner';
import { Brand } from '../Brand';
import { UserMenu } from './UserMenu';

/** Below md, the header's buttons are at least 48 × 48 px (a touch target for gloved hands). */
const PHONE_TARGET = {
  '& > button': { minHeight: { base: '12', md: 'auto' }, minWidth: { base: '12', md: 'auto' } },
} as const;

/** The blue top bar: menu button on small screens, sync status (online/offline, queue), user menu. */
export function Navbar({ onOpenMenu, onWarmMenu }: { onOpenMenu: () => void; onWarmMenu?: () => void }) {
  // The outbox sync runs while the signed-in shell is shown; an offline session is renewed
  // (refresh cookie, permissions) by the auth flow once the network is back.
  useEffect(() => startOfflineSync({ renewSession: renewOfflineSession }), []);
  return (
    <Flex
      as="header"
      bg="navbar"
      color="white"
      h="14"
      px={{ base: 2, md: 4 }}
      align="center"
      gap="2"
      position="sticky"
      top="0"
      zIndex="sticky"
      boxShadow="sm"
    >
      <IconButton
        hideFrom="lg"
        size={{ base: 'xl', md: 'md' }}
        variant="ghost"
        color="white"
        _hover={{ bg: 'whiteAlpha.200' }}
        aria-label="Open menu"
        onClick={onOpenMenu}
        onPointerDown={onWarmMenu}
        onFocus={onWarmMenu}
      >
        <LuMenu aria-hidden />
      </IconButton>
      <Box hideFrom="lg">
        <Link to="/" aria-label="FAMS home">
          <Brand color="white" size={7} />
        </Link>
      </Box>
      <Spacer />
      {/* On a phone every header button takes a gloved finger: at least 48 px (issue 9). */}
      <Box display="contents" css={PHONE_TARGET}>
        <SyncStatusButton />
      </Box>
      <UserMenu />
      <LogoutWarning />
    </Flex>
  );
}
