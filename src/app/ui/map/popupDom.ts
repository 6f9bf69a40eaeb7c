import { litresTotal } from '@/lib/format';

/**
 * The parts of a map pin's popup, built as DOM nodes with textContent (names are never parsed as
 * HTML): maplibre's popups take DOM, not React. Shared by the store locator and the sites' map.
 */
export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, css?: string) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (css) e.style.cssText = css;
  return e;
};

/** A non-modal dialog named `label` (screen readers and tests find it) with `title` in bold. */
export function popupRoot(label: string, title: string): HTMLElement {
  const root = el(
    'div',
    undefined,
    'font: 13px/1.4 system-ui, sans-serif; color: #1a202c; min-width: 200px; padding-right: 12px',
  );
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', label);
  root.append(el('strong', title, 'display: block; font-size: 14px'));
  return root;
}

/** A link that `go`es inside the app (no page reload); `href` for a new tab and screen readers. */
export function popupLink(text: string, href: string, go: () => void, css = ''): HTMLAnchorElement {
  const a = el('a', text, `color: #2b6cb0; text-decoration: underline${css ? `; ${css}` : ''}`);
  a.setAttribute('href', href);
  a.onclick = (e) => {
    e.preventDefault();
    go();
  };
  return a;
}

/** One tank's latest level: "T1 Diesel: 12,000 L (60 %)". */
export function tankLevelItem(t: { code: string; productName: string; grossLitres: number; fillPct: number }) {
  const li = el('li', undefined, 'margin: 2px 0');
  li.append(el('span', `${t.code} ${t.productName}: `, 'color: #4a5568'));
  li.append(el('span', `${litresTotal(t.grossLitres)} (${Math.round(t.fillPct)} %)`, 'font-weight: 600'));
  return li;
}
