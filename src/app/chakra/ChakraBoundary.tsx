import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, use, useState, type ReactNode } from 'react';
import { InChakra } from './inChakra';
import { loadChakra } from './loadChakra';

const ChakraRoot = lazy(loadChakra);

/**
 * Renders its children inside Chakra's provider, loaded on first use (ADR 047); `fallback` shows
 * while it loads (a plain face of the same control, ADR 054). Inside another boundary (an office
 * screen's shell, its dialogs) the children render as they are: one provider, one set of global styles.
 */
export function ChakraBoundary({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  if (use(InChakra)) return children;
  return (
    <Suspense fallback={fallback}>
      <ChakraRoot>{children}</ChakraRoot>
    </Suspense>
  );
}

/** True when a matched route (below the root) renders Chakra: it is not marked `plainCss`. */
export const needsChakra = (ms: { routeId: string; staticData?: { plainCss?: boolean } }[]) =>
  !ms.every((m) => m.routeId === '__root__' || m.staticData?.plainCss);

/**
 * For a layout drawn in static CSS (the blank layout, the signed-in shell; ADR 054): its children
 * inside the Chakra boundary once a page below it renders Chakra, with `fallback` (the layout
 * without the page) while Chakra loads, so the layout never blanks. Once Chakra was needed it
 * stays: one remount of the layout at the first such page, none after.
 */
export function ChakraWhenNeeded({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const needed = useMatches({ select: needsChakra });
  const [chakra, setChakra] = useState(needed);
  if (needed && !chakra) setChakra(true); // React's "state from props" pattern: sticky from here on
  return chakra ? <ChakraBoundary fallback={fallback}>{children}</ChakraBoundary> : children;
}

/**
 * The root route's component. A top layout marked `staticData: { plainCss: true }` (blank, the
 * signed-in shell) puts the Chakra boundary below itself (`ChakraWhenNeeded`), so it never waits
 * for Chakra; any other top route renders inside the boundary.
 */
export function RootLayout() {
  const plainTop = useMatches({ select: (ms) => ms.find((m) => m.routeId !== '__root__')?.staticData?.plainCss });
  const [chakra, setChakra] = useState(!plainTop);
  if (!plainTop && !chakra) setChakra(true);
  return chakra ? (
    <ChakraBoundary>
      <Outlet />
    </ChakraBoundary>
  ) : (
    <Outlet />
  );
}
