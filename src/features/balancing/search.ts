import { isMonth, localDate, previousMonth } from '@/contract/calendar';

/**
 * `/QuickBalancing?month=2026-10&store=<id>&tank=<id>`: the month shown, the store filter and the
 * tank whose days are open — in the URL, so a reload, Back or a shared link shows the same figures.
 */
export interface BalancingSearch {
  month?: string;
  store?: string;
  tank?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);

export function validateBalancingSearch(raw: Record<string, unknown>): BalancingSearch {
  const month = typeof raw.month === 'string' && isMonth(raw.month) ? raw.month : undefined;
  const out: BalancingSearch = {};
  if (month) out.month = month;
  if (id(raw.store)) out.store = id(raw.store);
  if (id(raw.tank)) out.tank = id(raw.tank);
  return out;
}

/** This month on this device's calendar. */
export const currentMonth = (now = new Date()): string => localDate(now).slice(0, 7);

/** The last complete month on this device's calendar: the default, since only then is the flag final. */
export const lastCompleteMonth = (now = new Date()): string => previousMonth(currentMonth(now));
