import { describe, expect, it } from 'vitest';
import { calendarText, nextOccurrence, runsOn, ScheduleCreate } from './report-schedule';

const at = (s: string) => new Date(s);
const iso = (d: Date) => d.toISOString();

describe('nextOccurrence', () => {
  it('daily: later today, else tomorrow, on the zone’s wall clock', () => {
    const c = { frequency: 'daily', atTime: '07:00' } as const;
    // 04:00 UTC = 06:00 in Johannesburg (UTC+2): 07:00 local is still to come today.
    expect(iso(nextOccurrence(c, at('2026-03-10T04:00:00Z'), 'Africa/Johannesburg'))).toBe('2026-03-10T05:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2026-03-10T05:00:00Z'), 'Africa/Johannesburg'))).toBe('2026-03-11T05:00:00.000Z');
  });

  it('is strictly after: an occurrence claimed at its own instant moves to the next one', () => {
    const c = { frequency: 'daily', atTime: '00:00' } as const;
    expect(iso(nextOccurrence(c, at('2026-01-01T00:00:00Z'), 'UTC'))).toBe('2026-01-02T00:00:00.000Z');
  });

  it('weekly on a day (ISO weekdays, Monday = 1)', () => {
    const c = { frequency: 'weekly', atTime: '06:30', weekday: 1 } as const;
    // 2026-03-12 is a Thursday; the next Monday is the 16th.
    expect(iso(nextOccurrence(c, at('2026-03-12T12:00:00Z'), 'UTC'))).toBe('2026-03-16T06:30:00.000Z');
    const sunday = { frequency: 'weekly', atTime: '23:00', weekday: 7 } as const;
    expect(iso(nextOccurrence(sunday, at('2026-03-12T12:00:00Z'), 'UTC'))).toBe('2026-03-15T23:00:00.000Z');
  });

  it('monthly on the 31st runs on the last day of shorter months', () => {
    const c = { frequency: 'monthly', atTime: '08:00', monthDay: 31 } as const;
    expect(iso(nextOccurrence(c, at('2026-02-01T00:00:00Z'), 'UTC'))).toBe('2026-02-28T08:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2028-02-01T00:00:00Z'), 'UTC'))).toBe('2028-02-29T08:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2026-04-01T00:00:00Z'), 'UTC'))).toBe('2026-04-30T08:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2026-03-01T00:00:00Z'), 'UTC'))).toBe('2026-03-31T08:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2026-01-31T08:00:00Z'), 'UTC'))).toBe('2026-02-28T08:00:00.000Z');
    expect(runsOn(c, '2026-02-28')).toBe(true);
    expect(runsOn({ frequency: 'monthly', atTime: '08:00', monthDay: 30 }, '2026-02-28')).toBe(true);
    expect(runsOn({ frequency: 'monthly', atTime: '08:00', monthDay: 15 }, '2026-02-28')).toBe(false);
  });

  it('DST: the local time stays on the wall clock across the change (Europe/London)', () => {
    const c = { frequency: 'daily', atTime: '07:00' } as const;
    // Before the spring change 07:00 GMT = 07:00 UTC; after it 07:00 BST = 06:00 UTC.
    expect(iso(nextOccurrence(c, at('2026-03-28T08:00:00Z'), 'Europe/London'))).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(nextOccurrence(c, at('2026-10-24T08:00:00Z'), 'Europe/London'))).toBe('2026-10-25T07:00:00.000Z');
  });

  it('DST: a skipped time runs after the jump; a repeated time runs once, at its first showing', () => {
    const skipped = { frequency: 'daily', atTime: '01:30' } as const;
    // 2026-03-29 01:00 GMT the clocks jump to 02:00 BST: 01:30 does not exist; it runs at 02:30 BST.
    expect(iso(nextOccurrence(skipped, at('2026-03-28T12:00:00Z'), 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    const twice = { frequency: 'daily', atTime: '01:30' } as const;
    // 2026-10-25 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    const first = nextOccurrence(twice, at('2026-10-24T12:00:00Z'), 'Europe/London');
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(nextOccurrence(twice, first, 'Europe/London'))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('a zone ahead of UTC whose local day is already tomorrow', () => {
    const c = { frequency: 'daily', atTime: '06:00' } as const;
    // 20:00 UTC on the 10th is 09:00 on the 11th in Auckland (UTC+13): next 06:00 local is the 12th.
    expect(iso(nextOccurrence(c, at('2026-01-10T20:00:00Z'), 'Pacific/Auckland'))).toBe('2026-01-11T17:00:00.000Z');
  });
});

describe('ScheduleCreate', () => {
  const base = {
    name: 'Monthly fuel',
    report: 'fuel-by-cost-centre',
    params: { range: 'lastMonth' },
    format: 'pdf',
    frequency: 'monthly',
    atTime: '07:00',
    monthDay: 1,
    recipientEmails: ['finance@example.com'],
  };
  it('accepts a valid schedule', () => {
    expect(ScheduleCreate.safeParse(base).success).toBe(true);
  });
  it.each([
    [{ params: { range: 'custom', from: '2026-01-01', to: '2026-01-31' } }, 'params.range'],
    [{ frequency: 'weekly', weekday: null }, 'weekday'],
    [{ monthDay: null }, 'monthDay'],
    [{ monthDay: 32 }, 'monthDay'],
    [{ atTime: '24:00' }, 'atTime'],
    [{ recipientEmails: ['not-an-address'] }, 'recipientEmails.0'],
    [{ recipientEmails: [] }, 'recipientEmails'],
    [{ report: 'nope' }, 'report'],
  ])('refuses %j at %s', (patch, path) => {
    const r = ScheduleCreate.safeParse({ ...base, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
  it('says the calendar in words', () => {
    expect(calendarText({ frequency: 'monthly', atTime: '07:00', monthDay: 31 }, 'UTC')).toBe(
      'Monthly on day 31 (or the month’s last day) at 07:00 (UTC)',
    );
    expect(calendarText({ frequency: 'weekly', atTime: '06:00', weekday: 5 })).toBe('Weekly on Friday at 06:00');
  });
});
