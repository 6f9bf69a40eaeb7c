import { z } from 'zod';

/** `/PBAnalytics`'s built-in board (ADR 041): its filters and its figures. */
export const ANALYTICS_MONTHS = [3, 6, 12, 24] as const;

export const AnalyticsQuery = z.strictObject({
  months: z.coerce
    .number({ error: 'Months must be a number' })
    .refine((m) => (ANALYTICS_MONTHS as readonly number[]).includes(m), 'Choose 3, 6, 12 or 24 months')
    .default(12),
  storeId: z.uuid('Not a store').optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const AnalyticsBoard = z.object({
  from: z.string(),
  to: z.string(),
  /** Litres per calendar month (store-local) and store. */
  litresByMonth: z.array(z.object({ month: z.string(), store: z.string(), litres: z.number() })),
  /** The ten pieces of equipment that drew the most, net of reversals. */
  topConsumers: z.array(
    z.object({ fleetNo: z.string(), description: z.string(), litres: z.number(), dispenses: z.number() }),
  ),
  /** Litres per 100 km of odometer equipment per month: fuel of each fill over the distance since the one before. */
  consumptionTrend: z.array(z.object({ month: z.string(), lPer100km: z.number().nullable(), litres: z.number() })),
  /**
   * Measured − book per month over the period's tanks: the change of the last reading of each month
   * less the book movements between those readings (negative: a loss).
   */
  varianceTrend: z.array(z.object({ month: z.string(), varianceLitres: z.number(), throughputLitres: z.number() })),
  /** Exceptions raised per ISO week (Monday) and severity. */
  exceptionsByWeek: z.array(z.object({ week: z.string(), severity: z.string(), count: z.number() })),
});
export type AnalyticsBoard = z.infer<typeof AnalyticsBoard>;
