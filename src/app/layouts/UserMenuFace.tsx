import { Box, Button, Text, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { LuChevronDown, LuCircleUser } from '@/app/ui/field-icons';
import { useSnapshot } from 'valtio';
import { session } from '@/lib/session';

/** The navbar's user button: who is signed in, in which account (the name and account show from md up). */
export function UserMenuFace(props: ButtonProps) {
  const snap = useSnapshot(session);
  return (
    <Button
      variant="ghost"
      color="white"
      _hover={{ bg: 'whiteAlpha.200' }}
      _expanded={{ bg: 'whiteAlpha.200' }}
      px="2"
      h="auto"
      py="1"
      minH={{ base: '12', md: 'auto' }}
      minW={{ base: '12', md: 'auto' }}
      {...props}
    >
      <LuCircleUser aria-hidden />
      <Box textAlign="start" hideBelow="md" lineHeight="short">
        <Text fontSize="sm" fontWeight="semibold">
          {snap.user?.displayName}
        </Text>
        <Text fontSize="xs">{snap.account?.name}</Text>
      </Box>
      <VisuallyHidden>User menu</VisuallyHidden>
      <LuChevronDown aria-hidden />
    </Button>
  );
}
