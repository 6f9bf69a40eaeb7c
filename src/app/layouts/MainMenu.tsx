import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { screenFor, type Screen } from '@/contract/screens';
import { ExceptionCountBadge } from '@/features/exceptions/ExceptionCountBadge';
import { useAllowedScreens } from '../access';
import css from '../plain/shell.module.css';
import type { ScreenPath } from '../guard';
import { starred, visibleStarred } from '../starred';

/**
 * Menu groups in SCREENS order, each with the built screens (having a menu label) the user may
 * open. A screen a later issue builds stays out of the menu; its route still answers.
 */
function groupScreens(screens: Screen[]): [string, Screen[]][] {
  const groups = new Map<string, Screen[]>();
  for (const s of screens) {
    if (!s.menu || !s.ready) continue;
    const g = s.group ?? 'Other';
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups];
}

/** Counts shown beside a menu entry (only entries the user may open are in the menu). */
const BADGES: Record<string, ReactNode> = { '/Exceptions': <ExceptionCountBadge /> };

function MenuLink({ screen, onNavigate }: { screen: Screen; onNavigate?: () => void }) {
  return (
    <li>
      <Link to={screen.path as ScreenPath} onClick={onNavigate} className={css.menuLink}>
        {screen.menu ?? screen.title}
        {BADGES[screen.path]}
      </Link>
    </li>
  );
}

function MenuGroup({ label, screens, onNavigate }: { label: string; screens: Screen[]; onNavigate?: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={css.menuHeading}>
        {label}
      </h2>
      <ul className={css.menuList}>
        {screens.map((s) => (
          <MenuLink key={s.path} screen={s} onNavigate={onNavigate} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The side menu (docs/product-rules.md §2 "Navigation"): starred pages first, then only what the user may open.
 * Static CSS (ADR 066): a wide field screen renders it without loading Chakra.
 */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const allowed = useAllowedScreens();
  const { paths } = useSnapshot(starred);
  const stars = visibleStarred(paths)
    .map((p) => screenFor(p))
    .filter((s): s is Screen => !!s && !!s.ready && allowed.includes(s));
  return (
    <nav aria-label="Main menu" className={css.menu}>
      {stars.length > 0 && (
        <MenuGroup
          label="Starred"
          screens={stars.map((s) => ({ ...s, menu: s.menu ?? s.title }))}
          onNavigate={onNavigate}
        />
      )}
      {groupScreens(allowed).map(([label, screens]) => (
        <MenuGroup key={label} label={label} screens={screens} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}
