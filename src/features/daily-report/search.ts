import { addDays, isRealDate, localDate } from '@/contract/calendar';

/** `/DailyReportofCall?day=2026-03-01&stores=a,b`: the day and the stores, in the URL (reload, Back, links). */
export interface DailyReportSearch {
  day?: string;
  stores?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateDailyReportSearch(raw: Record<string, unknown>): DailyReportSearch {
  const out: DailyReportSearch = {};
  if (typeof raw.day === 'string' && isRealDate(raw.day)) out.day = raw.day;
  if (typeof raw.stores === 'string') {
    const ids = raw.stores.split(',').filter((s) => UUID.test(s));
    if (ids.length) out.stores = ids.join(',');
  }
  return out;
}

/** Yesterday on this device's calendar: the default day (the morning report's day). */
export const yesterday = (now = new Date()): string => addDays(localDate(now), -1);
