import { Navigate, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isChunkLoadError, reloadOnce } from '@/lib/chunkReload';
import { ChakraBoundary } from './chakra/ChakraBoundary';

const RouteErrorView = lazy(() => import('./RouteErrorView'));

/**
 * A page failed to load or render. Missing chunks (a new deploy) reload the page once; otherwise the
 * error page (Chakra) loads with its provider, so no page pays for it before an error (ADR 047).
 */
export function RouteError(props: ErrorComponentProps) {
  if (isChunkLoadError(props.error) && reloadOnce()) return null;
  console.error(props.error);
  return (
    <ChakraBoundary>
      <Suspense fallback={null}>
        <RouteErrorView {...props} />
      </Suspense>
    </ChakraBoundary>
  );
}

/** Unknown paths (and `notFound()` thrown by a route) end on the 404 page (docs/product-rules.md §2). */
export function NotFoundRedirect() {
  return <Navigate to="/pages/error-404" replace />;
}
