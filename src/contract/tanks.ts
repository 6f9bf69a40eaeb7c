import { z } from 'zod';
import { calendarTime } from './safe-input';
import { STALE_READING_MS, WATER_ALARM_MM } from './gauges';

/**
 * Tank levels (`/TankLevels`, the wall board, the dashboard's fill bars) and a tank's reading
 * history. The server answers with the latest reading per tank; a tank that has never been read
 * shows its book stock (sum of its stock movements) marked `book`.
 */

export const TANK_LEVELS_PATH = '/tanks/levels';
export const tankReadingsPath = (tankId: string) => `/tanks/${tankId}/readings`;

/**
 * The alarm thresholds are the gauges' (the reading store raises the matching exceptions): a
 * reading older than STALE_READING_MS is stale, water above WATER_ALARM_MM is an alarm.
 */
export { STALE_READING_MS, WATER_ALARM_MM };

export const TANK_ALARMS = ['low', 'high', 'water', 'stale'] as const;
export type TankAlarm = (typeof TANK_ALARMS)[number];
export const ALARM_LABEL: Record<TankAlarm, string> = {
  low: 'Low level',
  high: 'Above safe fill',
  water: 'Water',
  stale: 'No recent reading',
};

export const LEVEL_SOURCES = ['gauge', 'dip', 'import', 'book'] as const;
export type LevelSource = (typeof LEVEL_SOURCES)[number];

export const TankLevel = z.object({
  tankId: z.uuid(),
  tankCode: z.string(),
  tankName: z.string(),
  storeId: z.uuid(),
  storeCode: z.string(),
  storeName: z.string(),
  productId: z.uuid(),
  productName: z.string(),
  capacity: z.number(),
  safeFill: z.number(),
  lowLevel: z.number(),
  /** Where the figures come from; `book` = no reading yet, the book stock is shown instead. */
  source: z.enum(LEVEL_SOURCES),
  /** ISO time of the reading; null for `book`. */
  readAt: z.string().nullable(),
  productHeightMm: z.number().nullable(),
  waterHeightMm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  grossLitres: z.number(),
  netLitres15: z.number().nullable(),
  /** Room left up to the safe fill (safe fill − gross, never below 0). */
  ullageLitres: z.number(),
  waterLitres: z.number().nullable(),
  /** Gross volume as a percentage of the capacity. */
  fillPct: z.number(),
  /** The book stock, for comparison with the measured volume; null when the tank has no movements. */
  bookLitres: z.number().nullable(),
  alarms: z.array(z.enum(TANK_ALARMS)),
});
export type TankLevel = z.infer<typeof TankLevel>;

export const TankLevelsQuery = z.object({
  storeId: z.uuid('Choose a store').optional(),
  productId: z.uuid('Choose a product').optional(),
});
export type TankLevelsQuery = z.infer<typeof TankLevelsQuery>;

export const TankLevelsResponse = z.object({
  generatedAt: z.string(),
  tanks: z.array(TankLevel),
});
export type TankLevelsResponse = z.infer<typeof TankLevelsResponse>;

export { READING_RANGE_LABEL, READING_RANGES, type ReadingRange } from './tank-ranges';

/** The longest range one request may ask for. */
export const MAX_READINGS_RANGE_MS = 400 * 24 * 3600_000;
/** A history is cut into at most about this many buckets (one point each). */
export const MAX_READING_POINTS = 400;

const isoTime = calendarTime('The time');

/** `from`/`to` default to the last 24 hours. */
export const TankReadingsQuery = z
  .object({ from: isoTime.optional(), to: isoTime.optional() })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '"to" must be after "from"' });
    else if (span > MAX_READINGS_RANGE_MS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'At most 400 days at a time' });
  });
export type TankReadingsQuery = z.infer<typeof TankReadingsQuery>;

/**
 * One point of the history: the last reading of its bucket (a real reading, with its time), and
 * the lowest and highest gross volume seen in the bucket. Without downsampling min = max = gross.
 */
export const ReadingPoint = z.object({
  at: z.string(),
  source: z.enum(['gauge', 'dip', 'import']),
  grossLitres: z.number(),
  netLitres15: z.number().nullable(),
  waterHeightMm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  minLitres: z.number(),
  maxLitres: z.number(),
  /** Readings behind the point. */
  count: z.number().int(),
});
export type ReadingPoint = z.infer<typeof ReadingPoint>;

export const TankReadingsResponse = z.object({
  tank: z.object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    storeCode: z.string(),
    productName: z.string(),
    capacity: z.number(),
    safeFill: z.number(),
    lowLevel: z.number(),
  }),
  from: z.string(),
  to: z.string(),
  /** Width of a bucket in seconds. */
  bucketSeconds: z.number().int(),
  /**
   * Two points further apart than this (or a range edge this far from its nearest point) have a
   * gap between them: no reading was taken there, and the chart does not join them (`gapMsFor`).
   */
  gapSeconds: z.number().int(),
  points: z.array(ReadingPoint),
});
export type TankReadingsResponse = z.infer<typeof TankReadingsResponse>;

/** Bucket widths a history is cut into: round numbers so the points line up with the clock. */
const NICE_BUCKETS_S = [60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** The smallest round bucket that keeps a range within MAX_READING_POINTS points. */
export function bucketSecondsFor(rangeMs: number): number {
  const want = Math.ceil(rangeMs / 1000 / MAX_READING_POINTS);
  return NICE_BUCKETS_S.find((b) => b >= want) ?? Math.ceil(want / 86400) * 86400;
}

/** A history whose points are this many buckets apart, or more, is missing readings in between. */
export const GAP_MIN_BUCKETS = 2;
/** A tank without a gauge is dipped by hand, about daily: a weekend without a dip is not a gap yet. */
export const MANUAL_READING_GAP_MS = 3 * 24 * 3600_000;

/**
 * How far apart two readings may be before the history says "no readings" between them: more
 * than GAP_MIN_BUCKETS buckets (below that, downsampling alone explains the distance) and more
 * than the tank's own rhythm allows. A gauged tank goes quiet when nothing came for
 * STALE_READING_MS (the "No recent reading" alarm) or two of its device's polls, whichever is
 * longer; a tank read by hand only (`pollIntervalS` null) after MANUAL_READING_GAP_MS.
 */
export function gapMsFor(bucketSeconds: number, pollIntervalS: number | null): number {
  const rhythm = pollIntervalS === null ? MANUAL_READING_GAP_MS : Math.max(STALE_READING_MS, 2 * pollIntervalS * 1000);
  return Math.max(GAP_MIN_BUCKETS * bucketSeconds * 1000, rhythm);
}

/** The figures the alarms are computed from (a level row, or what the wall board has). */
export interface AlarmInput {
  source: LevelSource;
  readAt: string | null;
  grossLitres: number;
  waterHeightMm: number | null;
  safeFill: number;
  lowLevel: number;
}

/**
 * Alarms of a tank at `now`, the same conditions as the reading store's exceptions: low (below
 * the low level), high (above the safe fill), water
 * (above WATER_ALARM_MM), stale (last reading older than STALE_READING_MS). A tank without any
 * reading (`book`) is not stale — it has no gauge to go quiet — but its figures are the books'.
 */
export function tankAlarms(t: AlarmInput, now: number): TankAlarm[] {
  const out: TankAlarm[] = [];
  if (t.grossLitres < t.lowLevel) out.push('low');
  if (t.grossLitres > t.safeFill) out.push('high');
  if (t.source !== 'book' && (t.waterHeightMm ?? 0) > WATER_ALARM_MM) out.push('water');
  if (t.source !== 'book' && t.readAt && now - Date.parse(t.readAt) > STALE_READING_MS) out.push('stale');
  return out;
}
