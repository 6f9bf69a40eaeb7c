import { useMatches } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { satisfies } from '@/contract/access';
import { SCREENS, screenFor, type Screen } from '@/contract/screens';
import { session } from '@/lib/session';

/** Role codes of the current account, re-rendering when the session changes. */
export function useRoles(): readonly string[] {
  const snap = useSnapshot(session);
  return snap.roles?.userRoles.map((r) => r.code) ?? snap.permissions?.roles ?? [];
}

/** The product screens this user may open in this account, in SCREENS order. */
export function useAllowedScreens(): Screen[] {
  const roles = useRoles();
  return SCREENS.filter((s) => satisfies(roles, s.rule));
}

/** The SCREENS entry of the page being shown (by the matched route, whatever the URL's case). */
export function useCurrentScreen(): Screen | undefined {
  const fullPath = useMatches({ select: (m) => m[m.length - 1]?.fullPath });
  return fullPath ? screenFor(fullPath) : undefined;
}

/**
 * May the user create, edit and delete on this screen? Its rule, and the server's per-screen
 * write flag (GetPermissions: read-only roles such as TheBoss only view). The server refuses anyway.
 */
export function useCanWrite(path: string): boolean {
  const roles = useRoles();
  const { permissions } = useSnapshot(session);
  const screen = screenFor(path);
  if (!screen || !satisfies(roles, screen.rule)) return false;
  return permissions?.screens[screen.path]?.edit !== false;
}
