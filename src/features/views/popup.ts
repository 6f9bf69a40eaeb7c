import type { GpsPoint } from '@/contract/views';
import { inZone } from './format';
import { litresTenth as litres } from '@/lib/format';

export const pointName = (p: GpsPoint) => `Dispense ${p.fleetNo}, ${litres(p.litres)}, ${inZone(p.at, p.timezone)}`;

/**
 * The popup of one dispense, built as DOM nodes with textContent (record text is never parsed as
 * HTML). Named as a non-modal dialog so screen readers and tests can find it.
 */
export function popupContent(p: GpsPoint): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', `Dispense ${p.fleetNo}`);
  root.style.cssText = 'font: 13px/1.4 system-ui, sans-serif; color: #1a202c; min-width: 180px; padding-right: 12px';
  const title = document.createElement('strong');
  title.textContent = p.registration ? `${p.fleetNo} · ${p.registration}` : p.fleetNo;
  title.style.cssText = 'display: block; font-size: 14px; margin-bottom: 4px';
  root.append(title);
  const list = document.createElement('dl');
  list.style.cssText = 'display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0';
  const rows: [string, string][] = [
    ['Time', inZone(p.at, p.timezone)],
    ['Litres', litres(p.litres)],
    ['Store', `${p.storeCode} — ${p.storeName}`],
    ['Tank', `${p.tankCode} · ${p.productName}`],
  ];
  if (p.employeeName) rows.push(['Employee', p.employeeName]);
  if (p.accuracyM !== null) rows.push(['GPS accuracy', `± ${Math.round(p.accuracyM)} m`]);
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    dt.style.color = '#4a5568';
    const dd = document.createElement('dd');
    dd.textContent = v;
    dd.style.margin = '0';
    list.append(dt, dd);
  }
  root.append(list);
  return root;
}
