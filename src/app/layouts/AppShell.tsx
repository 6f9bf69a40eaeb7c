import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BREAKPOINTS } from '@/contract/constants';
import { useCurrentScreen } from '../access';
import { ChakraBoundary, ChakraWhenNeeded } from '../chakra/ChakraBoundary';
import { loadQueryShell } from '../queryShell';
import { Brand } from '../Brand';
import css from '../plain/shell.module.css';
import { useLoadOnUse } from '../ui/loadOnUse';
import { OfflineReadiness } from '../OfflineReadiness';
import { loadMainMenu } from './loadMainMenu';
import { Navbar } from './Navbar';
import { PageHeader } from './PageHeader';

const QueryShell = lazy(loadQueryShell);
const loadDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MenuDrawer })));
const MainMenu = lazy(() => loadMainMenu().then((m) => ({ default: m.MainMenu })));

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
 * navbar and the page with its breadcrumb and title. Static CSS (ADR 054): a field screen (marked
 * `plainCss`) renders without Chakra; the drawer and the navbar's popups bring it
 * with them. Below an office screen the whole shell is inside the Chakra boundary (one provider),
 * and while Chakra loads the shell shows without the page, inert (a tap there would be lost when the
 * real shell replaces it).
 */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [drawerUsed, startDrawer, warmDrawer] = useLoadOnUse(loadDrawer);
  const screen = useCurrentScreen();
  const wide = useWide();
  // Field screens never use react-query: their routes say so and skip loading it (ADR 017).
  const withoutQueries = useMatches({ select: (ms) => ms.some((m) => m.staticData?.noQueryClient === true) });
  const aside = (menu: ReactNode) => (
    <aside aria-label="Sidebar" className={css.aside}>
      <div className={css.asideBrand}>
        <Brand color="white" />
      </div>
      {menu}
    </aside>
  );
  // `loading`: the shell shown while an office page's Chakra and code load. It is inert: the real shell replaces
  // it when the page is ready, and a menu opened or a drawer started in it would vanish with it.
  const shell = (page: ReactNode, loading = false) => (
    <div className={css.shell} inert={loading} aria-busy={loading || undefined}>
      {wide &&
        aside(
          <Suspense fallback={null}>
            <MainMenu />
          </Suspense>,
        )}
      <div className={css.column}>
        <Navbar
          onOpenMenu={() => {
            startDrawer();
            setMenuOpen(true);
          }}
          onWarmMenu={warmDrawer}
        />
        <main className={css.main}>
          <OfflineReadiness place="above" />
          {screen && <PageHeader screen={screen} />}
          {page}
        </main>
      </div>
      {/* The drawer's code (zag's dialog, focus trap) loads with the first tap on "Open menu" (ADR 017). */}
      {drawerUsed && (
        <ChakraBoundary>
          <Suspense fallback={null}>
            <MenuDrawer open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        </ChakraBoundary>
      )}
    </div>
  );
  const page = withoutQueries ? (
    <Outlet />
  ) : (
    <Suspense fallback={null}>
      <QueryShell>
        <Outlet />
      </QueryShell>
    </Suspense>
  );
  return <ChakraWhenNeeded fallback={shell(null, true)}>{shell(page)}</ChakraWhenNeeded>;
}
