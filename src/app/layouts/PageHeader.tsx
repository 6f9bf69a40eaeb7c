import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { LuStar } from '@/app/ui/field-icons';
import type { Screen } from '@/contract/screens';
import css from '../plain/shell.module.css';
import { starred, toggleStar } from '../starred';

function StarToggle({ path }: { path: string }) {
  const { paths } = useSnapshot(starred);
  const on = paths.includes(path);
  return (
    <button
      type="button"
      className={`${css.star} ${on ? css.starOn : ''}`}
      aria-label="Star this page"
      aria-pressed={on}
      onClick={() => toggleStar(path)}
    >
      <LuStar aria-hidden fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}

/** Chakra's breadcrumb separator (a chevron), drawn the same. */
function Separator() {
  return (
    <li className={css.crumbSeparator} aria-hidden>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m9 18 6-6-6-6" />
      </svg>
    </li>
  );
}

/**
 * Breadcrumb (starting with a home link to `/`), the page's h1 and its star toggle. Static CSS
 * (ADR 054), drawn as Chakra's sm breadcrumb and heading were.
 */
export function PageHeader({ screen }: { screen: Screen }) {
  return (
    <div className={css.pageHeader}>
      <nav aria-label="Breadcrumb">
        <ol className={css.crumbs}>
          <li className={css.crumb}>
            <Link to="/" className={css.crumbLink}>
              Home
            </Link>
          </li>
          {screen.group && screen.group !== 'Home' && (
            <>
              <Separator />
              <li className={css.crumb}>{screen.group}</li>
            </>
          )}
          <Separator />
          <li className={css.crumb}>
            <span className={css.crumbCurrent} role="link" aria-current="page">
              {screen.title}
            </span>
          </li>
        </ol>
      </nav>
      <div className={css.titleRow}>
        <h1 className={css.title}>{screen.title}</h1>
        <StarToggle path={screen.path} />
      </div>
    </div>
  );
}
