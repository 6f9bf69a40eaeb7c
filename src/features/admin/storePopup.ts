import { ALARM_LABEL } from '@/contract/tanks';
import { STORE_STATE_LABEL, type LocatorStore, type StoreState } from '@/contract/store-locator';
import { el, popupLink, popupRoot, tankLevelItem } from '@/app/ui/map/popupDom';

/** The stores' colours by state (colour-blind safe, as the GPS map's). */
export const STATE_COLOURS: Record<StoreState, string> = {
  alarm: '#D55E00',
  exceptions: '#E69F00',
  ok: '#009E73',
};

const readAt = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : 'never read (book stock)';

/**
 * A store's popup: its state and each tank's latest level, and a link to its tanks on
 * `/TankLevels`. Built as DOM nodes with textContent (names are never parsed as HTML); a
 * non-modal dialog named after the store so screen readers and tests find it. `open` follows the
 * link inside the app (no page reload).
 */
export function storePopup(s: LocatorStore, href: string, open: () => void): HTMLElement {
  const root = popupRoot(`Store ${s.code}`, `${s.code} — ${s.name}`);
  const state = el(
    'div',
    STORE_STATE_LABEL[s.state],
    `color: ${STATE_COLOURS[s.state]}; font-weight: 600; margin-bottom: 4px`,
  );
  if (s.openExceptions)
    state.textContent += ` · ${s.openExceptions} open exception${s.openExceptions === 1 ? '' : 's'}`;
  root.append(state);
  if (!s.tanks.length) root.append(el('p', 'No tanks.', 'margin: 0'));
  const list = el('ul', undefined, 'list-style: none; margin: 0 0 6px; padding: 0');
  for (const t of s.tanks) {
    const li = tankLevelItem(t);
    li.append(el('div', `read ${readAt(t.readAt)}`, 'font-size: 12px; color: #4a5568'));
    if (t.alarms.length)
      li.append(
        el('div', t.alarms.map((a) => ALARM_LABEL[a]).join(', '), `font-size: 12px; color: ${STATE_COLOURS.alarm}`),
      );
    list.append(li);
  }
  if (s.tanks.length) root.append(list);
  root.append(popupLink('Tank levels of this store', href, open));
  return root;
}
