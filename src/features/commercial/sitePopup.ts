import type { MapSite } from '@/contract/commercial';
import { el, popupLink, popupRoot, tankLevelItem } from '@/app/ui/map/popupDom';

/** The pins' colours (colour-blind safe, as the other maps'): a FAMS store, any other site. */
export const SITE_COLOURS = { fams: '#0072B2', other: '#CC79A7' } as const;

const BLOCK = 'display: block; margin-top: 4px';

/**
 * A site's popup: its customer and address; for a site that is a FAMS store, the store's tanks'
 * latest levels and a link to them on `/TankLevels`; and "Open site" (the site's form). DOM built
 * with textContent (names are never parsed as HTML); a dialog named after the site.
 */
export function sitePopup(
  s: MapSite,
  to: { siteHref: string; openSite: () => void; tanksHref: string; openTanks: () => void },
): HTMLElement {
  const root = popupRoot(`Site ${s.name}`, s.name);
  root.append(el('div', s.customerName ?? '', 'color: #4a5568'));
  if (s.address) root.append(el('div', s.address, 'white-space: pre-line; margin-bottom: 4px'));
  if (s.storeId) {
    root.append(
      el('div', `FAMS store ${s.storeName ?? ''}`, `color: ${SITE_COLOURS.fams}; font-weight: 600; margin-top: 4px`),
    );
    if (!s.tanks.length) root.append(el('p', 'No tanks.', 'margin: 0'));
    const list = el('ul', undefined, 'list-style: none; margin: 0; padding: 0');
    for (const t of s.tanks) list.append(tankLevelItem(t));
    if (s.tanks.length) root.append(list);
    root.append(popupLink('Tank levels of this store', to.tanksHref, to.openTanks, BLOCK));
  }
  root.append(popupLink('Open site', to.siteHref, to.openSite, BLOCK));
  return root;
}
