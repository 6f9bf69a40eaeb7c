import { z } from 'zod';
import { daysBetween } from './calendar';
import { columnsOf } from './columns';
import { inCalendarRange, Month } from './safe-input';

/**
 * Wetstock reconciliation (`/QuickBalancing`): per tank and store-local day, and rolled up per
 * month with the variance rule. The arithmetic is pure and lives here so the server, the screen
 * and the tests share one definition.
 *
 * Which volumes: GROSS AMBIENT litres throughout. Pump meters measure dispensed litres at the
 * temperature of the fuel (they are not temperature-compensated), transfers and manual receipts
 * are captured the same way, so the gauge figure they are compared with must be the gross
 * (ambient) volume of the reading (`tank_readings.gross_litres`), not the 15 °C net volume.
 * Comparing ambient flows with 15 °C stock would turn every warm afternoon into a "variance".
 * Thermal expansion between reading times is part of the noise the 1 % allowance absorbs.
 *
 * Definitions (one tank, one store-local day [00:00, 24:00)):
 * - flows: receipts, dispensed (NET: a reversal is a dispense with negative litres, so it counts
 *   negative), transfers out and in, each summed over records timed inside the day;
 * - measured closing: the last reading of the day, where a reading taken exactly at 24:00 closes
 *   this day (readings in (00:00, 24:00]): the stock at midnight is this day's closing;
 * - opening: the previous day's measured closing; when that day has no reading, the book stock
 *   (sum of stock movements) at the day's start, and the row says so (`openingSource: 'book'`);
 * - book closing = opening + receipts − dispensed − transfers out + transfers in;
 * - variance = measured closing − book closing (negative = fuel missing);
 * - variance % = variance / dispensed × 100 (of the day's throughput; none when nothing was sold).
 */

/** 1 US gallon in litres (exact by definition: 231 in³). */
export const US_GALLON_LITRES = 3.785411784;
/**
 * The rule's fixed allowance: 130 US gal = 492.1035 L, kept as 492.1 L (rounded to 0.1 L, the
 * resolution of the figures on screen). Together: flagged when |cumulative variance| exceeds
 * 1 % of the month's throughput + 492.1 L.
 */
export const VARIANCE_FIXED_LITRES = 492.1;
export const VARIANCE_THROUGHPUT_SHARE = 0.01;

/** Every litre figure is rounded to 0.001 L, the scale volumes are stored with (numeric(12,3)). */
export const round3 = (v: number): number => Math.round(v * 1000) / 1000 + 0;
const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

/** The month's allowance for a throughput: 1 % of |throughput| + 492.1 L, rounded to 0.001 L. */
export function varianceThreshold(throughput: number): number {
  return round3(VARIANCE_THROUGHPUT_SHARE * Math.abs(throughput) + VARIANCE_FIXED_LITRES);
}

/** The flag rule: strictly above the allowance (a variance equal to it is not flagged). */
export function isOverThreshold(cumulativeVariance: number, throughput: number): boolean {
  return Math.abs(round3(cumulativeVariance)) > varianceThreshold(throughput);
}

/** variance / dispensed × 100, to 0.01 %; null when nothing (net) was dispensed. */
export function variancePercent(variance: number | null, dispensed: number): number | null {
  if (variance === null || dispensed <= 0) return null;
  return round2((variance / dispensed) * 100);
}

export interface DayFlows {
  receipts: number;
  dispensed: number;
  transfersOut: number;
  transfersIn: number;
}

/** What the database gives for one tank-day. */
export interface DayInput extends DayFlows {
  /** Store-local date, YYYY-MM-DD. */
  day: string;
  /** The previous day's measured closing, or null when that day has no reading. */
  openingReading: number | null;
  /** Book stock at the day's start: the fallback opening. */
  bookAtStart: number;
  /** The last reading of the day (gross litres), or null. */
  closingReading: number | null;
}

export type OpeningSource = 'reading' | 'book';

export interface DailyFigures extends DayFlows {
  day: string;
  opening: number;
  openingSource: OpeningSource;
  bookClosing: number;
  measuredClosing: number | null;
  variance: number | null;
  variancePct: number | null;
  /** Running sum of the variances from the first day shown (days without one add nothing). */
  cumulativeVariance: number;
}

/** One day's row from its inputs (the cumulative variance is filled by `reconcileDays`). */
export function reconcileDay(d: DayInput): Omit<DailyFigures, 'cumulativeVariance'> {
  const fromReading = d.openingReading !== null;
  const opening = round3(fromReading ? d.openingReading! : d.bookAtStart);
  const flows = {
    receipts: round3(d.receipts),
    dispensed: round3(d.dispensed),
    transfersOut: round3(d.transfersOut),
    transfersIn: round3(d.transfersIn),
  };
  const bookClosing = round3(opening + flows.receipts - flows.dispensed - flows.transfersOut + flows.transfersIn);
  const measuredClosing = d.closingReading === null ? null : round3(d.closingReading);
  const variance = measuredClosing === null ? null : round3(measuredClosing - bookClosing);
  return {
    day: d.day,
    opening,
    openingSource: fromReading ? 'reading' : 'book',
    ...flows,
    bookClosing,
    measuredClosing,
    variance,
    variancePct: variancePercent(variance, flows.dispensed),
  };
}

/** Consecutive days of one tank, in order, with the running variance. */
export function reconcileDays(days: readonly DayInput[]): DailyFigures[] {
  let cumulative = 0;
  return days.map((d) => {
    const row = reconcileDay(d);
    if (row.variance !== null) cumulative = round3(cumulative + row.variance);
    return { ...row, cumulativeVariance: cumulative };
  });
}

export interface PeriodFigures extends DayFlows {
  days: number;
  /** Days whose variance is unknown (no measured closing). */
  daysWithoutReading: number;
  /** Days whose opening had to come from the book. */
  daysOpenedFromBook: number;
  /** The first day's opening. */
  opening: number | null;
  openingSource: OpeningSource | null;
  /** Opening + receipts − dispensed − transfers out + transfers in over the period. */
  bookClosing: number | null;
  /** The last day's measured closing. */
  measuredClosing: number | null;
  /** Sum of the daily variances (equals measured − book closing when every day chains on a reading). */
  variance: number;
  variancePct: number | null;
  /** 1 % of the period's throughput (net dispensed) + 492.1 L. */
  threshold: number;
  flagged: boolean;
}

/** Sums of a run of days (a month, or any range) and the flag rule on its cumulative variance. */
export function summarise(days: readonly DailyFigures[]): PeriodFigures {
  const sum = (k: keyof DayFlows) => round3(days.reduce((a, d) => a + d[k], 0));
  const flows = {
    receipts: sum('receipts'),
    dispensed: sum('dispensed'),
    transfersOut: sum('transfersOut'),
    transfersIn: sum('transfersIn'),
  };
  const first = days[0];
  const last = days[days.length - 1];
  const variance = round3(days.reduce((a, d) => a + (d.variance ?? 0), 0));
  return {
    days: days.length,
    daysWithoutReading: days.filter((d) => d.variance === null).length,
    daysOpenedFromBook: days.filter((d) => d.openingSource === 'book').length,
    opening: first ? first.opening : null,
    openingSource: first ? first.openingSource : null,
    ...flows,
    bookClosing: first
      ? round3(first.opening + flows.receipts - flows.dispensed - flows.transfersOut + flows.transfersIn)
      : null,
    measuredClosing: last ? last.measuredClosing : null,
    variance,
    variancePct: variancePercent(days.some((d) => d.variance !== null) ? variance : null, flows.dispensed),
    threshold: varianceThreshold(flows.dispensed),
    flagged: isOverThreshold(variance, flows.dispensed),
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar helpers (store-local dates as YYYY-MM-DD strings; no time zone arithmetic needed).

// ---------------------------------------------------------------------------------------------
// API (`/api/v1/balancing/...`, rule quickReportViewers).

export const BALANCING_PATH = '/balancing';
/** Longest range of the daily view (one year and a day). */
export const MAX_DAILY_DAYS = 366;
/** Most records one drill-down answers; the answer says when there were more. */
export const MAX_DRILL_RECORDS = 1000;

const isoDate = (label: string) =>
  inCalendarRange(z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }), label);

const DailyQueryFields = z.object({
  tankId: z.uuid('tankId must be a tank id').optional(),
  storeId: z.uuid('storeId must be a store id').optional(),
  from: isoDate('From'),
  to: isoDate('To'),
});
const rangeCheck = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
  else if (daysBetween(q.from, q.to) >= MAX_DAILY_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_DAILY_DAYS} days` });
};
export const DailyQuery = DailyQueryFields.superRefine(rangeCheck);
export type DailyQuery = z.infer<typeof DailyQuery>;

export const MonthlyQuery = z.object({
  month: Month,
  storeId: z.uuid('storeId must be a store id').optional(),
});
export type MonthlyQuery = z.infer<typeof MonthlyQuery>;

/** The figure a drill-down explains. `readings` = the readings of the day and the opening one. */
export const RECORD_KINDS = ['receipts', 'dispensed', 'transfersOut', 'transfersIn', 'readings'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RecordsQuery = z.object({
  tankId: z.uuid('tankId must be a tank id'),
  day: isoDate('Day'),
  kind: z.enum(RECORD_KINDS, { error: `kind is one of ${RECORD_KINDS.join(', ')}` }),
});
export type RecordsQuery = z.infer<typeof RecordsQuery>;

const exportFormat = { format: z.enum(['csv', 'xlsx'], { error: 'format is csv or xlsx' }) };
export const DailyExportQuery = DailyQueryFields.extend(exportFormat).superRefine(rangeCheck);
export const MonthlyExportQuery = MonthlyQuery.extend(exportFormat);

export const TankInfo = z.object({
  tankId: z.uuid(),
  tankCode: z.string(),
  tankName: z.string(),
  storeId: z.uuid(),
  storeCode: z.string(),
  storeName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  timezone: z.string(),
});
export type TankInfo = z.infer<typeof TankInfo>;

const litresOut = z.number();
const flowsOut = { receipts: litresOut, dispensed: litresOut, transfersOut: litresOut, transfersIn: litresOut };

export const DailyRow = z.object({
  day: z.string(),
  opening: litresOut,
  openingSource: z.enum(['reading', 'book']),
  ...flowsOut,
  bookClosing: litresOut,
  measuredClosing: litresOut.nullable(),
  variance: litresOut.nullable(),
  variancePct: z.number().nullable(),
  cumulativeVariance: litresOut,
});
export type DailyRow = z.infer<typeof DailyRow>;

export const PeriodRow = z.object({
  days: z.number().int(),
  daysWithoutReading: z.number().int(),
  daysOpenedFromBook: z.number().int(),
  opening: litresOut.nullable(),
  openingSource: z.enum(['reading', 'book']).nullable(),
  ...flowsOut,
  bookClosing: litresOut.nullable(),
  measuredClosing: litresOut.nullable(),
  variance: litresOut,
  variancePct: z.number().nullable(),
  threshold: litresOut,
  flagged: z.boolean(),
});
export type PeriodRow = z.infer<typeof PeriodRow>;

export const DailyResponse = z.object({
  from: z.string(),
  to: z.string(),
  tanks: z.array(TankInfo.extend({ days: z.array(DailyRow), total: PeriodRow })),
});
export type DailyResponse = z.infer<typeof DailyResponse>;

export const MonthlyRow = TankInfo.extend(PeriodRow.shape).extend({
  /** The whole month has passed in the store's time zone (only then is the flag final). */
  complete: z.boolean(),
});
export type MonthlyRow = z.infer<typeof MonthlyRow>;

export const MonthlyResponse = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  rule: z.object({ throughputShare: z.number(), fixedLitres: z.number() }),
  rows: z.array(MonthlyRow),
});
export type MonthlyResponse = z.infer<typeof MonthlyResponse>;

export const BalancingRecord = z.object({
  id: z.string(),
  at: z.string(),
  /** Signed as the figure counts it: a reversal is negative in `dispensed`. */
  litres: z.number(),
  /** Equipment, supplier and note, other tank or bowser, reading source — what a person reads. */
  detail: z.string(),
  /** Readings only: which reading is the day's opening or closing figure. */
  role: z.enum(['opening', 'closing']).nullable(),
  reversalOf: z.string().nullable(),
});
export type BalancingRecord = z.infer<typeof BalancingRecord>;

export const RecordsResponse = z.object({
  tank: TankInfo,
  day: z.string(),
  kind: z.enum(RECORD_KINDS),
  /** The instants the day covers in the store's time zone. */
  start: z.string(),
  end: z.string(),
  items: z.array(BalancingRecord),
  total: z.number().int(),
  litres: z.number(),
  truncated: z.boolean(),
});
export type RecordsResponse = z.infer<typeof RecordsResponse>;

/**
 * Exception raised when a complete month of a tank breaks the rule (ADR 012): one unresolved per
 * tank, gathering the months (`exception-periods.ts`, ADR 075).
 */
export const VARIANCE_EXCEPTION = 'variance_over_threshold';
export const varianceDedupeKey = (tankId: string) => `${VARIANCE_EXCEPTION}:${tankId}`;

/** How a period's opening was found. */
export const OPENING_SOURCE_LABELS = { reading: 'Reading', book: 'Book stock' } as const;

/**
 * Columns of the month table and its export (ADR 023). The screen's "Tank" column shows the store
 * and tank codes with the store's name; the file writes Store and Tank as code + name columns.
 */
export const MONTHLY_COLUMNS = columnsOf<MonthlyRow>()([
  { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
  { key: 'tankCode', title: 'Tank', kind: 'code', name: 'tankName' },
  { key: 'productName', title: 'Product', kind: 'text' },
  { key: 'days', title: 'Days', kind: 'number', decimals: 0, hidden: true },
  { key: 'dispensed', title: 'Throughput (L)', kind: 'litres' },
  { key: 'receipts', title: 'Receipts (L)', kind: 'litres' },
  { key: 'transfersIn', title: 'Transfers in (L)', kind: 'litres', hidden: true },
  { key: 'transfersOut', title: 'Transfers out (L)', kind: 'litres', hidden: true },
  { key: 'opening', title: 'Opening (L)', kind: 'litres', hidden: true },
  { key: 'openingSource', title: 'Opening from', kind: 'enum', labels: OPENING_SOURCE_LABELS, hidden: true },
  { key: 'bookClosing', title: 'Book closing (L)', kind: 'litres', hidden: true },
  { key: 'measuredClosing', title: 'Measured closing (L)', kind: 'litres', hidden: true },
  { key: 'variance', title: 'Variance (L)', kind: 'litres' },
  { key: 'variancePct', title: 'Variance %', kind: 'percent', decimals: 2 },
  { key: 'threshold', title: 'Allowance (L)', kind: 'litres' },
  { key: 'flagged', title: 'Over allowance', kind: 'bool' },
  { key: 'complete', title: 'Month complete', kind: 'bool', hidden: true },
  { key: 'daysWithoutReading', title: 'Days without reading', kind: 'number', decimals: 0, hidden: true },
]);

/** A day of a tank as the daily export writes it (the tank's codes and names beside the day's figures). */
export type DailyExportRow = DailyRow & Pick<TankInfo, 'storeCode' | 'storeName' | 'tankCode' | 'tankName'>;
export const DAILY_COLUMNS = columnsOf<DailyExportRow>()([
  { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
  { key: 'tankCode', title: 'Tank', kind: 'code', name: 'tankName' },
  { key: 'day', title: 'Day', kind: 'date' },
  { key: 'opening', title: 'Opening', kind: 'litres' },
  { key: 'openingSource', title: 'Opening from', kind: 'enum', labels: OPENING_SOURCE_LABELS },
  { key: 'receipts', title: 'Receipts', kind: 'litres' },
  { key: 'dispensed', title: 'Dispensed', kind: 'litres' },
  { key: 'transfersOut', title: 'Transf. out', kind: 'litres' },
  { key: 'transfersIn', title: 'Transf. in', kind: 'litres' },
  { key: 'bookClosing', title: 'Book closing', kind: 'litres' },
  { key: 'measuredClosing', title: 'Measured', kind: 'litres' },
  { key: 'variance', title: 'Variance', kind: 'litres' },
  { key: 'variancePct', title: 'Var. %', kind: 'percent', decimals: 2 },
  { key: 'cumulativeVariance', title: 'Cumulative', kind: 'litres' },
]);
