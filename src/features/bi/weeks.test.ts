import { describe, expect, it } from 'vitest';
import { allWeeks, weeklySeries, weekTick } from './weeks';

describe('exceptions per week', () => {
  const rows = [
    { week: '2026-01-26', severity: 'warning', count: 3 },
    { week: '2026-02-16', severity: 'warning', count: 1 },
    { week: '2026-02-16', severity: 'critical', count: 2 },
  ];

  it('fills in the quiet weeks between the first and the last, Mondays in order', () => {
    expect(allWeeks(rows)).toEqual(['2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16']);
    expect(allWeeks([])).toEqual([]);
  });

  it('gives every severity a count for every week, 0 where it raised nothing', () => {
    const weeks = allWeeks(rows);
    expect(weeklySeries(rows, weeks)).toEqual([
      { severity: 'warning', data: weeks.map((week, i) => ({ week, count: [3, 0, 0, 1][i] })) },
      { severity: 'critical', data: weeks.map((week, i) => ({ week, count: [0, 0, 0, 2][i] })) },
    ]);
  });

  it('labels only the first week of each month, with its month', () => {
    const weeks = allWeeks(rows);
    expect(weeks.map((w, i) => weekTick(w, i, weeks))).toEqual(['01/26', '02/26', '', '']);
  });
});
