import { isRealDate, zonedInstant } from '../../../../src/contract/calendar';

const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,3})\d*)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A history record's time cell → an ISO instant. `2024-03-01 14:30`, `2024-03-01T14:30:05`: the
 * store's wall clock (every time in FAMS is the store's); with `Z` or an offset (`+02:00`) the cell
 * names its own instant. An XLSX date cell arrives as `YYYY-MM-DDTHH:MM:SS` (reader.ts), so it reads
 * as the store's time too.
 */
export function recordTime(cell: string, timeZone: string): { value?: string; error?: string } {
  const t = cell.trim();
  if (t === '') return { error: 'The time is required' };
  const m = TIME.exec(t);
  const bad = { error: `“${t}” is not a date and time (YYYY-MM-DD HH:MM)` };
  if (!m || !isRealDate(m[1]) || +m[2] > 23 || +m[3] > 59 || +(m[4] ?? 0) > 59) return bad;
  const [, day, h, min, s = '0', frac = '0', zone] = m;
  const extraMs = Number(s) * 1000 + Number(frac.padEnd(3, '0'));
  if (zone) {
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const ms = Date.parse(`${day}T${h.padStart(2, '0')}:${min}:00${offset}`);
    return Number.isNaN(ms) ? bad : { value: new Date(ms + extraMs).toISOString() };
  }
  return { value: new Date(zonedInstant(day, Number(h), timeZone, Number(min)).getTime() + extraMs).toISOString() };
}
