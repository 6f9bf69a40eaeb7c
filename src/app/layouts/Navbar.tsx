import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LuMenu } from '@/app/ui/field-icons';
import { LogoutWarning } from '@/features/auth/LogoutWarning';
import { renewOfflineSession } from '@/features/auth/service';
import { SyncStatusButton } from '@/features/device/SyncStatusButton';
import { startOfflineSync } from '@/lib/offline/runner';
import { Brand } from '../Brand';
import css from '../plain/shell.module.css';
import { UserMenu } from './UserMenu';

/**
 * The blue top bar: menu button on small screens, sync status (online/offline, queue), user menu.
 * Static CSS (ADR 054); on a phone every header button takes a gloved finger: at least 48 px (issue 9).
 */
export function Navbar({ onOpenMenu, onWarmMenu }: { onOpenMenu: () => void; onWarmMenu?: () => void }) {
  // The outbox sync runs while the signed-in shell is shown; an offline session is renewed
  // (refresh cookie, permissions) by the auth flow once the network is back.
  useEffect(() => startOfflineSync({ renewSession: renewOfflineSession }), []);
  return (
    <header className={css.navbar}>
      <button
        type="button"
        className={`${css.navButton} ${css.menuButton}`}
        aria-label="Open menu"
        onClick={onOpenMenu}
        onPointerDown={onWarmMenu}
        onFocus={onWarmMenu}
      >
        <LuMenu aria-hidden />
      </button>
      <div className={css.phoneOnly}>
        <Link to="/" aria-label="FAMS home">
          <Brand color="white" size={7} />
        </Link>
      </div>
      <div className={css.spacer} />
      <SyncStatusButton />
      <UserMenu />
      <LogoutWarning />
    </header>
  );
}
