import { lazy, Suspense } from 'react';
import { ChakraBoundary } from '../chakra/ChakraBoundary';
import { useLoadOnUse } from '../ui/loadOnUse';
import { UserMenuFace } from './UserMenuFace';

const loadPopup = () => import('./UserMenuPopup');
const UserMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.UserMenuPopup })));

/**
 * Who is signed in, and the ways out (switch account, lock, log out). The menu's code (and on a
 * field screen Chakra's provider, ADR 054) loads on the first tap (from the service worker's
 * cache: it is in the first precache); until then the button is a plain one with the same name and
 * look, so the field screens render without it.
 */
export function UserMenu() {
  const [used, start, warm] = useLoadOnUse(loadPopup);
  const face = (
    <UserMenuFace aria-haspopup="menu" aria-expanded={false} onClick={start} onPointerDown={warm} onFocus={warm} />
  );
  if (!used) return face;
  return (
    <Suspense fallback={face}>
      <ChakraBoundary fallback={face}>
        <UserMenuPopup />
      </ChakraBoundary>
    </Suspense>
  );
}
