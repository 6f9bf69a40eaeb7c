import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@/contract/constants';
import { useCurrentScreen } from '../access';
import { loadQueryShell } from '../queryShell';
import { Brand } from '../Brand';
import { useLoadOnUse } from '../ui/loadOnUse';
import { OfflineReadiness } from '../OfflineReadiness';
import { MainMenu } from './MainMenu';
import { Navbar } from './Navbar';
import { PageHeader } from './PageHeader';

const QueryShell = lazy(loadQueryShell);
const loadDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MenuDrawer })));

const WIDE = `(min-width: ${BREAKPOINTS.lg})`;
const onWidthChange = (l: () => void) => {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', l);
  return () => mq.removeEventListener('change', l);
};

/**
 * From the lg breakpoint on (where the side menu shows). Below it the side menu is not rendered at
 * all, not merely hidden: a phone's first render skips the menu's links and their styles (ADR 017).
 */
function useWide(): boolean {
  return useSyncExternalStore(
    onWidthChange,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * The main layout: dark side menu from the lg breakpoint, a drawer below it (phones), the blue
 * navbar and the page with its breadcrumb and title.
 */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [drawerUsed, startDrawer, warmDrawer] = useLoadOnUse(loadDrawer);
  const screen = useCurrentScreen();
  const wide = useWide();
  // Field screens never use react-query: their routes say so and skip loading it (ADR 017).
  const withoutQueries = useMatches({ select: (ms) => ms.some((m) => m.staticData?.noQueryClient === true) });
  return (
    <Flex minH="100dvh" bg="bg.canvas">
      {wide && (
        <Box
          as="aside"
          aria-label="Sidebar"
          hideBelow="lg"
          w="64"
          flexShrink={0}
          bg="sidebar.bg"
          color="sidebar.fg"
          position="sticky"
          top="0"
          h="100dvh"
          overflowY="auto"
        >
          <Box px="4" py="3">
            <Brand color="white" />
          </Box>
          <MainMenu />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Navbar
          onOpenMenu={() => {
            startDrawer();
            setMenuOpen(true);
          }}
          onWarmMenu={warmDrawer}
        />
        <Box as="main" flex="1" px={{ base: 3, md: 6 }} py={{ base: 4, md: 6 }}>
          <OfflineReadiness place="above" />
          {screen && <PageHeader screen={screen} />}
          {withoutQueries ? (
            <Outlet />
          ) : (
            <Suspense fallback={null}>
              <QueryShell>
                <Outlet />
              </QueryShell>
            </Suspense>
          )}
        </Box>
      </Flex>
      {/* The drawer's code (zag's dialog, focus trap) loads with the first tap on "Open menu" (ADR 017). */}
      {drawerUsed && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
    </Flex>
  );
}
