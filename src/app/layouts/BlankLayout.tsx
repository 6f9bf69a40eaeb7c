import { Outlet } from '@tanstack/react-router';
import { Brand } from '../Brand';
import { OfflineReadiness } from '../OfflineReadiness';
import css from '../plain/layout.module.css';

/**
 * Layout without menu (docs/product-rules.md §2 "Blank layout"): sign-in, account choice and status
 * pages. Static CSS (ADR 047): the login page renders without Chakra; the other blank pages bring it.
 */
export function BlankLayout() {
  return (
    <div className={css.blank}>
      <header className={css.blankHeader}>
        <Brand />
      </header>
      <main className={css.blankMain}>
        <Outlet />
        <OfflineReadiness place="below" />
      </main>
    </div>
  );
}
