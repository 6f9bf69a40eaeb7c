import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChakraWhenNeeded } from '../chakra/ChakraBoundary';
import { Brand } from '../Brand';
import { OfflineReadiness } from '../OfflineReadiness';
import css from '../plain/layout.module.css';

/**
 * Layout without menu (docs/product-rules.md §2 "Blank layout"): sign-in, account choice and status
 * pages. Static CSS (ADR 047): the login page renders without Chakra; the other blank pages bring it
 * (below the layout, which shows while it loads).
 */
export function BlankLayout() {
  const layout = (page: ReactNode) => (
    <div className={css.blank}>
      <header className={css.blankHeader}>
        <Brand />
      </header>
      <main className={css.blankMain}>
        {page}
        <OfflineReadiness place="below" />
      </main>
    </div>
  );
  // A blank page other than the login page (account choice, lock) renders Chakra (ADR 054).
  return <ChakraWhenNeeded fallback={layout(null)}>{layout(<Outlet />)}</ChakraWhenNeeded>;
}
