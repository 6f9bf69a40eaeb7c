import { describe, expect, it } from 'vitest';
import { mayShowCard } from './dashboard';
import {
  bucketSecondsFor,
  MAX_READING_POINTS,
  READING_RANGES,
  STALE_READING_MS,
  tankAlarms,
  TankReadingsQuery,
  WATER_ALARM_MM,
} from './tanks';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const tank = {
  safeFill: 9500,
  lowLevel: 1000,
  source: 'gauge' as const,
  readAt: new Date(NOW - 60_000).toISOString(),
  waterHeightMm: 0,
};

describe('tankAlarms', () => {
  it('low below the low level, high above the safe fill, nothing in between or at the limits', () => {
    expect(tankAlarms({ ...tank, grossLitres: 999.9 }, NOW)).toEqual(['low']);
    expect(tankAlarms({ ...tank, grossLitres: 1000 }, NOW)).toEqual([]);
    expect(tankAlarms({ ...tank, grossLitres: 9500 }, NOW)).toEqual([]);
    expect(tankAlarms({ ...tank, grossLitres: 9500.1 }, NOW)).toEqual(['high']);
  });

  it('water above the threshold, stale when the reading is older than the limit', () => {
    expect(tankAlarms({ ...tank, grossLitres: 5000, waterHeightMm: WATER_ALARM_MM }, NOW)).toEqual([]);
    expect(tankAlarms({ ...tank, grossLitres: 5000, waterHeightMm: WATER_ALARM_MM + 1 }, NOW)).toEqual(['water']);
    expect(
      tankAlarms({ ...tank, grossLitres: 5000, readAt: new Date(NOW - STALE_READING_MS).toISOString() }, NOW),
    ).toEqual([]);
    expect(
      tankAlarms({ ...tank, grossLitres: 5000, readAt: new Date(NOW - STALE_READING_MS - 1).toISOString() }, NOW),
    ).toEqual(['stale']);
  });

  it('book stock (no reading) is never stale or wet, but can be low', () => {
    expect(tankAlarms({ ...tank, source: 'book', readAt: null, waterHeightMm: null, grossLitres: 500 }, NOW)).toEqual([
      'low',
    ]);
  });
});

describe('bucketSecondsFor', () => {
  it('picks the smallest round bucket that keeps a range within the point limit', () => {
    expect(bucketSecondsFor(READING_RANGES['24h'])).toBe(300);
    expect(bucketSecondsFor(READING_RANGES['7d'])).toBe(1800);
    expect(bucketSecondsFor(READING_RANGES['30d'])).toBe(7200);
    expect(bucketSecondsFor(60_000)).toBe(60);
    for (const ms of [3_600_000, READING_RANGES['7d'], 365 * 86_400_000, 400 * 86_400_000]) {
      expect(ms / 1000 / bucketSecondsFor(ms)).toBeLessThanOrEqual(MAX_READING_POINTS);
    }
  });
});

describe('TankReadingsQuery', () => {
  it('takes an ISO range, refuses a reversed or longer than 400-day one', () => {
    expect(TankReadingsQuery.safeParse({}).success).toBe(true);
    expect(TankReadingsQuery.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }).success).toBe(
      true,
    );
    expect(
      TankReadingsQuery.safeParse({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }).error?.issues[0].path,
    ).toEqual(['to']);
    expect(
      TankReadingsQuery.safeParse({ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).error?.issues[0].path,
    ).toEqual(['from']);
    expect(TankReadingsQuery.safeParse({ from: 'yesterday' }).success).toBe(false);
  });
});

describe('dashboard cards', () => {
  it('each card needs the rule of its data: a driver gets totals and the device, an admin everything', () => {
    const cards = ['totals', 'breakdown', 'tanks', 'exceptions', 'device'] as const;
    const shown = (roles: string[]) => cards.filter((c) => mayShowCard(roles, c));
    expect(shown(['basic', 'FAMS'])).toEqual(['totals', 'device']);
    expect(shown(['TheBoss'])).toEqual(['totals', 'breakdown', 'device']);
    expect(shown(['manager', 'FAMS'])).toEqual(['totals', 'breakdown', 'tanks', 'device']);
    expect(shown(['ATG'])).toEqual(['tanks', 'device']);
    expect(shown(['admin'])).toEqual(['totals', 'breakdown', 'tanks', 'exceptions', 'device']);
    expect(shown(['ThebigBoss'])).toEqual([...cards]);
  });
});
