import { Badge, Box, Flex, IconButton, Spacer } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { LuMenu } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { session } from '@/lib/session';
import { Brand } from '../Brand';
import { UserMenu } from './UserMenu';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** The blue top bar: menu button on small screens, offline badge, user menu. */
export function Navbar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { offline } = useSnapshot(session);
  return (
    <Flex as="header" bg="navbar" color="white" h="14" px={{ base: 2, md: 4 }} align="center" gap="2" position="sticky" top="0" zIndex="sticky" boxShadow="sm">
      <IconButton hideFrom="lg" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} aria-label="Open menu" onClick={onOpenMenu}>
        <LuMenu aria-hidden />
      </IconButton>
      <Box hideFrom="lg">
        <Link to="/" aria-label="FAMS home"><Brand color="white" size={7} /></Link>
      </Box>
      <Spacer />
      {(!online || offline) && <Badge colorPalette="yellow" variant="solid">Offline</Badge>}
      <UserMenu />
    </Flex>
  );
}
