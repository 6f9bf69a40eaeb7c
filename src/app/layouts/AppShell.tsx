import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useCurrentScreen } from '../access';
import { loadQueryShell } from '../queryShell';
import { Brand } from '../Brand';
import { OfflineReadiness } from '../OfflineReadiness';
import { MainMenu } from './MainMenu';
import { Navbar } from './Navbar';
import { PageHeader } from './PageHeader';

const QueryShell = lazy(loadQueryShell);

/**
 * The main layout: dark side menu from the lg breakpoint, a drawer below it (phones), the blue
 * navbar and the page with its breadcrumb and title.
 */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const screen = useCurrentScreen();
  // Field screens never use react-query: their routes say so and skip loading it (ADR 017).
  const withoutQueries = useMatches({ select: (ms) => ms.some((m) => m.staticData?.noQueryClient === true) });
  return (
    <Flex minH="100dvh" bg="bg.canvas">
      <Box as="aside" aria-label="Sidebar" hideBelow="lg" w="64" flexShrink={0} bg="sidebar.bg" color="sidebar.fg" position="sticky" top="0" h="100dvh" overflowY="auto">
        <Box px="4" py="3"><Brand color="white" /></Box>
        <MainMenu />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Navbar onOpenMenu={() => setMenuOpen(true)} />
        <Box as="main" flex="1" px={{ base: 3, md: 6 }} py={{ base: 4, md: 6 }}>
          <OfflineReadiness mb="3" />
          {screen && <PageHeader screen={screen} />}
          {withoutQueries ? <Outlet /> : <Suspense fallback={null}><QueryShell><Outlet /></QueryShell></Suspense>}
        </Box>
      </Flex>
      <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="start" lazyMount unmountOnExit>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content bg="sidebar.bg" color="sidebar.fg" maxW="72">
              <Drawer.Header px="4">
                <Drawer.Title><Brand color="white" /></Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="0">
                <MainMenu onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton aria-label="Close menu" color="white" _hover={{ bg: 'sidebar.hover' }} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
