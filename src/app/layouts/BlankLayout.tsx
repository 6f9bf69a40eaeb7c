import { Box, Flex } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { Brand } from '../Brand';
import { OfflineReadiness } from '../OfflineReadiness';

/** Layout without menu (docs/product-rules.md §2 "Blank layout"): sign-in, account choice and status pages. */
export function BlankLayout() {
  return (
    <Flex minH="100dvh" direction="column" align="center" bg="bg.canvas" px="4" py={{ base: 6, md: 12 }}>
      <Box as="header" mb="6">
        <Brand />
      </Box>
      <Box as="main" w="full" maxW="md">
        <Outlet />
        <OfflineReadiness mt="4" />
      </Box>
    </Flex>
  );
}
