import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { BREAKPOINTS } from '@/contract/constants';
import { loadChakra } from './chakra/loadChakra';
import { loadMainMenu } from './layouts/loadMainMenu';
import { loadQueryShell } from './queryShell';
import { NotFoundRedirect, RouteError } from './RouteError';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundRedirect,
});

// Start loading them beside the screen's own chunk, not after it rendered (AppShell shows them).
router.subscribe('onBeforeLoad', ({ toLocation }) => {
  const matches = router.matchRoutes(toLocation.pathname, toLocation.search);
  if (matches.some((m) => m.routeId === '/_app') && !matches.some((m) => m.staticData?.noQueryClient)) {
    void loadQueryShell().catch(() => undefined);
  }
  // Chakra's provider for a page that renders Chakra (ADR 047; chakra/ChakraBoundary.tsx).
  if (!matches.every((m) => m.routeId === '__root__' || m.staticData?.plainCss))
    void loadChakra().catch(() => undefined);
  // The wide screen's side menu (its own chunk, static CSS; ADR 054, 066), so it shows with the shell.
  if (matches.some((m) => m.routeId === '/_app') && window.matchMedia(`(min-width: ${BREAKPOINTS.lg})`).matches)
    void loadMainMenu().catch(() => undefined);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /**
     * The page never uses react-query, so the shell does not load it (field screens, ADR 017).
     * Any other signed-in page gets the QueryClientProvider.
     */
    noQueryClient?: boolean;
    /**
     * The page renders no Chakra (static CSS, ADR 047): when every matched route says so, the root
     * renders without Chakra's provider and the page never loads `createSystem` and emotion.
     */
    plainCss?: boolean;
  }
}
