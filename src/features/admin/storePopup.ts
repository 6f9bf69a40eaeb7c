import { ALARM_LABEL } from '@/contract/tanks';
import { STORE_STATE_LABEL, type LocatorStore, type StoreState } from '@/contract/store-locator';
import { litresTotal } from '@/lib/format';

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

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, css?: string) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (css) e.style.cssText = css;
  return e;
};

/**
 * A store's popup: its state and each tank's latest level, and a link to its tanks on
 * `/TankLevels`. Built as DOM nodes with textContent (names are never parsed as HTML); a
 * non-modal dialog named after the store so screen readers and tests find it. `open` follows the
 * link inside the app (no page reload).
 */
export function storePopup(s: LocatorStore, href: string, open: () => void): HTMLElement {
  const root = el(
    'div',
    undefined,
    'font: 13px/1.4 system-ui, sans-serif; color: #1a202c; min-width: 200px; padding-right: 12px',
  );
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', `Store ${s.code}`);
  root.append(el('strong', `${s.code} — ${s.name}`, 'display: block; font-size: 14px'));
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
    const li = el('li', undefined, 'margin: 2px 0');
    li.append(el('span', `${t.code} ${t.productName}: `, 'color: #4a5568'));
    li.append(el('span', `${litresTotal(t.grossLitres)} (${Math.round(t.fillPct)} %)`, 'font-weight: 600'));
    li.append(el('div', `read ${readAt(t.readAt)}`, 'font-size: 12px; color: #4a5568'));
    if (t.alarms.length)
      li.append(
        el('div', t.alarms.map((a) => ALARM_LABEL[a]).join(', '), `font-size: 12px; color: ${STATE_COLOURS.alarm}`),
      );
    list.append(li);
  }
  if (s.tanks.length) root.append(list);
  const link = el('a', 'Tank levels of this store', 'color: #2b6cb0; text-decoration: underline');
  link.setAttribute('href', href);
  link.onclick = (e) => {
    e.preventDefault();
    open();
  };
  root.append(link);
  return root;
}
