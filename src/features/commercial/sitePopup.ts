import type { MapSite } from '@/contract/commercial';
import { litresTotal } from '@/lib/format';

/** The pins' colours (colour-blind safe, as the other maps'): a FAMS store, any other site. */
export const SITE_COLOURS = { fams: '#0072B2', other: '#CC79A7' } as const;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, css?: string) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (css) e.style.cssText = css;
  return e;
};
const link = (text: string, href: string, go: () => void) => {
  const a = el('a', text, 'color: #2b6cb0; text-decoration: underline; display: block; margin-top: 4px');
  a.setAttribute('href', href);
  a.onclick = (e) => {
    e.preventDefault();
    go();
  };
  return a;
};

/**
 * A site's popup: its customer and address; for a site that is a FAMS store, the store's tanks'
 * latest levels and a link to them on `/TankLevels`; and "Open site" (the site's form). DOM built
 * with textContent (names are never parsed as HTML); a dialog named after the site.
 */
export function sitePopup(
  s: MapSite,
  to: { siteHref: string; openSite: () => void; tanksHref: string; openTanks: () => void },
): HTMLElement {
  const root = el(
    'div',
    undefined,
    'font: 13px/1.4 system-ui, sans-serif; color: #1a202c; min-width: 200px; padding-right: 12px',
  );
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', `Site ${s.name}`);
  root.append(el('strong', s.name, 'display: block; font-size: 14px'));
  root.append(el('div', s.customerName ?? '', 'color: #4a5568'));
  if (s.address) root.append(el('div', s.address, 'white-space: pre-line; margin-bottom: 4px'));
  if (s.storeId) {
    root.append(
      el('div', `FAMS store ${s.storeName ?? ''}`, `color: ${SITE_COLOURS.fams}; font-weight: 600; margin-top: 4px`),
    );
    if (!s.tanks.length) root.append(el('p', 'No tanks.', 'margin: 0'));
    const list = el('ul', undefined, 'list-style: none; margin: 0; padding: 0');
    for (const t of s.tanks) {
      const li = el('li', undefined, 'margin: 2px 0');
      li.append(el('span', `${t.code} ${t.productName}: `, 'color: #4a5568'));
      li.append(el('span', `${litresTotal(t.grossLitres)} (${Math.round(t.fillPct)} %)`, 'font-weight: 600'));
      list.append(li);
    }
    if (s.tanks.length) root.append(list);
    root.append(link('Tank levels of this store', to.tanksHref, to.openTanks));
  }
  root.append(link('Open site', to.siteHref, to.openSite));
  return root;
}
