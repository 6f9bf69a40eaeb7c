import { Box, Button, Text, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuChevronDown, LuCircleUser } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { session } from '@/lib/session';
import { useLoadOnUse } from '../ui/loadOnUse';

const loadPopup = () => import('./UserMenuPopup');
const UserMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.UserMenuPopup })));

/** The navbar's user button: who is signed in, in which account (the name and account show from md up). */
export function UserMenuFace(props: ButtonProps) {
  const snap = useSnapshot(session);
  return (
    <Button variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }} px="2" h="auto" py="1"
      minH={{ base: '12', md: 'auto' }} minW={{ base: '12', md: 'auto' }} {...props}>
      <LuCircleUser aria-hidden />
      <Box textAlign="start" hideBelow="md" lineHeight="short">
        <Text fontSize="sm" fontWeight="semibold">{snap.user?.displayName}</Text>
        <Text fontSize="xs">{snap.account?.name}</Text>
      </Box>
      <VisuallyHidden>User menu</VisuallyHidden>
      <LuChevronDown aria-hidden />
    </Button>
  );
}

/**
 * Who is signed in, and the ways out (switch account, lock, log out). The menu's code loads on
 * the first tap (from the service worker's cache: it is in the first precache); until then the
 * button is a plain one with the same name and look, so the field screens render without it.
 */
export function UserMenu() {
  const [used, start, warm] = useLoadOnUse(loadPopup);
  const face = <UserMenuFace aria-haspopup="menu" aria-expanded={false} onClick={start} onPointerDown={warm} onFocus={warm} />;
  if (!used) return face;
  return <Suspense fallback={face}><UserMenuPopup /></Suspense>;
}
