import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, use, useState, type ReactNode } from 'react';
import { InChakra } from './inChakra';
import { loadChakra } from './loadChakra';

const ChakraRoot = lazy(loadChakra);

/**
 * Renders its children inside Chakra's provider, loaded on first use (ADR 047). Inside another
 * boundary (an error page or dialog on an office screen) the children render as they are: one
 * provider, one set of global styles.
 */
export function ChakraBoundary({ children }: { children: ReactNode }) {
  if (use(InChakra)) return children;
  return (
    <Suspense fallback={null}>
      <ChakraRoot>{children}</ChakraRoot>
    </Suspense>
  );
}

/**
 * The root route's component. A page whose every route is marked `staticData: { plainCss: true }`
 * (the login page, the field user's shell and capture screens) renders without Chakra; any other
 * page renders inside the Chakra boundary. Once Chakra was needed it stays (one remount of the
 * page tree at the first office page, none after).
 */
export function RootLayout() {
  const plain = useMatches({ select: (ms) => ms.every((m) => m.routeId === '__root__' || m.staticData?.plainCss) });
  const [chakra, setChakra] = useState(!plain);
  if (!plain && !chakra) setChakra(true); // React's "state from props" pattern: sticky from here on
  return chakra ? (
    <ChakraBoundary>
      <Outlet />
    </ChakraBoundary>
  ) : (
    <Outlet />
  );
}
