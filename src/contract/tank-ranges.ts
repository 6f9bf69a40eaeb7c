/**
 * The tank history's ranges: plain values without zod, so the /TankLevels route's search
 * validator does not bring the tanks contract's schemas into every page's first download
 * (ADR 017). tanks.ts re-exports them.
 */

/** The range picker of the history chart. */
export const READING_RANGES = { '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000, '30d': 30 * 24 * 3600_000 } as const;
export type ReadingRange = keyof typeof READING_RANGES;
export const READING_RANGE_LABEL: Record<ReadingRange, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days' };
