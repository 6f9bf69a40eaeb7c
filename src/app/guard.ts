import { redirect, type ParsedLocation, type RegisteredRouter } from '@tanstack/react-router';
import { satisfies } from '@/contract/access';
import { screenFor } from '@/contract/screens';
import { hasPendingLogin, resumeSession } from '@/features/auth/service';
import { currentRoles, hasValidSession } from '@/lib/session';

/**
 * Route guards used in `beforeLoad` (docs/product-rules.md §5). The client only hides what the server would
 * refuse anyway; the server checks the same rule on every endpoint.
 */

type GuardArgs = { location: ParsedLocation };

/** Signed out → login with the wanted path (and search) in `to`. */
export async function requireSession({ location }: GuardArgs): Promise<void> {
  if (await resumeSession()) return;
  throw redirect({ to: '/pages/login', search: { to: location.href } });
}

/** The account list also opens right after a multi-account sign-in, before any token is chosen. */
export async function requireIdentity(args: GuardArgs): Promise<void> {
  if (hasPendingLogin() || hasValidSession()) return;
  await requireSession(args);
}

/**
 * Every product path as the router knows it, so a typo in a route file fails type-checking. Read
 * from the registered router (router.ts), not imported from the route tree, which imports the guard.
 */
export type ScreenPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['fullPaths'];

/** `beforeLoad` for a product screen: session first, then the screen's rule from SCREENS. */
export function guard(path: ScreenPath): (args: GuardArgs) => Promise<void> {
  const screen = screenFor(path);
  if (!screen) throw new Error(`${path} is not in SCREENS`);
  return async (args) => {
    await requireSession(args);
    if (!satisfies(currentRoles(), screen.rule)) throw redirect({ to: '/pages/not-authorized' });
  };
}
