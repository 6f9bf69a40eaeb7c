import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { NotFoundRedirect, RouteError } from './RouteError';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundRedirect,
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
  }
}
