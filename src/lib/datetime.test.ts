import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './datetime';

describe('store-time inputs', () => {
  it('shows and reads the wall clock of the store zone, whatever the browser zone', () => {
    expect(toZonedInput('2026-03-01T06:00:00Z', 'Africa/Johannesburg')).toBe('2026-03-01T08:00');
    expect(fromZonedInput('2026-03-01T08:00', 'Africa/Johannesburg')).toBe('2026-03-01T06:00:00.000Z');
    expect(toZonedInput('2026-07-01T23:30:00Z', 'Europe/London')).toBe('2026-07-02T00:30');
    expect(fromZonedInput('2026-07-02T00:30', 'Europe/London')).toBe('2026-07-01T23:30:00.000Z');
    expect(fromZonedInput('2026-01-15T10:45', 'Asia/Kolkata')).toBe('2026-01-15T05:15:00.000Z');
  });

  it('round-trips across a DST change and refuses what is not a time', () => {
    for (const iso of ['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-10-25T02:30:00.000Z'])
      expect(fromZonedInput(toZonedInput(iso, 'Europe/London'), 'Europe/London')).toBe(iso);
    // 01:30 happens twice in London that night: the first one is meant.
    expect(fromZonedInput('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(fromZonedInput('', 'UTC')).toBe('');
    expect(fromZonedInput('2026-02-30T10:00', 'UTC')).toBe('');
    expect(fromZonedInput('2026-02-03T25:00', 'UTC')).toBe('');
  });
});
