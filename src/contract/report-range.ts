/**
 * The relative date ranges of reports ("last month", "week to date" …) resolved to store-local
 * calendar days, from "now" in a time zone (the user's, or a schedule's account zone). Weeks run
 * Monday to Sunday (ISO 8601), quarters are calendar quarters. Pure and zod-free: the report screen,
 * the server and the schedules resolve a range the same way. Day arithmetic is `calendar.ts`.
 */
import { addDays, localDate, monthBounds, shiftMonth } from './calendar';
import type { RelativeRange } from './report-keys';

export { RELATIVE_RANGES, type RelativeRange } from './report-keys';

export const RANGE_LABELS: Record<RelativeRange, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week (Monday to today)',
  lastWeek: 'Last week (Monday to Sunday)',
  last7Days: 'Last 7 days',
  monthToDate: 'Month to date',
  lastMonth: 'Last month',
  last30Days: 'Last 30 days',
  quarterToDate: 'Quarter to date',
  lastQuarter: 'Last quarter',
  yearToDate: 'Year to date',
  lastYear: 'Last year',
  custom: 'Between two dates',
};

export interface DayRange {
  from: string;
  to: string;
}

const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const quarterStart = (day: string) => {
  const m = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
};

/**
 * The days of a relative range as seen on `now` in `timeZone` ("today" is that zone's calendar
 * day, so a report run at 23:30 UTC for Johannesburg already counts the next day). `custom`
 * returns the given days as they are.
 */
export function resolveRange(range: RelativeRange, now: Date, timeZone: string, custom?: DayRange): DayRange {
  const today = localDate(now, timeZone);
  const month = today.slice(0, 7);
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: mondayOf(today), to: today };
    case 'lastWeek': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'monthToDate':
      return { from: `${month}-01`, to: today };
    case 'lastMonth':
      return monthBounds(shiftMonth(month, -1));
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'quarterToDate':
      return { from: quarterStart(today), to: today };
    case 'lastQuarter': {
      const start = shiftMonth(quarterStart(today).slice(0, 7), -3);
      return { from: `${start}-01`, to: monthBounds(shiftMonth(start, 2)).to };
    }
    case 'yearToDate':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'lastYear': {
      const y = Number(today.slice(0, 4)) - 1;
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    }
    case 'custom':
      if (!custom) throw new Error('A custom range needs its from and to days');
      return custom;
  }
}
