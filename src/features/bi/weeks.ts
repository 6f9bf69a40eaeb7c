/**
 * "Exceptions per week" on a time axis: the server answers only the weeks that raised something,
 * and bars placed by category would close up the quiet weeks, so every Monday from the first to
 * the last is filled in (0 where none), per severity.
 */
export interface WeekCount {
  week: string;
  severity: string;
  count: number;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every week (its Monday, YYYY-MM-DD) from the first answered to the last, in order. */
export function allWeeks(rows: readonly WeekCount[]): string[] {
  if (!rows.length) return [];
  const ms = rows.map((r) => Date.parse(`${r.week}T00:00:00Z`));
  const out: string[] = [];
  for (let t = Math.min(...ms); t <= Math.max(...ms); t += 7 * DAY) out.push(isoDay(t));
  return out;
}

/** Per severity, one count for each of `weeks` (0 where the severity raised nothing that week). */
export function weeklySeries(rows: readonly WeekCount[], weeks: readonly string[]) {
  const severities = [...new Set(rows.map((r) => r.severity))];
  return severities.map((severity) => {
    const of = new Map(rows.filter((r) => r.severity === severity).map((r) => [r.week, r.count]));
    return { severity, data: weeks.map((week) => ({ week, count: of.get(week) ?? 0 })) };
  });
}

/** A week's tick: its month (MM/YY) on the first week of each month, else nothing (52 dates do not fit). */
export function weekTick(week: string, i: number, weeks: readonly string[]): string {
  const month = week.slice(0, 7);
  return i === 0 || weeks[i - 1]?.slice(0, 7) !== month ? `${week.slice(5, 7)}/${week.slice(2, 4)}` : '';
}
